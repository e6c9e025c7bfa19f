import Foundation
import PTV

/// The vehicle on a departure, in words, from PTV's `vehicle_descriptor` only: nothing is said where PTV gives none,
/// and a field PTV sends as null is "not known", never "no".
enum VehicleWords {
    /// What a departure says about its vehicle, once a row.
    struct Said: Sendable, Equatable {
        /// "low floor, air conditioned", "a 7-carriage High Capacity Metro Train"; nil when PTV gave nothing to say.
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
    static func said(_ descriptor: VehicleDescriptor?, type: RouteType, askedLowFloor: Bool = false) -> Said {
        var parts: [String] = []
        let lowFloor = descriptor?.lowFloor
        switch type {
        case .train, .vline:
            if let descriptor, let train = train(descriptor.description) { parts.append(train) }
        default:
            if descriptor != nil || (askedLowFloor && type == .tram) {
                parts.append(lowFloor.map { $0 ? "low floor" : "not low floor" } ?? "low floor not known")
            }
        }
        // Air conditioning is said when PTV knows it; its null says nothing rather than cost every row a second.
        if let cooled = descriptor?.airConditioned { parts.append(cooled ? "air conditioned" : "not air conditioned") }
        return Said(words: parts.isEmpty ? nil : parts.joined(separator: ", "), lowFloor: lowFloor)
    }

    /// "a 6-carriage X'Trapolis", "a 7-carriage High Capacity Metro Train", "a 3-carriage train" from PTV's
    /// description ("6 Car Xtrapolis", "7-car HCMT", "3 Car Any Type"); nil when it names no carriage count.
    static func train(_ description: String) -> String? {
        let words = description.replacingOccurrences(of: "-", with: " ").split(separator: " ").map(String.init)
        guard let count = words.first.flatMap({ Int($0) }), count > 0, count < 20, words.count >= 2,
              words[1].lowercased().hasPrefix("car") else { return nil }
        let kind = words.dropFirst(2).joined(separator: " ").lowercased().replacingOccurrences(of: "'", with: "")
        let name = trainNames.first { kind.contains($0.key) }?.value ?? "train"
        return "a \(count)-carriage \(name)"
    }

    /// Train types as riders know them, by a word of PTV's description.
    static let trainNames: [String: String] = [
        "xtrapolis": "X'Trapolis", "hcmt": "High Capacity Metro Train", "siemens": "Siemens train",
        "comeng": "Comeng train", "hitachi": "Hitachi train", "vlocity": "VLocity",
    ]
}
