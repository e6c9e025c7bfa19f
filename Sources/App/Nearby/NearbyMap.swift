import Foundation
import PTV

/// The stops around a point as a picture, north up, with rings at 250, 500 and 1000 metres and the list's numbers
/// beside the nearest stops. Drawn by the server as SVG numbers; hidden from screen readers, as the list says all.
struct NearbyMap: Sendable {
    /// A stop's dot, with its place in the list for the nearest few.
    struct Dot: Sendable {
        let x, y: String
        /// "1" … "9" beside the dot, or nil.
        let number: String?
        /// Where the number goes.
        let labelX, labelY: String
    }

    /// A ring and its label.
    struct Ring: Sendable {
        let r: String
        /// "250 m".
        let label: String
        /// Where its label goes (above the ring).
        let labelY: String
    }

    /// The view box's size (square) and centre, in user units.
    static let size = 440.0
    static let centre = size / 2
    /// The drawing's radius in user units for the map's extent.
    static let reach = 200.0
    /// Stops numbered on the map.
    static let numbered = 9

    /// The view box's size and centre, for the template.
    let size = String(Int(NearbyMap.size)), centre = String(Int(NearbyMap.centre))
    let dots: [Dot]
    let rings: [Ring]

    /// Draws the listed stops around a point.
    /// - Parameters:
    ///   - stops: The stops in list order.
    ///   - radius: The list's radius in metres (the map reaches at least 1 kilometre).
    init(stops: [NearbyStop], latitude: Double, longitude: Double, radius: Int) {
        let extent = Double(max(radius, 1000))
        let scale = Self.reach / extent
        func text(_ value: Double) -> String { String(format: "%.1f", value) }
        var labels: [LabelBox] = []
        dots = stops.enumerated().compactMap { index, stop in
            guard let lat = stop.stop.stopLatitude, let lon = stop.stop.stopLongitude else { return nil }
            let metres = Compass.distance(fromLatitude: latitude, fromLongitude: longitude, toLatitude: lat, toLongitude: lon)
            let bearing = Compass.bearing(fromLatitude: latitude, fromLongitude: longitude, toLatitude: lat, toLongitude: lon) * .pi / 180
            let x = Self.centre + metres * sin(bearing) * scale, y = Self.centre - metres * cos(bearing) * scale
            let number = index < Self.numbered ? String(index + 1) : nil
            let label = number.map { Self.place($0, besideX: x, y: y, clearOf: &labels) } ?? (x: x + 7, y: y - 7)
            return Dot(x: text(x), y: text(y), number: number, labelX: text(label.x), labelY: text(label.y))
        }
        rings = [(250, "250 m"), (500, "500 m"), (1000, "1 km")].map { metres, label in
            let r = Double(metres) * scale
            return Ring(r: text(r), label: label, labelY: text(Self.centre - r - 5))
        }
    }

    /// Where a number's text goes (its start and baseline), in the map's user units.
    private struct LabelBox {
        let left, top, right, bottom: Double

        /// The box of `characters` digits written from `x` on baseline `y` at the map's 20-unit text size.
        init(x: Double, y: Double, characters: Int) {
            (left, top, right, bottom) = (x, y - 15, x + 13 * Double(characters), y + 2)
        }

        /// Whether the two boxes share any point.
        func overlaps(_ other: LabelBox) -> Bool {
            left < other.right && other.left < right && top < other.bottom && other.top < bottom
        }
    }

    /// Places a dot's number beside it: above and to the right, as a reader looks first, unless a number already placed
    /// is there (two stops on one corner, whose dots touch on the map); then below to the right, to the left, above,
    /// or below. A number that fits nowhere clear goes above and to the right.
    private static func place(_ number: String, besideX x: Double, y: Double, clearOf placed: inout [LabelBox])
        -> (x: Double, y: Double) {
        let width = 13 * Double(number.count)
        let spots = [(x + 7, y - 7), (x + 7, y + 21), (x - 7 - width, y - 7), (x - 7 - width, y + 21),
                     (x - width / 2, y - 10), (x - width / 2, y + 25)]
        for spot in spots {
            let box = LabelBox(x: spot.0, y: spot.1, characters: number.count)
            if box.left >= 0, box.top >= 0, box.right <= size, box.bottom <= size, !placed.contains(where: { $0.overlaps(box) }) {
                placed.append(box)
                return spot
            }
        }
        placed.append(LabelBox(x: spots[0].0, y: spots[0].1, characters: number.count))
        return spots[0]
    }
}
