import PTV

// Where a stop or a call is, when PTV gives both coordinates: (latitude, longitude).

extension StopLocation {
    /// Latitude and longitude, when PTV gives both.
    var point: (Double, Double)? { latitude.flatMap { lat in longitude.map { (lat, $0) } } }
}

extension Journey.Call {
    /// Latitude and longitude, when PTV gives both.
    var point: (Double, Double)? { latitude.flatMap { lat in longitude.map { (lat, $0) } } }
}
