import Foundation
@testable import PTV
import Testing

/// The one-pass reading of a body's top-level fields that tells an answer from a 200 that is not one.
struct TopLevelFieldsTests {
    @Test(arguments: [
        (#"{"departures":[],"status":{"health":1}}"#, ["departures": false, "status": false]),
        (#"{ "departures" : null , "stops": {"1": {"departures": []}} }"#, ["departures": true, "stops": false]),
        (#"{"message":"a \"quoted\" {brace} [and] , comma: here","status":null}"#, ["message": false, "status": true]),
        (#"{"nested":{"departures":[1,2]},"n":0,"t":true}"#, ["nested": false, "n": false, "t": false]),
        (#"{"\u0064epartures":[]}"#, [#"\u0064epartures"#: false]),
        (#"["departures", "stops"]"#, [:]),
        ("", [:]),
    ])
    func fieldsAndTheirNulls(body: String, expected: [String: Bool]) {
        #expect(JSONShape.topLevelFields(Data(body.utf8)).nullByName == expected)
    }

    @Test func aNestedListOfTheSameNameDoesNotMakeAnAnswer() {
        let fields = JSONShape.topLevelFields(Data(#"{"stops":{"1071":{"departures":[]}},"status":{}}"#.utf8))
        #expect(!DeparturesBody.isAnswer(fields))
        #expect(StopsBody.isAnswer(fields))
    }
}
