import Foundation
import Testing
@testable import App
import PTV

// MARK: - DistanceWords

/// Distance rounding and wording.
struct DistanceWordsTests {
    @Test(arguments: [
        (0.0, "less than 20 metres"),
        (14.0, "less than 20 metres"),
        (14.99, "less than 20 metres"),
        (-3.0, "less than 20 metres"),
        (15.0, "20 metres"),
        (124.0, "120 metres"),
        (125.0, "130 metres"),
        (994.0, "990 metres"),
        (995.0, "1 kilometre"),
        (999.0, "1 kilometre"),
        (1000.0, "1 kilometre"),
        (1049.0, "1 kilometre"),
        (1050.0, "1100 metres"),
        (1250.0, "1300 metres"),
        (1949.0, "1900 metres"),
        (2000.0, "2 kilometres"),
        (9949.0, "9900 metres"),
        (9950.0, "10 kilometres"),
        (12_500.0, "13 kilometres"),
        (15_400.0, "15 kilometres"),
    ])
    func metresWording(metres: Double, expected: String) {
        #expect(DistanceWords.metres(metres) == expected)
    }

    @Test(arguments: [0.0, 1, 14, 15, 124, 999, 1000, 1001, 5000, 20_000])
    func neverSaysOneMetre(metres: Double) {
        #expect(!DistanceWords.metres(metres).hasPrefix("1 metre"))
    }

    @Test func nonFiniteIsUnknown() {
        #expect(DistanceWords.metres(.nan) == "unknown distance")
        #expect(DistanceWords.metres(.infinity) == "unknown distance")
        // Past the way round the Earth it is no distance, and past Int.max it once stopped the server.
        #expect(DistanceWords.metres(1e300) == "unknown distance")
        #expect(DistanceWords.metres(DistanceWords.farthest + 1) == "unknown distance")
        #expect(DistanceWords.metres(DistanceWords.farthest) == "40075 kilometres")
        // A stop PTV puts further away than that, with no position of its own, is left out of a nearby list.
        #expect(NearbyStop(Stop(stopId: 1, stopName: "Far", stopDistance: 1e300), latitude: -37.8, longitude: 144.9) == nil)
        #expect(NearbyStop(Stop(stopId: 1, stopName: "Near", stopDistance: 120), latitude: -37.8, longitude: 144.9)?.distance == "120 metres")
    }
}

// MARK: - Compass

/// Bearings, haversine distances and compass words.
struct CompassTests {
    @Test(arguments: [
        (0.0, "north"),
        (22.4, "north"),
        (22.6, "northeast"),
        (45.0, "northeast"),
        (67.4, "northeast"),
        (67.6, "east"),
        (112.4, "east"),
        (112.6, "southeast"),
        (157.4, "southeast"),
        (157.6, "south"),
        (202.4, "south"),
        (202.6, "southwest"),
        (247.4, "southwest"),
        (247.6, "west"),
        (292.4, "west"),
        (292.6, "northwest"),
        (337.4, "northwest"),
        (337.6, "north"),
        (359.0, "north"),
        (360.0, "north"),
        (405.0, "northeast"),
        (-10.0, "north"),
        (-45.0, "northwest"),
        (-720.0, "north"),
        (-1e-12, "north"),
    ])
    func wordSectors(bearing: Double, expected: String) {
        #expect(Compass.word(bearing) == expected)
    }

    @Test func nonFiniteBearingIsNorth() {
        #expect(Compass.word(.nan) == "north")
    }

    @Test(arguments: [
        // (from lat, from lon, to lat, to lon, expected bearing)
        (0.0, 0.0, 1.0, 0.0, 0.0),
        (0.0, 0.0, 0.0, 1.0, 90.0),
        (0.0, 0.0, -1.0, 0.0, 180.0),
        (0.0, 0.0, 0.0, -1.0, 270.0),
        (0.0, 179.5, 0.0, -179.5, 90.0),
    ])
    func bearingCardinals(fromLat: Double, fromLon: Double, toLat: Double, toLon: Double, expected: Double) {
        let b = Compass.bearing(fromLatitude: fromLat, fromLongitude: fromLon, toLatitude: toLat, toLongitude: toLon)
        #expect(abs(b - expected) < 1e-9)
        #expect(b >= 0 && b < 360)
    }

    @Test func bearingAndDistanceInMelbourne() {
        // Flinders Street Station to Melbourne Central: about 1 km, a little west of north.
        let fromLat = -37.8183, fromLon = 144.9671
        let toLat = -37.8102, toLon = 144.9628
        let d = Compass.distance(fromLatitude: fromLat, fromLongitude: fromLon, toLatitude: toLat, toLongitude: toLon)
        let b = Compass.bearing(fromLatitude: fromLat, fromLongitude: fromLon, toLatitude: toLat, toLongitude: toLon)
        #expect(abs(d - 980) < 15)
        #expect(b > 335 && b < 340)
        #expect(Compass.word(b) == "northwest")
        #expect(Compass.describe(distance: d, bearing: b) == "980 metres northwest")
    }

    @Test func samePointIsZero() {
        #expect(Compass.distance(fromLatitude: -37.8, fromLongitude: 145, toLatitude: -37.8, toLongitude: 145) == 0)
        #expect(Compass.bearing(fromLatitude: -37.8, fromLongitude: 145, toLatitude: -37.8, toLongitude: 145) == 0)
    }

    @Test func oneDegreeOfLatitude() {
        let d = Compass.distance(fromLatitude: 0, fromLongitude: 0, toLatitude: 1, toLongitude: 0)
        #expect(abs(d - 6_371_008.8 * .pi / 180) < 1e-6)
        let half = Compass.distance(fromLatitude: 0, fromLongitude: 0, toLatitude: 0, toLongitude: 180)
        #expect(abs(half - 6_371_008.8 * .pi) < 1e-3)
    }

    @Test(arguments: [
        (0.0, 90.0, "less than 20 metres away"),
        (14.0, 0.0, "less than 20 metres away"),
        (120.0, 45.0, "120 metres northeast"),
        (1250.0, 180.0, "1300 metres south"),
        (15_400.0, 270.0, "15 kilometres west"),
    ])
    func describeWording(distance: Double, bearing: Double, expected: String) {
        #expect(Compass.describe(distance: distance, bearing: bearing) == expected)
    }
}
