@testable import App
import PTV
import Testing

/// Route names as PTV's bus data really has them, through the pronunciation layer.
struct RouteNameTests {
    @Test(arguments: [
        ("Monash University - Croydon via Glen Waverley (Route 737", "Monash University to Croydon via Glen Waverley"),
        ("Box Hill - Doncaster (", "Box Hill to Doncaster"),
        ("Box Hill - (Route 903", "Box Hill"),
        // A closed bracket is a pause, not "left paren" (the demo's SmartBus, as PTV names them).
        ("D15-Dromana Sec Col - Rosebud (Ret)", "D15, Dromana Secondary College to Rosebud, return"),
        ("Caulfield - Rowville via Chadstone, Oakleigh, Monash University (SMARTBUS Service)",
         "Caulfield to Rowville via Chadstone, Oakleigh, Monash University, SMARTBUS Service"),
        ("Frankston - Flinders Street)", "Frankston to Flinders Street"),
        ("Route 96  Brunswick East-St Kilda", "Route 96 Brunswick East St Kilda"),
        ("802-804-862 combined", "802-804-862 combined"),
    ])
    func routeNamesNeverReadADanglingBracket(official: String, spoken: String) {
        #expect(SpokenName.route(official) == spoken)
    }

    @Test(arguments: [
        ("", "Monash University - Croydon via Glen Waverley (Route 737", "737"),
        (" 86 ", "Bundoora RMIT - Waterfront City Docklands", "86"),
        ("", "D15-Dromana Sec Col - Rosebud (Ret)", "D15"),
        ("", "Frankston", nil),
        ("", "Route 96 Brunswick East", "96"),
    ] as [(String, String, String?)])
    func theNumberRidersKnow(number: String, name: String, expected: String?) {
        #expect(SpokenName.routeNumber(number, name: name) == expected)
    }

    @Test func serviceNamesUseTheNumberFromTheName() {
        let cut = Route(routeType: .bus, routeId: 13025, routeName: "Monash University - Croydon via Glen Waverley (Route 737", routeNumber: "")
        #expect(ModeWords.service(cut, type: .bus) == "Route 737 bus")
        let unnamed = Route(routeType: .bus, routeId: 1, routeName: "", routeNumber: "")
        #expect(ModeWords.service(unnamed, type: .bus) == "A bus service")
    }

    @Test func routesSayTheirModeOnce() {
        let trams = ["1", "16", "5"].map { Route(routeType: .tram, routeId: Int($0)!, routeName: "x", routeNumber: $0) }
        #expect(ModeWords.routes(trams) == "routes 1, 5 and 16 trams")
        let lines = [Route(routeType: .train, routeName: "Frankston"), Route(routeType: .train, routeName: "Sandringham")]
        #expect(ModeWords.routes(lines + [trams[0]]) == "the Frankston and Sandringham lines and route 1 trams")
        #expect(ModeWords.servedBy(lines + lines.map { Route(routeType: .train, routeName: $0.routeName + " East") }, limit: 2)
            == "4 train lines")
        #expect(ModeWords.servedBy(lines, limit: 2) == "Frankston and Sandringham lines")
    }

    /// V/Line's lines are said as V/Line names them, without the slash Orca says and without "line line".
    @Test func vLineLinesAreTheVLineGeelongLine() {
        let geelong = Route(routeType: .vline, routeName: "Geelong"), ballarat = Route(routeType: .vline, routeName: "Ballarat")
        #expect(ModeWords.service(geelong, type: .vline) == "V Line Geelong line")
        #expect(ModeWords.routes([geelong]) == "the V Line Geelong line")
        #expect(ModeWords.routes([geelong, ballarat]) == "the V Line Geelong and Ballarat lines")
        #expect(ModeWords.servedBy([geelong], limit: 2) == "V Line Geelong line")
        #expect(JustLeft.vehicle(geelong, type: .vline) == "V Line Geelong line train")
    }

    @Test func stopNumberCanBeLeftToTheStopsPage() {
        #expect(SpokenName.stop("Federation Square/Swanston St #13", withStopNumber: false) == "Federation Square at Swanston Street")
        #expect(SpokenName.stop("Federation Square/Swanston St #13") == "Federation Square at Swanston Street, stop 13")
    }
}
