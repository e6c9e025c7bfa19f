/// A PTV response body: every one carries `status`, whose `health` is 0 when PTV is offline.
public protocol PTVEnveloped {
    /// The envelope's status.
    var status: Status { get }
}

extension RouteTypesResponse: PTVEnveloped {}
extension RoutesResponse: PTVEnveloped {}
extension RouteResponse: PTVEnveloped {}
extension DirectionsResponse: PTVEnveloped {}
extension StopsNearbyResponse: PTVEnveloped {}
extension StopDetailsResponse: PTVEnveloped {}
extension StopsOnRouteResponse: PTVEnveloped {}
extension DeparturesResponse: PTVEnveloped {}
extension PatternResponse: PTVEnveloped {}
extension RunsResponse: PTVEnveloped {}
extension SearchResponse: PTVEnveloped {}
extension DisruptionsResponse: PTVEnveloped {}
extension DisruptionResponse: PTVEnveloped {}
extension DisruptionModesResponse: PTVEnveloped {}
