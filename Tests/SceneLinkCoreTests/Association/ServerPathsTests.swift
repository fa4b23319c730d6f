import Testing
@testable import SceneLinkCore

@Suite struct ServerPathsTests {
    @Test func ownsTheAPIWellKnownFilesAndOperationsPaths() {
        for path in ["/v1", "/v1/", "/v1/resolve", "//v1//x", "/.well-known/assetlinks.json", "/.well-known",
                     "/healthz", "/healthz/", "//healthz", "/readyz", "/metrics", "/openapi.yaml", "/console", "/console/overview"] {
            #expect(ServerPaths.owns(path), "\(path)")
        }
    }

    @Test func leavesEveryOtherPathToLinks() {
        for path in ["/", "", "//", "/settings", "/v2", "/v1x", "/V1", "/healthz/extra", "/metrics/x", "/healthzz",
                     "/openapi.yml", "/s/abc", "/%76%31", "/settings/v1", "/consoles", "/settings/console"] {
            #expect(!ServerPaths.owns(path), "\(path)")
        }
    }
}
