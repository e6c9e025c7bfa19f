// Only starts things: the commands live in Commands.swift.
await Trakx.start()
