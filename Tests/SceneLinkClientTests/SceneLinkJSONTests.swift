import Foundation
import SceneLinkClient
import Testing

@Suite struct SceneLinkJSONTests {
    enum HomePath: Int, Codable { case root = 0, setting = 1 }

    @Test func aValueDecodesAsTheAppsTypeAndAMisfitIsACodingError() throws {
        #expect(try SceneLinkJSON.integer(1).decode(HomePath.self) == .setting)
        let error = #expect(throws: SceneLinkError.self) { try SceneLinkJSON.string("one").decode(HomePath.self) }
        guard case .coding(let reason)? = error else {
            Issue.record("expected a coding error, got \(String(describing: error))")
            return
        }
        #expect(reason.hasPrefix("the JSON value \"one\" is not a HomePath ("))
        #expect(error?.description.hasPrefix("A value could not be converted: the JSON value \"one\" is not a HomePath (") == true)
    }

    @Test func typedThrowsLetACatchNameTheCaseDirectly() {
        // Compiles only because decode throws exactly SceneLinkError.
        do {
            _ = try SceneLinkJSON.null.decode(Int.self)
            Issue.record("null decoded as an Int")
        } catch .coding(let reason) {
            #expect(reason.contains("is not a Int"))
        } catch {
            Issue.record("expected a coding error, got \(error)")
        }
    }
}
