import Foundation
import Testing
@testable import App

/// Parses an ISO 8601 UTC timestamp such as "2026-04-04T15:30:00Z".
private func utc(_ text: String) -> Date {
    try! Date(text, strategy: .iso8601)
}

private let melbourne = TimeZone(identifier: "Australia/Melbourne")!

// MARK: - SpokenName

/// Spoken stop and route names.
struct SpokenNameTests {
    @Test(arguments: [
        ("Flinders St Railway Station/Elizabeth St #1 ", "Flinders Street Railway Station at Elizabeth Street, stop 1"),
        ("St Kilda Rd/Toorak Rd #30", "St Kilda Road at Toorak Road, stop 30"),
        ("Opp Chadstone SC/Dandenong Rd", "Opposite Chadstone Shopping Centre at Dandenong Road"),
        ("Ringwood Station/Maroondah Hwy", "Ringwood Station at Maroondah Highway"),
        ("Flinders Street Station", "Flinders Street Station"),
        ("Acland St/Barkly St #141", "Acland Street at Barkly Street, stop 141"),
        ("Swanston St/Flinders St #1", "Swanston Street at Flinders Street, stop 1"),
        ("St Vincents Plaza/Victoria Pde #13", "St Vincents Plaza at Victoria Parade, stop 13"),
        ("St Albans Station", "St Albans Station"),
        ("Swanston St/St Kilda Rd", "Swanston Street at St Kilda Road"),
        ("Opp St Vincents Hosp/Nicholson St", "Opposite St Vincents Hospital at Nicholson Street"),
        ("Clayton Sth PS/Centre Rd", "Clayton South Primary School at Centre Road"),
        ("Balwyn High Sec Col/Whitehorse Rd", "Balwyn High Secondary College at Whitehorse Road"),
        ("Monash Uni/Wellington Rd", "Monash University at Wellington Road"),
        ("Mt Alexander Rd/Ascot Vale Rd #38", "Mount Alexander Road at Ascot Vale Road, stop 38"),
        ("Cnr Nth Esp/Beach Cres", "Corner North Esplanade at Beach Crescent"),
        ("Glenferrie Rd/High St  Armadale", "Glenferrie Road at High Street Armadale"),
        ("  Flinders St Rly Stn  ", "Flinders Street Railway Station"),
        ("Docklands Dr/Waterfront Way", "Docklands Drive at Waterfront Way"),
        ("Toorak Ave/Malvern Av", "Toorak Avenue at Malvern Avenue"),
        ("Wattle Gr/Park Tce", "Wattle Grove at Park Terrace"),
        ("Harbour Esp/La Trobe St", "Harbour Esplanade at La Trobe Street"),
        ("Bourke St/Spencer St #1", "Bourke Street at Spencer Street, stop 1"),
        ("Doncaster Rd/Eastern Fwy", "Doncaster Road at Eastern Freeway"),
        ("Federation Sq/Swanston St", "Federation Square at Swanston Street"),
        ("Docklands Bvd/Footscray Blvd", "Docklands Boulevard at Footscray Boulevard"),
        ("Mill Cl/Ash Ct", "Mill Close at Ash Court"),
        ("Degraves Pl/Flinders Ln", "Degraves Place at Flinders Lane"),
        ("", ""),
        ("   ", ""),
        ("St. Kilda Rd.", "St Kilda Road"),
    ])
    func stopReadsAloud(official: String, spoken: String) {
        #expect(SpokenName.stop(official) == spoken)
    }

    @Test(arguments: ["Stanley", "Drummond", "Grattan", "Street", "ST", "st", "Stn.", "Scott", "Plenty", "Avenue"])
    func abbreviationsExpandOnlyAsWholeWords(word: String) {
        let name = "Smith \(word)"
        let spoken = SpokenName.stop(name)
        if word == "Stn." {
            #expect(spoken == "Smith Station")
        } else {
            #expect(spoken == name)
        }
    }

