import Foundation
import PTV

/// The vehicle on a departure, in words, from PTV's `vehicle_descriptor` only: nothing is said where PTV gives none,
/// and a field PTV sends as null is "not known", never "no".
enum VehicleWords {
    /// What a departure says about its vehicle, once a row.
    struct Said: Sendable, Equatable {
        /// "low floor, air conditioned", "3 carriages"; nil when PTV gave nothing to say.
        let words: String?
        /// Whether the vehicle is low floor: true or false as PTV says, nil when PTV does not know or gave no vehicle.
        let lowFloor: Bool?
    }

    /// The words for the vehicle running a service of `type`.
    /// - Parameters:
    ///   - descriptor: PTV's vehicle descriptor, when it sent one.
    ///   - type: The service's mode: trains say their type and length, trams and buses low floor.
    ///   - askedLowFloor: Whether the rider asked about low floor trams, so a tram without a descriptor says "low
    ///     floor not known" rather than nothing.
    ///   - busFloors: What the bus board says once of its buses' floors, so that a row marks only the others.
    static func said(_ descriptor: VehicleDescriptor?, type: RouteType, askedLowFloor: Bool = false,
                     busFloors: BusFloors = .eachRow) -> Said {
        var parts: [String] = []
        let lowFloor = descriptor?.lowFloor
        switch type {
        case .train, .vline:
            if let descriptor, let train = train(descriptor.description) { parts.append(train) }
        case .bus, .nightBus:
            // A bus board says its buses' floors once (`BusFloors`), so a row marks only the bus that is not low
            // floor, or not known to be where the board calls the rest low floor: every row costs a listener its words.
            if lowFloor == false {
                parts.append("not low floor")
            } else if lowFloor == nil, busFloors == .lowUnlessMarked || (busFloors == .eachRow && descriptor != nil) {
                parts.append("low floor not known")
            }
        default:
            if descriptor != nil || (askedLowFloor && type == .tram) {
                parts.append(lowFloor.map { $0 ? "low floor" : "not low floor" } ?? "low floor not known")
            }
        }
        // Air conditioning is said when PTV knows it; its null says nothing rather than cost every row a second.
        if let cooled = descriptor?.airConditioned { parts.append(cooled ? "air conditioned" : "not air conditioned") }
        return Said(words: parts.isEmpty ? nil : parts.joined(separator: ", "), lowFloor: lowFloor)
    }

    /// "3 carriages", "7 carriages" from PTV's description ("3 Car Any Type", "7-car HCMT"): where to stand on the
    /// platform. A train of the usual six carriages says nothing (said on every row it cost a listener more than a
    /// second, over the board's budget), nor does one whose description names no carriage count.
    static func train(_ description: String) -> String? {
        guard let (count, _) = carriagesAndKind(description) else { return nil }
        return count == usualCarriages ? nil : "\(count) carriages"
    }

    /// PTV's description read as its carriage count and the rest ("7-car HCMT": 7, "HCMT"); nil when it names no count.
    private static func carriagesAndKind(_ description: String) -> (count: Int, kind: String)? {
        let words = description.replacingOccurrences(of: "-", with: " ").split(whereSeparator: \.isWhitespace).map(String.init)
        guard let count = words.first.flatMap({ Int($0) }), count > 0, count < 20, words.count >= 2,
              words[1].lowercased().hasPrefix("car") else { return nil }
        return (count, words.dropFirst(2).joined(separator: " "))
    }

    /// A train's vehicle as a run page says it once: "A Siemens train, 6 carriages", "A High Capacity Metro Train, 7
    /// carriages", "3 carriages" (PTV's "3 Car Any Type"); a description without a carriage count is said as PTV wrote
    /// it, its abbreviations in full, after "Vehicle". No hyphen: "7-carriage" is heard as "7 dash carriage".
    static func described(_ description: String) -> String {
        guard let (count, rest) = carriagesAndKind(description) else { return "Vehicle, \(SpokenName.vehicle(description))" }
        let carriages = Plural.count(count, "carriage")
        let kind = SpokenName.vehicle(rest)
        guard !kind.isEmpty, kind.lowercased() != "any type" else { return carriages }
        let named = kind.lowercased().hasSuffix("train") ? kind : kind + " train"
        // "An Xtrapolis", "A Siemens": the article goes by the name's first sound.
        let article = "AEIOUX".contains(named.prefix(1).uppercased()) ? "An" : "A"
        return "\(article) \(named), \(carriages)"
    }

    /// A Melbourne metro train's usual length, which a row leaves unsaid.
    static let usualCarriages = 6

    /// Said once on a bus board where PTV gave a low floor bus.
    static let lowFloorLegend = "Buses are low floor unless marked."
    /// Said once on a bus board whose buses PTV describes but calls none low floor.
    static let unknownLegend = "Whether a bus is low floor is not known unless marked."

    /// What a bus board says once of its buses' floors, and so what its rows leave unsaid.
    enum BusFloors: Sendable, Equatable {
        /// Nothing said once (a sentence on its own: a favourite's card, a reminder): each row says what PTV sends.
        case eachRow
        /// "Buses are low floor unless marked." (PTV gave a low floor bus among the board's): rows mark a bus that
        /// is not, or that PTV gave no floor for.
        case lowUnlessMarked
        /// "Whether a bus is low floor is not known unless marked." (PTV describes the board's buses but calls none
        /// low floor, as Smartrak's real descriptors send every field null: "low floor not known" on each of 20 rows
        /// told a listener nothing 20 times): rows mark a bus that is not low floor.
        case unknownUnlessMarked

        /// What the board of `response` says, for a stop of `type`.
        init(_ response: DeparturesResponse, type: RouteType) {
            let runs = response.runs.values
            if type != .bus && type != .nightBus || !runs.contains(where: { $0.vehicleDescriptor != nil }) {
                self = .eachRow
            } else {
                self = runs.contains { $0.vehicleDescriptor?.lowFloor == true } ? .lowUnlessMarked : .unknownUnlessMarked
            }
        }

        /// The board's sentence, given its rows' floors; nil when it has none to say.
        func legend(_ floors: [Bool?]) -> String? {
            switch self {
            case .eachRow: nil
            case .lowUnlessMarked: floors.contains(true) ? VehicleWords.lowFloorLegend : nil
            case .unknownUnlessMarked: floors.contains(nil) ? VehicleWords.unknownLegend : nil
            }
        }
    }
}
