/// A favourite's card: its name linking to the stop, then its next departures or why there are none.
struct FavouriteCard: Sendable {
    /// "Home (Flinders Street Station)", "Frankston line towards Frankston at Flinders Street Station", …, to the stop's page.
    let link: Link
    /// Whole stop: the next three departures (empty for a line favourite, which says `sentence`).
    let next: [DepartureRow]
    /// Why no departures are listed ("Departures are unavailable right now."), or nil.
    let unavailable: String?
    /// One sentence for a line favourite ("Home, Frankston line to Frankston, in 4 minutes from platform 8, live.").
    let sentence: String?
    /// "Buses from here go towards Clifton Hill, heading west.", when known.
    var way: String? = nil
    /// For a rider who chose low floor trams only, on a tram favourite, said first: "Next low floor tram, route 96, in 9
    /// minutes, live, 8 40 am, to St Kilda Beach." (as the board's summary says it).
    var lowFloor: String? = nil
    /// Works every departure listed names, said once before them: "On every service listed, buses replace trains
    /// between Elsternwick and Sandringham." (each departure's sentence then leaves them out).
    var works: String? = nil
}
