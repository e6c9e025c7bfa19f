/// What a page says about itself besides its content: demo data, a one-off confirmation, data not up to date.
public struct PageNotices: Sendable {
    /// The demo-data notice, when the simulator is in use.
    let demo: Bool
    /// A one-off confirmation ("Added Flinders Street Station to favourites").
    let banner: String?
    /// Said when cached data is shown because PTV failed ("showing information from 10 42 am").
    let stale: String?
}
