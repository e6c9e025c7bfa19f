@testable import App
import Foundation
import HTTPServer
import PTV
import Testing

/// The recorded walk under every fault kind: every page that can show each recording (stop boards for departures,
/// run and ride pages for patterns), with its defining question failing each way PTV fails (404, 500, hang,
/// truncated, a 4-minute-old saved copy), checked for issue 22's classes: failure is not absence, a failure is
/// named truly, a saved copy is never more than it knew, disruptions are said where the rider meets them.
struct RecordedFaultWalkTests {
    /// What a page must say when its main question failed this way.
    static func words(_ fault: RecordedSource.Fault, _ question: Question) -> String? {
        switch fault {
        case .status500: EvidenceWords.couldNotLoad(question, .badStatus)
        case .hang: EvidenceWords.couldNotLoad(question, .timedOut)
        case .truncated: EvidenceWords.couldNotLoad(question, .truncated)
        case .notFound, .stale: nil
        }
    }

    /// Claims a saved copy may never make (a run page may still say "departed" of stops left before the copy was
    /// fetched: the evidence said so then).
    static let staleClaims = [", live", "at the platform now", "is heading", "Live, PTV reports", "Live times", "Live position"]

    @Test func everyRecordedBoardUnderEveryFaultReadsTruthfully() async throws {
        var boards = 0, busBoards = 0
        for (name, type) in Recorded.all {
            await Task.yield()  // a recording at a time: the walk holds no cooperative thread for all of its CPU
            guard let response = try? Recorded.load(name, as: DeparturesResponse.self), !response.departures.isEmpty,
                  name.contains("departures") || name.contains("parliament") else { continue }
            let first = try #require(response.departures.compactMap(\.bestTime).min())
            for stopID in Set(response.departures.map(\.stopId)).sorted() {
                let stopName = response.stops[String(stopID)]?.stopName ?? "Stop \(stopID)"
                var source = RecordedSource(now: first.addingTimeInterval(150))
                source.departures[stopID] = response
                source.stops[stopID] = StopDetailsResponse(StopDetailsBody(stop: StopDetails(stopId: stopID, stopName: stopName)))
                let named = response.departures.contains { $0.stopId == stopID && !$0.disruptionIds.isEmpty }
                for fault in [nil] + RecordedSource.Fault.all {
                    source.faults = fault.map { [.departures: $0] } ?? [:]
                    let label = "\(name) stop \(stopID) \(fault.map(String.init(describing:)) ?? "fresh")"
                    let text = try await RecordedPages.stop(source, type: type, stopID: stopID).get()
                    boards += 1
                    if type == .bus { busBoards += 1 }
                    // Real answers' names are PTV's; what Trakx adds, in any failure, says no punctuation.
                    #expect(OwnWordsHeardTests.problems(text) == [], "\(label)")
                    // Failure is not absence: the stop is there, and what failed is said in its one wording.
                    #expect(text.contains(SpokenName.stop(stopName).components(separatedBy: ",")[0]), "\(label)")
                    #expect(!text.contains("There is no"), "\(label)")
                    if let fault, let words = Self.words(fault, .departures) { #expect(text.contains(words), "\(label)") }
                    if fault == .notFound { #expect(text.contains(EvidenceWords.departuresNotFound), "\(label)") }
                    if fault != nil && fault != .stale(age: 240) { #expect(!text.contains("PTV lists no"), "\(label)") }
                    // A saved copy: dated, its times "was due", never "departed" or "live".
                    if case .stale = fault {
                        #expect(!text.contains("departed"), "\(label)")
                        for claim in Self.staleClaims { #expect(!text.contains(claim), "\(label): \(claim)") }
                        #expect(text.contains("so this page shows information from"), "\(label)")
                    }
                    // Disruptions the departures name are said, even without their text; none is "at this stop".
                    if named && (fault == nil || fault == .stale(age: 240)) {
                        // By their titles where the answer carries them (the bus recordings), else as asked for.
                        let titles = response.departures.filter { $0.stopId == stopID }.flatMap(\.disruptionIds)
                            .compactMap { response.disruptions[String($0)]?.heardTitleOpen }
                        if titles.isEmpty {
                            #expect(text.contains("PTV names") && text.contains("details, which show when this page is loaded again"), "\(label)")
                        } else {
                            #expect(titles.contains { text.contains($0) }, "\(label): \(titles)")
                        }
                    }
                    #expect(!text.contains(", at this stop"), "\(label)")
                }
            }
        }
        #expect(boards >= 60)
        // Both recorded bus boards (stops 18778 and 33430), fresh and under each fault.
        #expect(busBoards == 2 * (1 + RecordedSource.Fault.all.count))
    }

    @Test func everyRecordedPatternUnderEveryFaultReadsTruthfully() async throws {
        var pages = 0, busPages = 0
        for (name, type) in Recorded.all where name.contains("pattern") {
            await Task.yield()  // a recording at a time: the walk holds no cooperative thread for all of its CPU
            let pattern = try Recorded.load(name, as: PatternResponse.self)
            let journey = Journey(pattern, routeType: type)
            guard journey.calls.count >= 2 else { continue }
            let times = journey.calls.compactMap(\.time).sorted()
            // Before the trip, part way along, and near its end.
            for now in [times[0].addingTimeInterval(-300), times[times.count / 2], times[times.count - 1].addingTimeInterval(-60)] {
                var source = RecordedSource(patterns: ["": pattern], now: now)
                for fault in [nil] + RecordedSource.Fault.all {
                    source.faults = fault.map { [.pattern: $0] } ?? [:]
                    let label = "\(name) at \(now) \(fault.map(String.init(describing:)) ?? "fresh")"
                    let run = await RecordedPages.run(source, type: type, from: journey.calls[journey.calls.count / 2].stopID)
                    let ride = await RecordedPages.ride(source, type: type, from: nil, to: journey.calls.count - 1)
                    pages += 2
                    if type == .bus { busPages += 2 }
                    switch fault {
                    case .notFound?:
                        // Trakx links runs itself: a run PTV no longer lists never blames the address.
                        for error in [run.error, ride.error] {
                            #expect(error?.status == 404, "\(label)")
                            #expect(!(error?.message ?? "").contains("There is no") && !(error?.advice ?? "").contains("address"), "\(label)")
                        }
                    case .status500?, .hang?, .truncated?:
                        let kind: PTVError.Kind = fault == .status500 ? .badStatus : fault == .hang ? .timedOut : .truncated
                        for error in [run.error, ride.error] {
                            #expect(error.map { $0.message.contains(EvidenceWords.reason(kind)) } == true, "\(label): \(String(describing: error))")
                        }
                    case .stale?:
                        for text in [try run.get(), try ride.get()] {
                            for claim in Self.staleClaims { #expect(!text.contains(claim), "\(label): \(claim)") }
                            #expect(text.contains("so this page shows information from"), "\(label)")
                        }
                        #expect(try ride.get().contains("Live information lost at"), "\(label)")
                    case nil:
                        _ = try run.get()
                        _ = try ride.get()
                    }
                    for page in [try? run.get(), try? ride.get()].compactMap({ $0 }) {
                        #expect(OwnWordsHeardTests.problems(page) == [], "\(label)")
                    }
                }
            }
        }
        #expect(pages >= 300)
        // The recorded route 684 bus run, at three times, fresh and under each fault.
        #expect(busPages == 3 * 2 * (1 + RecordedSource.Fault.all.count))
    }
}
