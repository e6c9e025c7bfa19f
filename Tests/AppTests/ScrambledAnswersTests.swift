@testable import App
import Foundation
import PTVSimulator
import Testing
import TestSupport

/// PTV's answers spoilt as a careless upstream might spoil them (`FaultInjector.Fault.scrambled`: fields dropped or
/// null, lists emptied or doubled, values of another type, a number past `Int.max`, a placeholder date, a control
/// character), every answer of every question, on a real server: each page type, and every page its links lead to,
/// is answered as a whole page in the site's layout with a status that says what happened (never a 500), and the
/// server is still there at the end. A value Trakx could not count once stopped the whole server (a nearby stop's
/// distance of 1e300; seed 11 finds it).
struct ScrambledAnswersTests {
    /// Where each walk starts: every page type (RUN and STOP as in `PageFaultWalkTests`).
    static let starts = ["/", "/favourites", "/stops/train/1071", "/stops/tram/2019", "/stops/bus/10639",
                         "/nearby?lat=-37.8183&lon=144.9671", "/nearby?lat=-37.8183&lon=144.9671&mode=tram",
                         "/nearby?place=Elsternwick", "/search?q=flinders", "/search?q=86", "/lines/train/6",
                         "/disruptions", "/walk/bus/10639", "/arrived/bus/10639",
                         "/runs/train/RUN?stop=STOP", "/ride/train/RUN?from=STOP"]

    /// Statuses that say what happened: the page, a bad address or form, no such thing, PTV failing or away.
    static let said: Set<Int> = [200, 400, 404, 502, 503, 504]

    @Test(.timeLimit(.minutes(3)), arguments: [1, 2, 3, 11] as [UInt64])
    func everyPageUnderSpoiltAnswersIsAWholePageWithAStatusThatSaysWhatHappened(seed: UInt64) async throws {
        try await TestApp.with { app in
            let simulator = try #require(app.simulator)
            let train = try #require(simulator.showcase(at: fixedNow).trainAtPlatform)
            simulator.faults.set(.scrambled(seed: seed, share: 0.15))
            let added = try await app.post("/favourites", form: [("mode", "train"), ("stop_id", "1071")])
            #expect(added.status == 303, "adding a favourite: \(added.status)")
            var queue = Self.starts.map {
                $0.replacingOccurrences(of: "RUN", with: train.runRef).replacingOccurrences(of: "STOP", with: String(train.stopID))
            }
            var seen: Set<String> = []
            while let path = queue.first, seen.count < 70 {
                queue.removeFirst()
                guard seen.insert(path).inserted else { continue }
                let response = try await app.get(path)
                #expect(Self.said.contains(response.status), "seed \(seed) \(path): \(response.status)")
                // Every page is HTML in the layout (the favourites export, a file to keep, is the one link that is not).
                let isPage = response.header("Content-Type")?.hasPrefix("text/html") == true
                #expect(isPage || path == "/favourites/export", "seed \(seed) \(path)")
                #expect(!isPage || pageProblems(response.text) == [], "seed \(seed) \(path)")
                #expect(!response.body.contains(0), "seed \(seed) \(path): a NUL in the page")
                queue += Self.links(in: response.text).filter { !seen.contains($0) }
            }
            let health = try await app.get("/healthz")
            #expect(health.status == 200 || health.status == 503, "seed \(seed): /healthz \(health.status)")
        }
    }

    /// The site's own page links in `html` (not static files, forms or refresh links).
    static func links(in html: String) -> [String] {
        html.split(separator: "href=\"").dropFirst().compactMap { rest -> String? in
            guard let end = rest.firstIndex(of: "\"") else { return nil }
            let href = String(rest[..<end]).replacingOccurrences(of: "&amp;", with: "&")
            guard href.hasPrefix("/"), !href.hasPrefix("//"), !href.hasPrefix("/static"), !href.contains("seen=") else { return nil }
            return String(href.prefix { $0 != "#" })
        }
    }
}