    @Test func tramStopSlashReadsAt() {
        #expect(SpokenName.stop("Collins St/Queen St") == "Collins Street at Queen Street")
    }

    @Test func stopNumberGoesLastAfterComma() {
        #expect(SpokenName.stop("Elizabeth St #3/Flinders St") == "Elizabeth Street at Flinders Street, stop 3")
        #expect(SpokenName.stop("Elizabeth St # 3") == "Elizabeth Street, stop 3")
    }

    /// The ", stop 3" suffix is found where `stop(_:)` puts it, and only there.
    @Test(arguments: [
        ("Elizabeth Street at Flinders Street, stop 3", "Elizabeth Street at Flinders Street", "3"),
        ("Burke Road, stop 64A", "Burke Road", "64A"),
        ("Main Street, stop 1, stop 2", "Main Street, stop 1", "2"),
        ("Flinders Street Station", nil, nil),
        ("Stop 13", nil, nil),
        ("Bay Street, stop ", nil, nil),
        ("Bay Street, stop by the pier", nil, nil),
    ] as [(String, String?, String?)])
    func stopNumberSuffix(spoken: String, without: String?, number: String?) {
        let found = SpokenName.stopNumber(in: spoken)
        #expect(found.map { String(spoken[..<$0.suffix.lowerBound]) } == without)
        #expect(found.map { String(spoken[$0.number]) } == number)
        #expect(found.map { $0.suffix.upperBound == spoken.endIndex } ?? true)
    }

    @Test func saintStaysAtStartOfEveryPart() {
        #expect(SpokenName.stop("St Kilda Rd/St Kilda Junction") == "St Kilda Road at St Kilda Junction")
    }

    @Test func punctuationAroundAbbreviationsIsKept() {
        #expect(SpokenName.stop("Town Hall (Swanston St)") == "Town Hall (Swanston Street)")
        #expect(SpokenName.stop("Bay St, Brighton") == "Bay Street, Brighton")
    }

    @Test(arguments: [
        ("Elsternwick - Clifton Hill via Brunswick St", "Elsternwick to Clifton Hill via Brunswick Street"),
        ("East Coburg – Prahran via Lygon St", "East Coburg to Prahran via Lygon Street"),
        ("Box Hill - St Kilda Beach", "Box Hill to St Kilda Beach"),
        ("Melbourne Uni - Kew via St Kilda Rd", "Melbourne University to Kew via St Kilda Road"),
        ("Frankston - Flinders Street", "Frankston to Flinders Street"),
        ("Upfield", "Upfield"),
        ("Moonee Ponds/Docklands", "Moonee Ponds/Docklands"),
        ("Route 96  Brunswick East-St Kilda", "Route 96 Brunswick East-St Kilda"),
    ])
    func routeReadsAloud(official: String, spoken: String) {
        #expect(SpokenName.route(official) == spoken)
    }

    @Test(arguments: [
        ("Flinders Street Station", false),
        ("  Flinders Street Station ", false),
        ("Flinders  Street Station", false),
        ("St Albans Station", false),
        ("Acland St/Barkly St #141", true),
        ("Ringwood Station/Maroondah Hwy", true),
    ])
    func differsOnlyWhenWordsChange(official: String, expected: Bool) {
        #expect(SpokenName.differs(official) == expected)
    }
}

// MARK: - TimeWords

/// Clock, relative time, delay and date wording in Melbourne time.
struct TimeWordsTests {
    let words = TimeWords(now: utc("2026-06-01T00:00:00Z"))

