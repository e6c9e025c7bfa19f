@testable import HTTPServer
import Foundation
import Testing
import TestSupport

/// Pages are sent compressed to a request that accepts gzip, with each visitor's value written into one compressed
/// page in place: the stream decodes (zlib checks its CRC and length) to the page with that visitor's value.
struct CompressionTests {
    static let slot = VisitorSlot(placeholder: "@@VALUE@@", length: 8, freshHeader: nil)

    /// A page of a few kilobytes with the placeholder in three places, one at the very end.
    static let page: String = {
        let rows = (1 ... 60).map { "<li>Platform \($0 % 4 + 1), Frankston line, in \($0) minutes</li>" }
        return "<form><input name=\"token\" value=\"@@VALUE@@\"></form><ul>" + rows.joined()
            + "</ul><form><input value=\"@@VALUE@@\"></form>@@VALUE@@"
    }()

    static func cut(_ text: String = page) -> CutResponse {
        CutResponse(Response(status: 200, headers: [("Content-Type", "text/html")], body: Array(text.utf8)),
                    slot: slot, compress: true)
    }

    @Test(arguments: [
        ("gzip", true), ("gzip, deflate, br, zstd", true), ("br;q=1.0, GZIP;q=0.5", true), ("x-gzip", true),
        ("*", true), ("br, *;q=0.1", true), (" gzip ; q=1 ", true), ("gzip;q=0.001", true),
        ("", false), ("br", false), ("identity", false), ("gzip;q=0", false), ("gzip; q=0.000", false),
        ("*;q=0", false), ("gzip;q=0, *", false), ("*, gzip;q=0", false), ("gzipped", false), ("deflate, br", false),
    ])
    func whatAcceptEncodingSaysOfGzip(value: String, accepts: Bool) {
        #expect(ContentCoding.acceptsGzip(RequestHead(headers: [("Accept-Encoding", value)])) == accepts, "\(value)")
    }

    @Test func noAcceptEncodingIsNoGzipAndTwoHeadersAreReadTogether() {
        #expect(!ContentCoding.acceptsGzip(RequestHead(headers: [])))
        #expect(ContentCoding.acceptsGzip(RequestHead(headers: [("Accept-Encoding", "br"), ("accept-encoding", "gzip")])))
    }

    @Test func eachVisitorsCompressedPageDecodesToTheirOwnPage() throws {
        let cut = Self.cut()
        let gzip = try #require(cut.gzip)
        #expect(cut.headers.contains { $0 == ("Vary", "Accept-Encoding") })
        #expect(gzip.bytes.count < Self.page.utf8.count / 3, "\(gzip.bytes.count) bytes")
        for value in ["0123abcd", "ffffffff", "9a8b7c6d"] {
            let response = cut.response(value: value, fresh: false, gzip: true)
            #expect(response.header("Content-Encoding") == "gzip")
            let decoded = try #require(gunzip(response.body))
            #expect(String(decoding: decoded, as: UTF8.self) == Self.page.replacingOccurrences(of: "@@VALUE@@", with: value))
            #expect(cut.response(value: value, fresh: false).body == decoded, "the same page uncompressed")
        }
    }

    /// What keeps the value from a compression side channel: it is never compressed, and no compressed byte depends
    /// on it. Two visitors' streams differ only in the value's own bytes and the CRC.
    @Test func theValueIsStoredAsItIsAndNothingElseDependsOnIt() throws {
        let cut = Self.cut()
        let one = cut.response(value: "aaaaaaaa", fresh: false, gzip: true).body
        let other = cut.response(value: "01234567", fresh: false, gzip: true).body
        #expect(one.count == other.count)
        let differing = Set(one.indices.filter { one[$0] != other[$0] })
        let slots = try #require(cut.gzip).slots
        #expect(slots.count == 3)
        let allowed = Set(slots.flatMap { $0 ..< $0 + 8 } + (one.count - 8 ..< one.count - 4))
        #expect(differing.isSubset(of: allowed))
        for slot in slots { #expect(Array(other[slot ..< slot + 8]) == Array("01234567".utf8)) }
    }

    @Test func aSmallPageOrOneNotAskedForIsNotCompressed() {
        let small = Self.cut("<p>@@VALUE@@</p>")
        #expect(small.gzip == nil)
        #expect(!small.headers.contains { $0.0 == "Vary" })
        #expect(small.response(value: "0123abcd", fresh: false, gzip: true).header("Content-Encoding") == nil)
        let notAsked = CutResponse(Response(status: 200, body: Array(Self.page.utf8)), slot: Self.slot)
        #expect(notAsked.gzip == nil)
    }

    @Test func aPageWithoutAnyCutOrEndingInOneDecodes() throws {
        for text in [String(repeating: "Flinders Street ", count: 200), "@@VALUE@@" + String(repeating: "x", count: 2000) + "@@VALUE@@@@VALUE@@"] {
            let body = Self.cut(text).response(value: "cafef00d", fresh: false, gzip: true).body
            #expect(try #require(gunzip(body)) == Array(text.replacingOccurrences(of: "@@VALUE@@", with: "cafef00d").utf8))
        }
    }
}
