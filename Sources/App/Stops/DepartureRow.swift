import Foundation
import PTV

/// One departure as the page says it.
struct DepartureRow: Sendable {
    /// "3 05 pm" (the scheduled time when cancelled).
    let time: String
    /// "in 5 minutes", "now", "tomorrow 6 08 pm"; "departed" only when `departed`.
    let until: String
    /// The same, said after `time` without the clock again: "in 5 minutes", "tomorrow", "Wednesday 7 April 2027".
    let afterTime: String
    /// Whether its time is more than 30 seconds past (on a fresh answer only: a saved copy's past times were due).
    let departed: Bool
    /// Whether its time is past on a saved copy: "was due", never "departed".
    let wasDue: Bool
    /// What the data says about its time (live and how late, timetable, cancelled).
    let source: ServiceWords.Source
    /// The same phrase as on the run page: "live", "delayed 4 minutes", "timetable", "cancelled".
    let status: String
    /// Whether it is cancelled.
    let cancelled: Bool
    /// "Platform 3", or nil.
    let platform: String?
    /// "Extra service", "Express", "via Metro Tunnel", "Pick up only".
    let notes: [String]
    /// Whether the page says once that times are live unless marked (then a live row on time says nothing more).
    var liveSaidOnce = false
    /// Riding this service from this stop.
    let rideURL: String
    let runRef: String
    /// "Bundoora RMIT".
    let destination: String
    /// "Route 86 tram".
    let service: String
    /// "Route 86 tram to Bundoora RMIT".
    let caption: String
    /// "Route 86 tram to Bundoora RMIT, in 3 minutes, live.", before any works (``sentence``).
    let plainSentence: String
    /// Whether its vehicle is low floor, as PTV says; nil when PTV does not know or gave no vehicle.
    var lowFloor: Bool? = nil
    /// Works that replace it when it leaves, as its notes say them: "buses replace trains between Elsternwick and
    /// Sandringham".
    var replacements: [String] = []
    /// Works the page or card says once for every row ("On every service listed, ..."), which the row then leaves out.
    var worksSaidOnce: [String] = []
    /// Works the page says once for every row of its line (issue 55 item 2), which the row then says short: "buses
    /// replace trains".
    var worksSaidForLine: [String] = []
    let routeID, directionID: Int
    /// When it leaves (live estimate, else timetable), for ordering.
    let at: Date

    /// Whether the time is a live estimate.
    var live: Bool { source != .timetable && !cancelled }

    /// The words after the time: "in 5 minutes from platform 3, delayed 4 minutes, via Metro Tunnel".
    var detail: String { spoken(pieces(withLine: false).dropFirst()) }

    /// The row's link as the ear hears it (its `aria-label`): the pieces' words, the time without its colon. On a
    /// line's board, "8 40 am, in 5 minutes from platform 3, timetable" (the line and destination are its group's
    /// heading, said once and named as the link's description); in time order, "8 40 am to Frankston in 5 minutes
    /// from platform 8".
    func label(withLine: Bool) -> String { spoken(pieces(withLine: withLine)) }

    private func spoken(_ pieces: some Sequence<DeparturePiece>) -> String {
        pieces.map { $0.text + $0.after }.joined(separator: " ")
    }

    /// The row's line on a board in time order: "to Frankston" for a line named after where it goes (the Frankston
    /// line to Frankston said the place twice, 0.8 s a row at 175 words a minute), else "Craigieburn line to
    /// Broadmeadows", "Route 5 tram to Burke Road".
    var lineSaid: String {
        !destination.isEmpty && service == "\(destination) line" ? "to \(destination)" : caption
    }

    /// The notes the row says: all but the works the page says once, and the works said once for its line said short.
    var notesSaid: [String] {
        guard !worksSaidOnce.isEmpty || !worksSaidForLine.isEmpty else { return notes }
        return notes.compactMap { note in
            worksSaidOnce.contains(note) ? nil : worksSaidForLine.contains(note) ? ChangeWords.short(note) : note
        }
    }