    @Test(arguments: [
        ("2026-06-01T05:05:00Z", "3:05 pm"),
        ("2026-06-01T05:05:59Z", "3:05 pm"),
        ("2026-06-01T14:45:00Z", "12:45 am"),
        ("2026-06-01T02:00:00Z", "12:00 pm"),
        ("2026-06-01T14:00:00Z", "12:00 am"),
        ("2026-06-01T01:59:00Z", "11:59 am"),
        ("2026-06-01T13:59:00Z", "11:59 pm"),
        ("2026-06-01T00:42:00Z", "10:42 am"),
        ("2026-01-15T00:42:00Z", "11:42 am"),
    ])
    func clockReadsTwelveHour(instant: String, expected: String) {
        #expect(words.clock(utc(instant)) == expected)
        #expect(words.updated(utc(instant)) == expected)
    }

    @Test(arguments: [
        (0.0, "now"),
        (29.9, "now"),
        (-30.0, "now"),
        (-30.1, "departed"),
        (-600.0, "departed"),
        (30.0, "now"),
        (59.0, "now"),
        (60.0, "in 1 minute"),
        (119.9, "in 1 minute"),
        (120.0, "in 2 minutes"),
        (179.0, "in 2 minutes"),
        (1559.0, "in 25 minutes"),
        (3599.0, "in 59 minutes"),
        (3600.0, "in 1 hour"),
        (3900.0, "in 1 hour 5 minutes"),
        (3660.0, "in 1 hour 1 minute"),
        (7200.0, "in 2 hours"),
        (7830.0, "today 12:10 pm"),
    ])
    func untilRoundsDown(seconds: Double, expected: String) {
        let now = utc("2026-06-01T00:00:00Z")
        #expect(TimeWords(now: now).until(now.addingTimeInterval(seconds)) == expected)
    }

    @Test(arguments: [
        (0, "0 minutes"),
        (1, "1 minute"),
        (2, "2 minutes"),
        (25, "25 minutes"),
        (59, "59 minutes"),
        (60, "1 hour"),
        (61, "1 hour 1 minute"),
        (65, "1 hour 5 minutes"),
        (120, "2 hours"),
        (130, "2 hours 10 minutes"),
        (-5, "0 minutes"),
    ])
    func minutesWording(n: Int, expected: String) {
        #expect(words.minutes(n) == expected)
    }

    @Test(arguments: [
        (0.0, 0, "on time"),
        (59.0, 1, "on time"),
        (-59.0, -1, "on time"),
        (60.0, 1, "delayed 1 minute"),
        (89.0, 1, "delayed 1 minute"),
        (90.0, 2, "delayed 2 minutes"),
        (240.0, 4, "delayed 4 minutes"),
        (-120.0, -2, "2 minutes early"),
        (-100.0, -2, "2 minutes early"),
        (3900.0, 65, "delayed 1 hour 5 minutes"),
    ])
    func delayWording(seconds: Double, late: Int, expected: String) {
        let scheduled = utc("2026-06-01T05:00:00Z")
        let estimated = scheduled.addingTimeInterval(seconds)
        #expect(words.delay(scheduled: scheduled, estimated: estimated) == expected)
        #expect(words.minutesLate(scheduled: scheduled, estimated: estimated) == late)
    }

    @Test func noEstimateMeansNoDelay() {
        let scheduled = utc("2026-06-01T05:00:00Z")
        #expect(words.delay(scheduled: scheduled, estimated: nil) == nil)
        #expect(words.minutesLate(scheduled: scheduled, estimated: nil) == nil)
    }

    @Test func dateReadsWeekdayDayMonthAndClock() {
        let words = TimeWords(now: utc("2022-08-19T00:00:00Z"))
        #expect(words.date(utc("2022-08-19T14:45:00Z")) == "Saturday 20 August, 12:45 am")
        #expect(words.dayAndDate(utc("2022-08-19T14:45:00Z")) == "Saturday 20 August")
        #expect(words.date(utc("2022-08-01T03:07:00Z")) == "Monday 1 August, 1:07 pm")
    }

