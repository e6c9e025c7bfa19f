/// What the instances of a fleet share while they run, kept in Redis (`--shared-cache redis://…`).
public enum SharedCache {}
