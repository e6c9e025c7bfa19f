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
        // A hyphen joining two words is "dash" aloud (Orca: "Jolimont dash MCG"); the second word starts a name.
        ("Jolimont-MCG Station", "Jolimont MCG Station"),
        ("Casino-MCEC/Clarendon St #124", "Casino MCEC at Clarendon Street, stop 124"),
        ("Brunswick East-St Kilda Beach", "Brunswick East St Kilda Beach"),
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
        // Brackets are "left paren" aloud: a pair of commas.
        #expect(SpokenName.stop("Town Hall (Swanston St)") == "Town Hall, Swanston Street")
        #expect(SpokenName.stop("Stud Park SC (Rowville)") == "Stud Park Shopping Centre, Rowville")
        #expect(SpokenName.stop("City (Flinders Street)") == "City, Flinders Street")
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
        ("Route 96  Brunswick East-St Kilda", "Route 96 Brunswick East St Kilda"),
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
        ("2026-06-01T05:05:00Z", "3\u{202F}05 pm"),
        ("2026-06-01T05:05:59Z", "3\u{202F}05 pm"),
        ("2026-06-01T14:45:00Z", "12\u{202F}45 am"),
        ("2026-06-01T02:00:00Z", "12\u{202F}00 pm"),
        ("2026-06-01T14:00:00Z", "12\u{202F}00 am"),
        ("2026-06-01T01:59:00Z", "11\u{202F}59 am"),
        ("2026-06-01T13:59:00Z", "11\u{202F}59 pm"),
        ("2026-06-01T00:42:00Z", "10\u{202F}42 am"),
        ("2026-01-15T00:42:00Z", "11\u{202F}42 am"),
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
        (7830.0, "today 12\u{202F}10 pm"),
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
        #expect(words.date(utc("2022-08-19T14:45:00Z")) == "Saturday 20 August, 12\u{202F}45 am")
        #expect(words.dayAndDate(utc("2022-08-19T14:45:00Z")) == "Saturday 20 August")
        #expect(words.date(utc("2022-08-01T03:07:00Z")) == "Monday 1 August, 1\u{202F}07 pm")
    }

    @Test func yearAppearsOnlyWhenDifferent() {
        #expect(words.date(utc("2027-08-20T01:00:00Z")) == "Friday 20 August 2027, 11\u{202F}00 am")
        #expect(words.dayAndDate(utc("2027-08-20T01:00:00Z")) == "Friday 20 August 2027")
        #expect(words.dayAndDate(utc("2025-12-25T01:00:00Z")) == "Thursday 25 December 2025")
        #expect(words.dayAndDate(utc("2026-12-25T01:00:00Z")) == "Friday 25 December")
    }

    @Test func yearRuleUsesMelbourneNotUTC() {
        // 11:00 pm on New Year's Eve in Melbourne; 30 minutes later is 2027 there but 2026 in UTC.
        let words = TimeWords(now: utc("2026-12-31T12:00:00Z"))
        #expect(words.date(utc("2026-12-31T12:59:00Z")) == "Thursday 31 December, 11\u{202F}59 pm")
        #expect(words.date(utc("2026-12-31T13:30:00Z")) == "Friday 1 January 2027, 12\u{202F}30 am")
        #expect(words.relativeDay(utc("2026-12-31T13:30:00Z")) == "tomorrow")
    }

    @Test func otherTimeZoneCanBeGiven() {
        let words = TimeWords(now: utc("2026-06-01T00:00:00Z"), timeZone: TimeZone(identifier: "UTC")!)
        #expect(words.clock(utc("2026-06-01T15:05:00Z")) == "3\u{202F}05 pm")
        #expect(words.timeZone.secondsFromGMT(for: words.now) == 0)
    }

    @Test func relativeDayWording() {
        // Midday Monday 1 June in Melbourne.
        let words = TimeWords(now: utc("2026-06-01T02:00:00Z"))
        #expect(words.relativeDay(utc("2026-05-31T14:00:00Z")) == "today")      // 12\u{202F}00 am
        #expect(words.relativeDay(utc("2026-06-01T13:59:00Z")) == "today")      // 11\u{202F}59 pm
        #expect(words.relativeDay(utc("2026-06-01T14:00:00Z")) == "tomorrow")   // 12\u{202F}00 am Tue
        #expect(words.relativeDay(utc("2026-05-31T13:59:00Z")) == "yesterday")  // 11\u{202F}59 pm Sun
        #expect(words.relativeDay(utc("2026-06-02T14:00:00Z")) == "Wednesday 3 June")
        #expect(words.relativeDay(utc("2026-05-30T13:00:00Z")) == "Saturday 30 May")
    }

    @Test func sameDayUsesMelbourneMidnight() {
        let words = TimeWords(now: utc("2026-06-01T02:00:00Z"))
        #expect(words.isSameDay(utc("2026-05-31T14:00:00Z"), utc("2026-06-01T13:59:59Z")))
        #expect(!words.isSameDay(utc("2026-05-31T13:59:59Z"), utc("2026-05-31T14:00:00Z")))
    }
}