    @Test func yearAppearsOnlyWhenDifferent() {
        #expect(words.date(utc("2027-08-20T01:00:00Z")) == "Friday 20 August 2027, 11:00 am")
        #expect(words.dayAndDate(utc("2027-08-20T01:00:00Z")) == "Friday 20 August 2027")
        #expect(words.dayAndDate(utc("2025-12-25T01:00:00Z")) == "Thursday 25 December 2025")
        #expect(words.dayAndDate(utc("2026-12-25T01:00:00Z")) == "Friday 25 December")
    }

    @Test func yearRuleUsesMelbourneNotUTC() {
        // 11:00 pm on New Year's Eve in Melbourne; 30 minutes later is 2027 there but 2026 in UTC.
        let words = TimeWords(now: utc("2026-12-31T12:00:00Z"))
        #expect(words.date(utc("2026-12-31T12:59:00Z")) == "Thursday 31 December, 11:59 pm")
        #expect(words.date(utc("2026-12-31T13:30:00Z")) == "Friday 1 January 2027, 12:30 am")
        #expect(words.relativeDay(utc("2026-12-31T13:30:00Z")) == "tomorrow")
    }

    @Test func otherTimeZoneCanBeGiven() {
        let words = TimeWords(now: utc("2026-06-01T00:00:00Z"), timeZone: TimeZone(identifier: "UTC")!)
        #expect(words.clock(utc("2026-06-01T15:05:00Z")) == "3:05 pm")
        #expect(words.timeZone.secondsFromGMT(for: words.now) == 0)
    }

    @Test func relativeDayWording() {
        // Midday Monday 1 June in Melbourne.
        let words = TimeWords(now: utc("2026-06-01T02:00:00Z"))
        #expect(words.relativeDay(utc("2026-05-31T14:00:00Z")) == "today")      // 12:00 am
        #expect(words.relativeDay(utc("2026-06-01T13:59:00Z")) == "today")      // 11:59 pm
        #expect(words.relativeDay(utc("2026-06-01T14:00:00Z")) == "tomorrow")   // 12:00 am Tue
        #expect(words.relativeDay(utc("2026-05-31T13:59:00Z")) == "yesterday")  // 11:59 pm Sun
        #expect(words.relativeDay(utc("2026-06-02T14:00:00Z")) == "Wednesday 3 June")
        #expect(words.relativeDay(utc("2026-05-30T13:00:00Z")) == "Saturday 30 May")
    }

    @Test func sameDayUsesMelbourneMidnight() {
        let words = TimeWords(now: utc("2026-06-01T02:00:00Z"))
        #expect(words.isSameDay(utc("2026-05-31T14:00:00Z"), utc("2026-06-01T13:59:59Z")))
        #expect(!words.isSameDay(utc("2026-05-31T13:59:59Z"), utc("2026-05-31T14:00:00Z")))
    }
}

// MARK: - Daylight saving in Melbourne

/// DST ends Sunday 5 April 2026 at 3:00 am AEDT (UTC+11) → 2:00 am AEST (UTC+10), and starts
/// Sunday 4 October 2026 at 2:00 am AEST → 3:00 am AEDT.
struct DaylightSavingTests {
    let words = TimeWords(now: utc("2026-04-04T01:00:00Z"))

    @Test(arguments: [
        ("2026-04-04T15:00:00Z", "2:00 am"),  // AEDT
        ("2026-04-04T15:30:00Z", "2:30 am"),  // AEDT, first 2:30
        ("2026-04-04T15:59:00Z", "2:59 am"),  // AEDT
        ("2026-04-04T16:00:00Z", "2:00 am"),  // AEST, clocks went back
        ("2026-04-04T16:30:00Z", "2:30 am"),  // AEST, second 2:30
        ("2026-04-04T17:00:00Z", "3:00 am"),  // AEST
        ("2026-10-03T15:00:00Z", "1:00 am"),  // AEST
        ("2026-10-03T15:59:00Z", "1:59 am"),  // AEST
        ("2026-10-03T16:00:00Z", "3:00 am"),  // AEDT, 2 am skipped
        ("2026-10-03T16:30:00Z", "3:30 am"),  // AEDT
    ])
    func clockAcrossChanges(instant: String, expected: String) {
        #expect(words.clock(utc(instant)) == expected)
    }

