@testable import App
import Testing

/// Which way services leave a stop, in words.
struct WayWordsTests {
    typealias Way = StopWays.Way

    @Test func waysLeavingTogetherAreSaidTogether() {
        let ways = [Way(towards: "Clifton Hill", bearing: 268), Way(towards: "Elwood", bearing: 275)]
        #expect(WayWords.phrase(ways) == "towards Clifton Hill and Elwood, heading west")
        #expect(WayWords.sentence("buses", ways) == "Buses from here go towards Clifton Hill and Elwood, heading west.")
        #expect(WayWords.side(ways) == "on the south side of the road")
    }

    @Test func differentHeadingsAreSaidEachAndAStopWithoutOneSideHasNoSide() {
        let ways = [Way(towards: "Frankston", bearing: 135), Way(towards: "City (Flinders St)", bearing: 315)]
        #expect(WayWords.phrase(ways) == "towards Frankston, heading southeast, and towards City, Flinders Street, heading northwest")
        #expect(WayWords.side(ways) == nil)
    }

    @Test func unknownHeadingsSayOnlyTheDirectionAndLongListsAreCut() {
        #expect(WayWords.phrase([Way(towards: "Elwood", bearing: nil)]) == "towards Elwood")
        #expect(WayWords.side([Way(towards: "Elwood", bearing: nil)]) == nil)
        let many = ["A", "B", "C", "D", "E"].map { Way(towards: $0, bearing: 90) }
        #expect(WayWords.phrase(many) == "towards A, B and C, heading east, and 2 more")
        #expect(WayWords.phrase([]) == nil)
        #expect(WayWords.sentence("trams", []) == nil)
    }

    @Test func streetAndCrossStreetComeFromTheName() {
        #expect(StreetWords.parts("Hotham St/Glen Huntly Rd")! == ("Glen Huntly Road", "Hotham Street"))
        #expect(StreetWords.place("Collins St/Elizabeth St #2") == "on Elizabeth Street at Collins Street")
        #expect(StreetWords.parts("Flinders Street Station") == nil)
        #expect(StreetWords.isStreet("Hotham Street") && !StreetWords.isStreet("Elsternwick Station"))
        #expect(StreetWords.distance(10, bearing: 0, from: "the point you gave") == "The stop is within 15 metres of the point you gave.")
    }
}
