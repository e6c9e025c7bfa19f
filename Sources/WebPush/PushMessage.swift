/// One push as RFC 8030 sends it: the payload (Trakx's JSON, encrypted before sending), how long the push service
/// may keep it for a phone that is offline, and how urgent it is.
public struct PushMessage: Sendable {
    /// RFC 8030 §5.3 urgency: the push service may hold back low urgency to spare a battery.
    public enum Urgency: String, Sendable {
        case veryLow = "very-low", low, normal, high
    }

    /// The plaintext payload.
    public let payload: [UInt8]
    /// Seconds the push service may keep the message (`TTL`); 0 means deliver now or never.
    public let ttl: Int
    /// `Urgency`.
    public let urgency: Urgency
    /// `Topic`: a newer message with the same topic replaces one not yet delivered (at most 32 base64url characters).
    public let topic: String?

    /// A message.
    /// - Parameters:
    ///   - payload: The plaintext.
    ///   - ttl: Seconds the push service may keep it.
    ///   - urgency: How urgent it is.
    ///   - topic: Replaces an undelivered message with the same topic.
    public init(payload: [UInt8], ttl: Int, urgency: Urgency, topic: String? = nil) {
        self.payload = payload
        self.ttl = ttl
        self.urgency = urgency
        self.topic = topic
    }
}