    @Test func untilCountsRealMinutesWhenClocksGoBack() {
        // 2:50 am AEDT → 2:10 am AEST is 20 real minutes, though the wall clock goes backwards.
        let words = TimeWords(now: utc("2026-04-04T15:50:00Z"))
        #expect(words.clock(words.now) == "2:50 am")
        #expect(words.clock(utc("2026-04-04T16:10:00Z")) == "2:10 am")
        #expect(words.until(utc("2026-04-04T16:10:00Z")) == "in 20 minutes")
        // First 2:30 am to second 2:30 am is an hour.
        let early = TimeWords(now: utc("2026-04-04T15:30:00Z"))
        #expect(early.until(utc("2026-04-04T16:30:00Z")) == "in 1 hour")
    }

    @Test func untilCountsRealMinutesWhenClocksGoForward() {
        // 1:50 am AEST → 3:10 am AEDT is 20 real minutes, though the wall clock says 80.
        let words = TimeWords(now: utc("2026-10-03T15:50:00Z"))
        #expect(words.clock(words.now) == "1:50 am")
        #expect(words.until(utc("2026-10-03T16:10:00Z")) == "in 20 minutes")
        #expect(words.until(utc("2026-10-03T15:40:00Z")) == "departed")
    }

    @Test func delayAcrossChangeUsesRealTime() {
        let words = TimeWords(now: utc("2026-04-04T15:50:00Z"))
        // Scheduled 2:55 am AEDT, estimated 2:02 am AEST: seven real minutes late.
        let scheduled = utc("2026-04-04T15:55:00Z")
        let estimated = utc("2026-04-04T16:02:00Z")
        #expect(words.delay(scheduled: scheduled, estimated: estimated) == "delayed 7 minutes")
        #expect(words.minutesLate(scheduled: scheduled, estimated: estimated) == 7)
    }

    @Test func dateOnBothSidesOfAutumnChange() {
        #expect(words.date(utc("2026-04-04T12:59:00Z")) == "Saturday 4 April, 11:59 pm")  // AEDT
        #expect(words.date(utc("2026-04-04T13:00:00Z")) == "Sunday 5 April, 12:00 am")    // AEDT
        #expect(words.date(utc("2026-04-04T15:30:00Z")) == "Sunday 5 April, 2:30 am")     // AEDT
        #expect(words.date(utc("2026-04-04T16:30:00Z")) == "Sunday 5 April, 2:30 am")     // AEST
        #expect(words.date(utc("2026-04-05T13:59:00Z")) == "Sunday 5 April, 11:59 pm")    // AEST
        #expect(words.date(utc("2026-04-05T14:00:00Z")) == "Monday 6 April, 12:00 am")    // AEST
    }

    @Test func dateOnBothSidesOfSpringChange() {
        #expect(words.date(utc("2026-10-03T13:59:00Z")) == "Saturday 3 October, 11:59 pm")  // AEST
        #expect(words.date(utc("2026-10-03T14:00:00Z")) == "Sunday 4 October, 12:00 am")    // AEST
        #expect(words.date(utc("2026-10-03T15:59:00Z")) == "Sunday 4 October, 1:59 am")     // AEST
        #expect(words.date(utc("2026-10-03T16:00:00Z")) == "Sunday 4 October, 3:00 am")     // AEDT
        #expect(words.date(utc("2026-10-04T12:59:00Z")) == "Sunday 4 October, 11:59 pm")    // AEDT
        #expect(words.date(utc("2026-10-04T13:00:00Z")) == "Monday 5 October, 12:00 am")    // AEDT
    }

    @Test func yearRuleAcrossChange() {
        // DST start in 2027 is Sunday 3 October.
        #expect(words.date(utc("2027-10-02T16:00:00Z")) == "Sunday 3 October 2027, 3:00 am")
        #expect(words.dayAndDate(utc("2026-10-03T16:00:00Z")) == "Sunday 4 October")
    }

