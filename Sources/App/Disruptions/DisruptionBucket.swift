import PTV

/// PTV's disruption buckets (`metro_train`, `metro_tram`, …) in the order pages list them, with their words
/// and the mode a rider filters by (the same words as `/stops/{mode}`).
struct DisruptionBucket: Sendable, Equatable {
    /// PTV's bucket name, also the section's id.
    let id: String
    /// "Metro trains".
    let label: String
    /// The mode whose filter includes this bucket; nil for buckets no mode filter covers (general, ferries).
    let mode: RouteType?

    /// Every bucket PTV documents, in display order.
    static let all: [DisruptionBucket] = [
        .init(id: "metro_train", label: "Metro trains", mode: .train),
        .init(id: "metro_tram", label: "Trams", mode: .tram),
        .init(id: "metro_bus", label: "Buses", mode: .bus),
        .init(id: "regional_train", label: ModeWords.plural(.vline), mode: .vline),
        .init(id: "regional_coach", label: ModeWords.vLine + " coaches", mode: .vline),
        .init(id: "regional_bus", label: "Regional buses", mode: .bus),
        .init(id: "night_bus", label: "Night buses", mode: .nightBus),
        .init(id: "school_bus", label: "School buses", mode: .bus),
        .init(id: "skybus", label: "SkyBus", mode: .bus),
        .init(id: "ferry", label: "Ferries", mode: nil),
        .init(id: "interstate_train", label: "Interstate trains", mode: nil),
        .init(id: "telebus", label: "Telebus", mode: .bus),
        .init(id: "taxi", label: "Taxis", mode: nil),
        .init(id: "general", label: "General", mode: nil),
    ]

    /// The bucket a disruption was listed under; unknown or missing buckets count as general.
    static func of(_ disruption: Disruption) -> DisruptionBucket {
        all.first { $0.id == disruption.mode } ?? all[all.count - 1]
    }
}
