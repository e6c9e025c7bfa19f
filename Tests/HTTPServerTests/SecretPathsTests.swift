import HTTPServer
import Testing

/// The access log's rule for paths that carry a secret: the segment after a configured prefix, however the path
/// spells the prefix, is shown as `[private]`, with anything after it.
struct SecretPathsTests {
    static let secrets = SecretPaths(["/favourites/list/", "/alerts/stop/"])

    @Test(arguments: [
        ("/favourites/list/0123abcd", "/favourites/list/[private]"),
        ("/favourites/list/0123abcd/", "/favourites/list/[private]"),
        ("/favourites/list/0123abcd/more/parts", "/favourites/list/[private]"),
        ("/Favourites/LIST/0123abcd", "/favourites/list/[private]"),
        ("//favourites//list//0123abcd", "/favourites/list/[private]"),
        ("/favourites/%6Cist/0123abcd", "/favourites/list/[private]"),
        ("/favourites%2Flist%2F0123abcd", "/favourites/list/[private]"),
        ("/alerts/stop/qJA5bRc3XQwOfIGp1y79IA", "/alerts/stop/[private]"),
        // The first letter escaped or in capitals: the quick look at a path's first byte lets neither through.
        ("/%66avourites/list/0123abcd", "/favourites/list/[private]"),
        ("/%46avourites/list/0123abcd", "/favourites/list/[private]"),
        ("/ALERTS/stop/qJA5bRc3XQwOfIGp1y79IA", "/alerts/stop/[private]"),
    ])
    func theSecretSegmentIsNeverShown(path: String, shown: String) {
        #expect(Self.secrets.redacted(Substring(path)) == Substring(shown))
    }

    @Test(arguments: ["/favourites", "/favourites/list/", "/favourites/list", "/favourites/export", "/alerts/ride", "/alerts/stop",
                      "/stops/train/1071", "/", "/favourites/lists/x", "/x/favourites/list/y"])
    func otherPathsAreShownAsTheyAre(path: String) {
        #expect(Self.secrets.redacted(Substring(path)) == Substring(path))
    }

    @Test func noPrefixesChangeNothing() {
        #expect(SecretPaths().isEmpty)
        #expect(SecretPaths().redacted("/favourites/list/0123abcd") == "/favourites/list/0123abcd")
    }
}