    @Test func relativeDayAcrossTwentyFiveHourDay() {
        // Midday Saturday 4 April AEDT; Sunday 5 April has 25 hours.
        #expect(words.relativeDay(utc("2026-04-04T13:00:00Z")) == "tomorrow")  // 12:00 am Sun AEDT
        #expect(words.relativeDay(utc("2026-04-05T13:59:00Z")) == "tomorrow")  // 11:59 pm Sun AEST
        #expect(words.relativeDay(utc("2026-04-05T14:00:00Z")) == "Monday 6 April")
        #expect(words.isSameDay(utc("2026-04-04T13:00:00Z"), utc("2026-04-05T13:59:00Z")))
        #expect(!words.isSameDay(utc("2026-04-04T12:59:00Z"), utc("2026-04-04T13:00:00Z")))
    }

    @Test func yesterdayAcrossTwentyFiveHourDay() {
        // Midday Monday 6 April AEST; yesterday (Sunday 5 April) began at 12:00 am AEDT.
        let words = TimeWords(now: utc("2026-04-06T02:00:00Z"))
        #expect(words.relativeDay(utc("2026-04-04T13:00:00Z")) == "yesterday")
        #expect(words.relativeDay(utc("2026-04-05T13:59:00Z")) == "yesterday")
        #expect(words.relativeDay(utc("2026-04-05T14:00:00Z")) == "today")
        #expect(words.relativeDay(utc("2026-04-04T12:59:00Z")) == "Saturday 4 April")
    }

    @Test func relativeDayAcrossTwentyThreeHourDay() {
        // Midday Saturday 3 October AEST; Sunday 4 October has 23 hours.
        let words = TimeWords(now: utc("2026-10-03T02:00:00Z"))
        #expect(words.relativeDay(utc("2026-10-03T14:00:00Z")) == "tomorrow")  // 12:00 am Sun AEST
        #expect(words.relativeDay(utc("2026-10-04T12:59:00Z")) == "tomorrow")  // 11:59 pm Sun AEDT
        #expect(words.relativeDay(utc("2026-10-04T13:00:00Z")) == "Monday 5 October")
        #expect(words.relativeDay(utc("2026-10-02T13:59:00Z")) == "yesterday")
    }
}

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
        (1050.0, "1.1 kilometres"),
        (1250.0, "1.3 kilometres"),
        (1949.0, "1.9 kilometres"),
        (2000.0, "2 kilometres"),
        (9949.0, "9.9 kilometres"),
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
    }
}

// MARK: - Compass

/// Bearings, haversine distances and compass words.
struct CompassTests {
    @Test(arguments: [
        (0.0, "north"),
        (22.4, "north"),
        (22.6, "north-east"),
        (45.0, "north-east"),
        (67.4, "north-east"),
        (67.6, "east"),
        (112.4, "east"),
        (112.6, "south-east"),
        (157.4, "south-east"),
        (157.6, "south"),
        (202.4, "south"),
        (202.6, "south-west"),
        (247.4, "south-west"),
        (247.6, "west"),
        (292.4, "west"),
        (292.6, "north-west"),
        (337.4, "north-west"),
        (337.6, "north"),
        (359.0, "north"),
        (360.0, "north"),
        (405.0, "north-east"),
        (-10.0, "north"),
        (-45.0, "north-west"),
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
        #expect(Compass.word(b) == "north-west")
        #expect(Compass.describe(distance: d, bearing: b) == "980 metres north-west")
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
        (120.0, 45.0, "120 metres north-east"),
        (1250.0, 180.0, "1.3 kilometres south"),
        (15_400.0, 270.0, "15 kilometres west"),
    ])
    func describeWording(distance: Double, bearing: Double, expected: String) {
        #expect(Compass.describe(distance: distance, bearing: bearing) == expected)
    }
}
