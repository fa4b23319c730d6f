import Foundation
import SceneLinkCore
import SceneLinkHTTP
import Synchronization
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

@Suite struct AssociationEndpointsTests {
    private func router(_ table: RouteTable) -> (HTTPRouter, AssociationEndpoints) {
        var declared = EndpointTable()
        let endpoints = AssociationEndpoints(table: table)
        endpoints.register(on: &declared)
        return (declared.unguardedRouter, endpoints)
    }

    private func send(_ router: HTTPRouter, _ target: String, headers: HTTPHeaders = [:]) -> HTTPResponse? {
        let box = Mutex<HTTPResponse?>(nil)
        router.handle(HTTPRequest(method: .get, target: target, headers: headers),
                      responder: HTTPResponder { response in box.withLock { $0 = response } })
        return box.withLock { $0 }
    }

    @Test func appleFileIsJSONWithATagAndCaching() throws {
        let table = try BuiltInRoutes.fuelMoneyTable()
        let (router, _) = router(table)
        let response = try #require(send(router, "/.well-known/apple-app-site-association"))
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(response.headers["Cache-Control"] == AssociationAnswers.cacheControl)
        #expect(response.headers["ETag"] == table.associationFiles.apple?.entityTag)
        #expect(response.body == table.associationFiles.apple?.bytes)
        let android = try #require(send(router, "/.well-known/assetlinks.json"))
        #expect(android.status == .ok && android.body == table.associationFiles.android?.bytes)
    }

    @Test func aMatchingIfNoneMatchIsNotModified() throws {
        let table = try BuiltInRoutes.fuelMoneyTable()
        let (router, _) = router(table)
        let tag = try #require(table.associationFiles.android?.entityTag)
        let response = send(router, "/.well-known/assetlinks.json", headers: ["If-None-Match": "\"other\", \(tag)"])
        #expect(response?.status == .notModified)
        #expect(response?.body == [])
        #expect(response?.headers["ETag"] == tag)
        #expect(send(router, "/.well-known/assetlinks.json", headers: ["If-None-Match": "\"other\""])?.status == .ok)
    }

    @Test func withoutTheAppsTheFilesAreProblemsNamingTheField() throws {
        let table = try RouteTable(routeFile: Array(try Data(contentsOf: Self.examples.appendingPathComponent("recipes.json"))))
        let (router, endpoints) = router(table)
        let apple = try #require(send(router, "/.well-known/apple-app-site-association"))
        #expect(apple.status == .notFound)
        #expect(apple.headers["Content-Type"] == "application/problem+json")
        #expect(String(decoding: apple.body, as: UTF8.self).contains(#"add \"app.apple\""#))
        let android = try #require(send(router, "/.well-known/assetlinks.json"))
        #expect(String(decoding: android.body, as: UTF8.self).contains(#"add \"app.android\""#))
        // A reload with the apps serves them.
        endpoints.update(from: try BuiltInRoutes.fuelMoneyTable())
        #expect(send(router, "/.well-known/apple-app-site-association")?.status == .ok)
    }

    @Test func headAndReloadThroughTheRunningService() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scenelink-aasa-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(contentsOf: Self.examples.appendingPathComponent("fuelmoney.json")).write(to: file)
        try await SceneLinkApplicationTests.withService({ $0.routesPath = file.path }) { client, application in
            let get = try await client.send("GET", "/.well-known/apple-app-site-association")
            let head = try await client.send("HEAD", "/.well-known/apple-app-site-association")
            #expect(get.status == 200 && head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.headers["content-length"] == String(get.body.count))
            #expect(head.headers["etag"] == get.headers["etag"])
            try Data(contentsOf: Self.examples.appendingPathComponent("drilldown.json")).write(to: file)
            #expect(await application.reloadRoutes())
            #expect(try await client.send("GET", "/.well-known/apple-app-site-association").status == 404)
        }
    }

    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples")
}
