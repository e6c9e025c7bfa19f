import App
import Foundation
import Testing
import TestSupport

/// Every URL in the contract, rendered from the simulator over loopback.
struct PageTests {
    @Test(arguments: [
        "/", "/stops/train/1071", "/stops/tram/2218", "/disruptions", "/disruptions?mode=tram", "/nearby",
        "/nearby?lat=-37.8183&lon=144.9671", "/nearby?lat=-37.8183&lon=144.9671&mode=tram", "/search", "/search?q=flinders",
        "/search?q=86", "/lines/train/6", "/lines/tram/1881", "/favourites",
    ])
    func pageRendersWithSkeleton(target: String) async throws {
        try await TestApp.with { app in
            let response = try await app.get(target)
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "text/html; charset=utf-8")
            #expect(pageProblems(response.text) == [])
            #expect(response.text.contains("<strong>Demo data</strong>"))
            #expect(!response.text.contains("{{"))
        }
    }

    @Test func stopPageSaysTheNextDepartureFirstInWords() async throws {
        try await TestApp.with { app in
            let html = try await app.get("/stops/train/1071").text.withoutRowPieces
            #expect(html.contains("<title>Flinders Street Station departures, Trakx</title>"))
            #expect(inOrder(html, "<h1>", "<p class=\"summary\" id=\"summary\">Next, ", "<p class=\"departure"))
            // One link a departure: its time, to the ride page from this stop.
            // Its name says the time for the ear ("8 31 am"), the row shows it as written ("8:31 am", issue 55).
            #expect(html.range(of: #"<p class="departure"><a href="/ride/train/[A-Za-z0-9-]+\?from=1071" aria-label="\d{1,2}\x{202F}\d{2} (am|pm) [^":]+">\d{1,2}:\d{2}\x{A0}(am|pm) (to [A-Z]|[A-Z][a-z]+( [A-Z][a-z]+)? line(,| to ))[^<]*</a></p>"#,
                               options: .regularExpression) != nil)
            #expect(!html.contains("<table"))
            // The platform, then only notes (the vehicle, replacement buses) after it.
            #expect(html.range(of: #" from platform \d+(, delayed \d+ minutes)?(, [^<]+)?</a>"#, options: .regularExpression) != nil)
            // How soon, in words, in the summary itself; the time of the data in its own element; the button names its stop.
            // Heard as before; the time seen as written, in the same element.
            #expect(html.asHeard.contains(#/<p class="summary" id="summary">Next, [^<]+, (now|in \d+ minutes?)[ ,][^<]*\.</p>/#))
            #expect(html.asHeard.contains(#/<p class="meta" id="updated">Updated \d{1,2}\x{202F}\d{2} (am|pm)\./#))
            #expect(html.contains(#/<p class="meta" id="updated">Updated <span aria-hidden="true">\d{1,2}:\d{2}\x{A0}(am|pm)</span><span class="heard">\d{1,2}\x{202F}\d{2} (am|pm)</span>\./#))
            #expect(html.contains("<button type=\"submit\" class=\"button\">Add to favourites<span class=\"visually-hidden\">, Flinders Street Station</span></button>"))
            #expect(!html.contains("<s>") && !html.contains("line-through"))
        }
    }

    @Test func tramStopReadsWellAndKeepsItsSignedName() async throws {
        try await TestApp.with { app in
            let html = try await app.get("/stops/tram/2218").text
            #expect(html.contains("Spencer Street at Bourke Street, stop 1"))
            // Shown, not heard (aria-hidden), as a label and its value.
            let signed = try #require(html.firstMatch(of: #/<p class="fact" aria-hidden="true">.+?</p>/#)?.0)
            #expect(SeenText.of(String(signed)) == "Signed as: Spencer St/Bourke St #1", "\(signed)")
            // Departures are grouped under headings naming the route and where it goes.
            let headings = html.matches(of: #/<section class="line">\n<h2 id="group-\d+">([^<]+)</h2>/#).map { String($0.1) }
            #expect(!headings.isEmpty && headings.allSatisfy { $0.hasPrefix("Route 86 tram to ") || $0.hasPrefix("Route 96 tram to ") },
                    "\(headings)")
        }
    }

    @Test func runPageOpensAtTheChosenStop() async throws {
        try await TestApp.with { app in
            let stop = try await app.get("/stops/train/1071").text
            let ride = try #require(stop.range(of: #"/ride/train/[A-Za-z0-9-]+\?from=1071"#, options: .regularExpression))
            let rideHTML = try await app.get(String(stop[ride])).text
            let link = try #require(rideHTML.range(of: #"/runs/train/[A-Za-z0-9-]+\?stop=1071"#, options: .regularExpression))
            let run = try await app.get(String(rideHTML[link]))
            #expect(run.status == 200)
            #expect(pageProblems(run.text) == [])
            #expect(run.text.contains(" stops from Flinders Street Station to "))
            #expect(run.text.range(of: #"\d+ stops from Flinders Street Station to [A-Za-z ]+, (\d+ hours? )?\d+ minutes"#, options: .regularExpression) != nil)
            #expect(run.text.contains(", <strong>your stop</strong>, "))
        }
    }

    @Test func nearbyListsStopsByDistanceWithDirectionWords() async throws {
        try await TestApp.with { app in
            let html = try await app.get("/nearby?lat=-37.8183&lon=144.9671").text
            #expect(html.contains("<h1>26 stops within 1 kilometre, mostly in Melbourne City</h1>"))
            let distances = html.matches(of: #/(\d+) metres (north|south|east|west|northeast|northwest|southeast|southwest)/#).map { Int($0.1)! }
            #expect(distances.count > 3)
            #expect(distances == distances.sorted())
        }
    }

    @Test func searchHasHeadedListsAndHelpfulEmptyState() async throws {
        try await TestApp.with { app in
            let found = try await app.get("/search?q=Flinders").text
            #expect(found.contains("<h2>Stops</h2>"))
            #expect(found.contains("Flinders Street Station"))
            let lines = try await app.get("/search?q=86").text
            #expect(lines.contains("<h2>Lines</h2>"))
            #expect(lines.contains("Route 86 tram"))
            let none = try await app.get("/search?q=zzqqxx").text
            #expect(none.contains("No stops or lines match zzqqxx. Check the spelling"))
            let long = try await app.get("/search?q=" + String(repeating: "a", count: 101))
            #expect(long.status == 400)
            #expect(long.text.contains("at most 100 characters"))
        }
    }

    @Test func lineShowsStopsInOrderAndSwitchesDirection() async throws {
        try await TestApp.with { app in
            let html = try await app.get("/lines/train/6").text
            #expect(html.contains("Frankston line towards Frankston"))
            #expect(inOrder(html, "Flinders Street Station", "Richmond Station"))
            #expect(html.contains("/lines/train/6?direction=1"))
            let back = try await app.get("/lines/train/6?direction=1").text
            #expect(back.contains("towards City, Flinders Street"))
            let status1 = try await app.get("/lines/train/6?direction=999").status
            #expect(status1 == 404)
            let status2 = try await app.get("/lines/tram/6").status
            #expect(status2 == 404)
        }
    }

    @Test func disruptionsAreGroupedWithCountsAndHaveDetailPages() async throws {
        try await TestApp.with { app in
            let html = try await app.get("/disruptions").text
            #expect(html.contains("Metro trains, "))
            #expect(html.contains("Trams, "))
            let link = try #require(html.range(of: #"/disruptions/\d+"#, options: .regularExpression))
            let detail = try await app.get(String(html[link]))
            #expect(detail.status == 200)
            #expect(detail.text.contains("Lines affected"))
            // The demo links PTV's general updates page, which is named as that, not as this disruption's page.
            #expect(detail.text.contains("Live travel updates on the PTV website"))
            #expect(!detail.text.contains("Read this disruption"))
            // Its period leads the page and its publication time is a full date, each in words: found in their own
            // elements (the page holds other dates, so a match anywhere would prove nothing).
            let date = #/(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d{1,2} [A-Z][a-z]+, \d{1,2}\x{202F}\d{2} (am|pm)/#
            // The first sentence says what, where and until when, with relative dates (issue 31 item 5).
            let when = try #require(detail.text.asHeard.firstMatch(of: #/<p class="summary">([^<]+)\.</p>/#)?.1)
            let period = #/(until|from|ended) [^<]*(today|tomorrow|further notice|(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d{1,2} [A-Z][a-z]+)/#
            #expect(when.contains(period), "period: \(when)")
            let published = try #require(detail.text.asHeard.firstMatch(of: #/<p class="fact">Published ([^<]+)\.</p>/#)?.1)
            #expect(published.wholeMatch(of: date) != nil, "published: \(published)")
            // Seen with the time as written (issue 55).
            let seen = SeenText.of(try #require(detail.text.firstMatch(of: #/<p class="fact">Published .+?</p>/#)?.0).description)
            #expect(seen.wholeMatch(of: #/Published (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d{1,2} [A-Z][a-z]+, \d{1,2}:\d{2} (am|pm)\./#) != nil, "\(seen)")
            let status3 = try await app.get("/disruptions?mode=boats").status
            #expect(status3 == 400)
            let status4 = try await app.get("/disruptions/999999999").status
            #expect(status4 == 404)
        }
    }

    @Test(arguments: [
        ("/stops/train/99999999", 404), ("/stops/boat/1071", 400), ("/stops/train/abc", 400), ("/runs/train/no-such-run", 404),
        ("/runs/train/%3Cx%3E", 400), ("/lines/train/99999", 404), ("/nearby?lat=95&lon=144", 400), ("/nearby?lat=-37.8", 400),
        ("/no/such/page", 404), ("/disruptions/abc", 400),
    ])
    func errorPagesUseTheLayoutAndStatus(target: String, status: Int) async throws {
        try await TestApp.with { app in
            let response = try await app.page(target, status: status)
            #expect(response.header("Content-Type") == "text/html; charset=utf-8")
        }
    }

    @Test func upstreamFailureIsA503PageThatSaysWhat() async throws {
        try await TestApp.with(configure: { $0.ptvBaseURL = "http://127.0.0.1:9"; $0.ptvDevID = "1"; $0.ptvKey = "k" }) { app in
            let response = try await app.get("/stops/train/1071")
            #expect(response.status == 503)
            #expect(response.text.contains("could not reach PTV"))
            #expect(!response.text.contains("<strong>Demo data</strong>"))
        }
    }

    @Test func healthAndMetrics() async throws {
        try await TestApp.with { app in
            let health = try await app.get("/healthz")
            #expect(health.status == 200)
            #expect(withoutNetwork(health.text) == #"{"status":"ok","mode":"demo"}"#)
            _ = try await app.get("/stops/train/1071")
            let metrics = try await app.get("/metrics").text
            #expect(metrics.contains("trakx_ptv_upstream_requests_total{endpoint=\"departures\",outcome=\"ok\"} 1"))
        }
    }
}
