import Foundation
import Testing
@testable import SceneLinkService

/// The link page over a real socket: the catch-all below the endpoints.
@Suite struct LinkPageEndpointsTests {
    /// Runs `body` against a service with `LinkPageTests.file` as its route file.
    private func withService(_ body: (LoopbackClient) async throws -> Void) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scenelink-linkpage-\(UUID().uuidString).json")
        try Data(LinkPageTests.file.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try await SceneLinkApplicationTests.withService({ $0.routesPath = file.path }) { client, _ in try await body(client) }
    }

    @Test func iPhoneAndroidAndDesktopVisitorsGetTheirFallback() async throws {
        try await withService { client in
            let expected = [(LinkPlatformTests.iPhone, "https://apps.apple.com/app/id42"),
                            // A phone's page carries a claim: on Android, as the Play install referrer.
                            (LinkPlatformTests.android, "https://play.google.com/store/apps/details?id=com.example.recipes&amp;referrer=scenelink_claim%3D"),
                            (LinkPlatformTests.desktop, "https://www.example.com/recipes/soup")]
            for (agent, fallback) in expected {
                let response = try await client.send("GET", "/recipes/soup", headers: ["User-Agent": agent, "Accept": "text/html"])
                #expect(response.status == 200)
                #expect(response.headers["content-type"] == "text/html; charset=utf-8")
                #expect(response.text.contains("<title>Recipe soup · Recipes</title>"))
                #expect(response.text.contains(#"href="recipes://recipes/soup" class="open""#))
                #expect(response.text.contains(#"<a href="\#(fallback)"#), "\(agent)")
                #expect(response.headers["vary"] == "Accept, User-Agent, Accept-Language")
            }
        }
    }

    @Test func jsonClientsGetWhatResolveAnswers() async throws {
        try await withService { client in
            let page = try await client.send("GET", "/recipes/soup?utm=x", headers: ["Accept": "application/json"])
            let resolve = try await client.send("GET", "/v1/resolve?url=https%3A%2F%2Frecipes.example.com%2Frecipes%2Fsoup%3Futm%3Dx")
            #expect(page.status == 200 && page.headers["content-type"] == "application/json")
            #expect(page.body == resolve.body)
            let missing = try await client.send("GET", "/nothing", headers: ["Accept": "application/json"])
            #expect(missing.status == 404 && missing.headers["content-type"] == "application/problem+json")
        }
    }

    @Test func hostileParametersAreTextOnTheWire() async throws {
        try await withService { client in
            let response = try await client.send("GET", #"/recipes/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E?q=%3Cimg%20src=x%20onerror=alert(1)%3E"#)
            #expect(response.status == 200)
            #expect(!response.text.contains("<script") && !response.text.contains("<img"))
            #expect(response.text.contains("<h1>Recipe \"&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>"))
            let missing = try await client.send("GET", "/%3Cscript%3Ealert(1)%3C%2Fscript%3E/x")
            #expect(missing.status == 404 && !missing.text.contains("<script"))
        }
    }

    /// Accept-Language picks the page's words on every path: a kept page, a phone's claim page
    /// from its template, a rendered page with parameters.
    @Test func theVisitorsLanguageIsNegotiatedOnEveryPath() async throws {
        try await withService { client in
            for (path, agent) in [("/about", LinkPlatformTests.desktop), ("/about", LinkPlatformTests.iPhone),
                                  ("/recipes/soup", LinkPlatformTests.iPhone)] {
                let response = try await client.send("GET", path, headers: ["User-Agent": agent, "Accept": "text/html",
                                                                           "Accept-Language": "zh-TW,zh;q=0.9,en;q=0.8"])
                #expect(response.status == 200)
                #expect(response.headers["content-language"] == "zh-Hant", "\(path) \(agent)")
                #expect(response.text.contains(#"<html lang="zh-Hant">"#) && response.text.contains(">在 App 中開啟</a>"))
            }
            let none = try await client.send("GET", "/about", headers: ["Accept": "text/html"])
            #expect(none.headers["content-language"] == "en" && none.text.contains(">Open in the app</a>"))
        }
    }

    @Test func aLinkNoRouteTakesIsAn404Page() async throws {
        try await withService { client in
            let response = try await client.send("GET", "/recipes")
            #expect(response.status == 404)
            #expect(response.headers["content-type"] == "text/html; charset=utf-8")
            #expect(response.text.contains("<h1>This link does not open anything</h1>"))
        }
    }

    @Test func headAnswersTheHeadersWithoutTheBody() async throws {
        try await withService { client in
            let get = try await client.send("GET", "/about")
            let head = try await client.send("HEAD", "/about")
            #expect(head.status == 200 && head.body.isEmpty)
            #expect(head.headers["content-length"] == String(get.body.count))
            #expect(head.headers["content-security-policy"] == get.headers["content-security-policy"])
        }
    }

    @Test func theRootResolvesToTheEmptyStack() async throws {
        try await withService { client in
            let page = try await client.send("GET", "/")
            #expect(page.status == 200 && page.text.contains(#"href="recipes://""#))
            let json = try await client.send("GET", "/", headers: ["Accept": "application/json"])
            #expect(json.text.contains(#""elements":[]"#))
        }
    }

    @Test func serverPathsAreNotSwallowed() async throws {
        try await withService { client in
            for path in ["/healthz", "//healthz/"] {
                #expect(try await client.send("GET", path).text == #"{"status":"ok"}"#)
            }
            #expect(try await client.send("GET", "/openapi.yaml").text.hasPrefix("openapi: "))
            for path in ["/v1/nothing", "/v1", "/.well-known/nothing", "/.well-known/"] {
                let response = try await client.send("GET", path)
                #expect(response.status == 404, "\(path)")
                #expect(response.headers["content-type"] == "application/problem+json", "\(path)")
                #expect(response.text.contains("No such endpoint"), "\(path)")
            }
            let wrongMethod = try await client.send("GET", "/v1/links")
            #expect(wrongMethod.status == 405 && wrongMethod.headers["allow"] == "POST")
            let post = try await client.send("POST", "/recipes/soup")
            #expect(post.status == 405 && post.headers["allow"] == "GET, HEAD")
        }
    }

    @Test func metricsCountViewsByRouteAndPlatform() async throws {
        try await withService { client in
            _ = try await client.send("GET", "/recipes/a", headers: ["User-Agent": LinkPlatformTests.iPhone])
            _ = try await client.send("GET", "/recipes/b", headers: ["User-Agent": LinkPlatformTests.iPhone])
            _ = try await client.send("GET", "/about", headers: ["User-Agent": LinkPlatformTests.android])
            _ = try await client.send("GET", "/nothing")
            _ = try await client.send("GET", "/about", headers: ["Accept": "application/json"])
            _ = try await client.send("HEAD", "/about")
            let samples = MetricsTests.samples(try await client.send("GET", "/metrics").text)
            #expect(samples[#"scenelink_link_page_views_total{route="recipe",platform="ios"}"#] == 2)
            #expect(samples[#"scenelink_link_page_views_total{route="about",platform="android"}"#] == 1)
            #expect(samples[#"scenelink_link_page_views_total{route="none",platform="web"}"#] == 1)
            #expect(samples[#"scenelink_link_page_views_total{route="about",platform="web"}"#] == nil, "JSON and HEAD are no views")
            #expect(samples[#"scenelink_http_requests_total{route="/{path}",method="GET",status="200"}"#] == 4)
        }
    }
}
