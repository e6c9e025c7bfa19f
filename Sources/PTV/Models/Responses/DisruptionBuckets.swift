import Foundation

/// The body of `/v3/disruptions` (and its by-route / by-stop forms): disruptions flattened out of PTV's mode buckets.
///
/// PTV sends `{"disruptions": {"general": [...], "metro_train": [...], ...}}`, where any bucket may be
/// null or missing. Decoding walks the buckets in ``bucketOrder`` (then any unknown bucket names in
/// alphabetical order), sets each disruption's `mode` to its bucket name, and keeps only the first
/// occurrence of each `disruptionId`. A plain list (or id-keyed map) in place of the buckets is accepted too.
public struct DisruptionBuckets: PTVBody {
    /// An answer carries `disruptions` (its buckets may each be null or missing).
    public static func isAnswer(_ fields: AnswerFields) -> Bool { fields.hasList("disruptions") }

    /// The disruptions, flattened and deduplicated by id.
    public var disruptions: [Disruption]

    /// PTV's bucket names, in the order PTV lists them.
    public static let bucketOrder: [String] = [
        "general", "metro_train", "metro_tram", "metro_bus", "regional_train", "regional_coach", "regional_bus",
        "school_bus", "telebus", "night_bus", "ferry", "interstate_train", "skybus", "taxi",
    ]

    /// Creates a body from an already-flattened list.
    public init(disruptions: [Disruption] = []) {
        self.disruptions = disruptions
    }

    private enum CodingKeys: String, CodingKey {
        case disruptions
    }

    /// Decodes the buckets, flattening and deduplicating them.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)

        var flattened: [Disruption] = []
        if let buckets = try? c.nestedContainer(keyedBy: LenientCodingKey.self, forKey: .disruptions) {
            let known = Set(Self.bucketOrder)
            let extra = buckets.allKeys.map(\.stringValue).filter { !known.contains($0) }
                .sorted(by: [Disruption].keyOrder)
            for name in Self.bucketOrder + extra {
                let key = LenientCodingKey(name)
                if let entry = try? buckets.nestedContainer(keyedBy: LenientCodingKey.self, forKey: key),
                   entry.contains(LenientCodingKey("disruption_id")),
                   let single = buckets.read(key, as: Disruption.self) {
                    // A disruption rather than a bucket list: this is an id-keyed map of disruptions.
                    flattened.append(single)
                    continue
                }
                for var item in buckets.read(key, as: [Disruption].self) ?? [] {
                    item.mode = name
                    flattened.append(item)
                }
            }
        } else {
            flattened = c.read(.disruptions) ?? []
        }

        var seen = Set<Int64>()
        disruptions = flattened.filter { seen.insert($0.disruptionId).inserted }
    }
}

extension PTVResponse where Body == DisruptionBuckets {
    /// PTV's bucket names, in the order PTV lists them.
    public static var bucketOrder: [String] { DisruptionBuckets.bucketOrder }
}
