@testable import App
import Testing

/// PTV's own sentences said as meant (`PTVSentences`): the colon of "Place: what" and of a time is what Orca reads
/// out; every word stays, and what is not a phrase break or a time is left as PTV wrote it.
struct PTVSentencesTests {
    @Test(arguments: [
        // Recorded titles (Tests/AppTests/Fixtures/disruptions-mixed.json).
        ("Watsonia Station: Temporary car park closures from Thursday 4 April 2024 to 2028",
         "Watsonia Station, Temporary car park closures from Thursday 4 April 2024 to 2028"),
        ("Route 96: Major delays", "Route 96, Major delays"),
        // Times as PTV writes them, as Trakx writes its own.
        ("Buses replace trains from 8.30pm to 11:45 PM", "Buses replace trains from 8\u{202F}30 pm to 11\u{202F}45 pm"),
        ("until 23:59 Sunday; check before you travel", "until 23\u{202F}59 Sunday, check before you travel"),
        ("first service 5:05 am", "first service 5\u{202F}05 am"),
        ("Trains run until 12:00AM. Then buses", "Trains run until 12\u{202F}00 am. Then buses"),
        ("Note : lifts closed ;  use the ramp", "Note, lifts closed, use the ramp"),
        ("Café: open", "Café, open"),
        // Brackets as commas (the simulator's title, as PTV writes them).
        ("Hurstbridge line: Minor delays (up to 15 minutes) due to an earlier equipment fault",
         "Hurstbridge line, Minor delays, up to 15 minutes, due to an earlier equipment fault"),
        ("Lifts closed (until 8:30pm).", "Lifts closed, until 8\u{202F}30 pm."),
        ("Buses replace trains (Box Hill to Ringwood), check times", "Buses replace trains, Box Hill to Ringwood, check times"),
        ("Works (stage 2)", "Works, stage 2"),
        // An area code stays with its number (recorded, metro-pattern-cbe.json): "on, 03, 9670 2072" was said before.
        ("Passengers requiring assistance can contact Travellers Aid on (03) 9670 2072 from 6:30am to 9:30pm.",
         "Passengers requiring assistance can contact Travellers Aid on 03 9670 2072 from 6\u{202F}30 am to 9\u{202F}30 pm."),
        ("Call (1800) 800 007", "Call 1800 800 007"),
        ("Platforms (11) and 12", "Platforms, 11, and 12"),
        ("Route 5 (2024) changes", "Route 5, 2024, changes"),
        // Recorded (metlook-eta's sample of /v3/disruptions, December 2023): a full stop without its space, and a
        // colon left at the end where PTV's website lists what follows.
        ("we have built a new multi-level car park at Belgrave Station.From Saturday 9 December, the following is open on the ground level of the car park:",
         "we have built a new multi level car park at Belgrave Station. From Saturday 9 December, the following is open on the ground level of the car park."),
        ("Closed;", "Closed."),
        // A corner as PTV signs it is said as Trakx says a stop's name; a slash anywhere else stays.
        ("Route 246: Temporary stop relocation at Swan St/Punt Rd due to roadworks",
         "Route 246, Temporary stop relocation at Swan St at Punt Rd due to roadworks"),
        ("between Southern Cross Station/Spencer St and Acland St/Barkly St", "between Southern Cross Station at Spencer St and Acland St at Barkly St"),
        ("Use Opp Shakespeare Gr/The Esplanade", "Use Opp Shakespeare Gr at The Esplanade"),
        ("Staff available 24/7 and/or by phone, Smith St/ and North/South", "Staff available 24/7 and/or by phone, Smith St/ and North/South"),
        ("The V/Line Geelong line", "The V Line Geelong line"),
        // A hyphen inside a word is "dash" aloud (Orca: "Real dash time"); numbers' and spaced hyphens stay.
        ("Real-time information may be unavailable overnight", "Real time information may be unavailable overnight"),
        ("Customers needing step-free access at Jolimont-MCG", "Customers needing step free access at Jolimont MCG"),
        ("Routes 802-804 - check times", "Routes 802-804 - check times"),
    ])
    func saysTheColonAndTheTimeAsMeant(text: String, heard: String) {
        #expect(PTVSentences.heard(text) == heard)
    }

    @Test(arguments: [
        "Watsonia Station car park will close from Thursday 4 April 2024 to 2028, due to works.",
        "See https://www.ptv.vic.gov.au for details.", "Buses run every 7.5 minutes.", "Platform 2.30 is not a time",
        "Route 737 buses are diverted via Blackburn Rd.", "Version 1.10 of the timetable",
        "Ends 13.30pm or at 25:00", "A1.30pm B", "A ( without its end", "Empty () stays", "See ptv.vic.gov.au/Live for more",
        "Version 2.A of it",
    ])
    func leavesEverythingElseAsPTVWroteIt(text: String) {
        #expect(PTVSentences.heard(text) == text)
    }
}
