import Foundation
import PTV

/// What every page builder gets besides its data: the clock's words, demo mode, the one-off banner and the path.
struct PageContext: Sendable {
    /// Time words for now.
    let words: TimeWords
    /// Whether demo data is in use.
    let demo: Bool
    /// A one-off confirmation from the query, if any.
    let banner: String?
    /// The request's path and query, for refresh links and form returns.
    let path: String

    /// What the page writes where the visitor's form token goes (`Visitor.token`: every visitor's own is put in
    /// as the response leaves, so the page is right for all of them, stored or not).
    var token: String { FormToken.placeholder }

    /// The layout chrome.
    func chrome(title: String, section: PageChrome.Section = .none, stale: String? = nil, hasErrors: Bool = false,
                scripts: [String] = []) -> PageChrome {
        PageChrome(title: title, section: section, demo: demo, banner: banner, stale: stale, hasErrors: hasErrors,
                   scripts: scripts)
    }

    /// "PTV did not answer in time, so this page shows information from 10 42 am." for a saved copy (`EvidenceWords`).
    func staleNotice<Value>(_ fetched: Fetched<Value>) -> String? {
        fetched.staleBecause.map { EvidenceWords.staleNotice(because: $0, fetchedAt: fetched.fetchedAt, words: words) }
    }
}
