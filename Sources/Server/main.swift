import ArgumentParser

// Only starts things: the commands live in Commands.swift.
Trakx.main()