    /// The row as a sentence that stands alone (a favourite, an alert), with works that replace it, which change
    /// where the rider boards, unless said once for every row: "Frankston line to Frankston, in 5 minutes, timetable.
    /// Buses replace trains between Caulfield and Frankston."
    var sentence: String {
        ChangeWords.sentences(replacements.filter { !worksSaidOnce.contains($0) }).map { plainSentence + " " + $0 } ?? plainSentence
    }

    /// "platform 3" as the row says it, or nil (no platform, or cancelled).
    var platformSaid: String? { platform.flatMap { cancelled ? nil : ModeWords.midSentence($0) } }

    /// "delayed 4 minutes", "timetable", or nil when the row says nothing of its source (cancelled, which `afterTime`
    /// says, or live on time on a board that says once that times are live).
    var statusSaid: String? { cancelled || (liveSaidOnce && source == .live(minutesLate: 0)) ? nil : status }
    /// Whether PTV marks it a replacement bus (`S_RRB`): what stands for the row without its notes (the board's
    /// summary) says so with the line ("Next, Alamein line replacement bus, in 7 minutes").
    var isReplacementBus: Bool { notes.contains(ServiceWords.replacementBus) }

    /// The row's words in the pieces a board styles apart (issue 34 item 9), in reading order: joined with single
    /// spaces (each piece's `text` then `after`) they are exactly the link's one sentence ("8 40 am, in 5 minutes from
    /// platform 3, timetable" on a line's board; "8 40 am to Frankston in 5 minutes from platform 8" when the board is
    /// in time order, with the line), each piece carrying the comma that follows it, so nothing but a space sits
    /// between two pieces. When, where to and which platform are one phrase, without commas: each comma is a pause
    /// (about 0.25 s at 175 words a minute), and a row said as a sentence costs less to hear (issue 55 item 2).
    func pieces(withLine: Bool) -> [DeparturePiece] {
        var out: [(String, DeparturePiece.Kind)] = [(time, .time)]
        if withLine { out.append((lineSaid, .line)) }
        out.append((afterTime, cancelled ? .cancelled : .when))
        // "in 5 minutes" and "now" join where to and which platform in one phrase; a day ("Saturday"), "was due" or
        // "cancelled" stands apart, after a comma, as before.
        let soon = !cancelled && !wasDue && (afterTime == "now" || afterTime.hasPrefix("in "))
        if let platformSaid { out.append(((soon ? "from " : "") + platformSaid, .platform)) }
        if let statusSaid { out.append((statusSaid, .status)) }
        if !notesSaid.isEmpty { out.append((notesSaid.joined(separator: ", "), .notes)) }
        return out.enumerated().map { i, piece in
            let next = i < out.count - 1 ? out[i + 1].1 : nil
            // After the time comes a comma only on a line's board: in time order the line follows it, as one phrase;
            // so do when it leaves after the line, and its platform after when ("to Frankston in 5 minutes from platform
            // 8"). A cancelled row keeps its comma: "to Frankston, cancelled"; so does a far-off day: "to Dandenong, Saturday".
            let phrase = (piece.1 == .time && withLine) || (soon && ((piece.1 == .line && next == .when) || (piece.1 == .when && next == .platform)))
            let comma = next != nil && !phrase
            // A boxed word's comma is outside its box.
            let boxed = piece.1 == .status || piece.1 == .cancelled
            return DeparturePiece(text: piece.0 + (comma && !boxed ? "," : ""), after: comma && boxed ? "," : "", kind: piece.1)
        }
    }
}

/// One piece of a departure row's sentence, styled by its kind (`dep-when`, `dep-platform`, `dep-status`), never
/// read apart: the pieces are inline in the row's one link.
struct DeparturePiece: Sendable {
    /// What the board shows a piece as.
    enum Kind: String, Sendable {
        case time, line, when, cancelled, platform, status, notes
    }
    /// The piece's words with the comma that follows it: "in 5 minutes,".
    let text: String
    /// The comma that follows a boxed piece (a status), outside its box.
    let after: String
    let kind: Kind
}
