import Foundation
import SceneLinkCore
import SceneLinkHTTP
import Synchronization
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

@Suite struct QREndpointsTests {
    let router: HTTPRouter

    init() throws {
        var endpoints = EndpointTable()
        QREndpoints(routes: Current(try BuiltInRoutes.fuelMoneyTable())).register(on: &endpoints)
        router = endpoints.unguardedRouter
    }

    private func send(_ target: String, method: HTTPMethod = .get, headers: HTTPHeaders = [:]) -> HTTPResponse? {
        let box = Mutex<HTTPResponse?>(nil)
        router.handle(HTTPRequest(method: method, target: target, headers: headers), responder: HTTPResponder { response in box.withLock { $0 = response } })
        return box.withLock { $0 }
    }

    private func text(_ response: HTTPResponse?) -> String { String(decoding: response?.body ?? [], as: UTF8.self) }

    @Test func aRoutesLinkGetsItsCodeAsSVGAtMWithAFourModuleQuietZone() throws {
        let link = "https://fuelmoney.example.com/settings/account"
        let response = send("/v1/qr?url=https%3A%2F%2Ffuelmoney.example.com%2Fsettings%2Faccount")
        #expect(response?.status == .ok)
        #expect(response?.headers["Content-Type"] == "image/svg+xml")
        #expect(response?.headers["Cache-Control"] == "public, max-age=86400")
        #expect(response?.headers["X-Content-Type-Options"] == "nosniff")
        #expect(response?.headers["Content-Security-Policy"] == "default-src 'none'")
        #expect(text(response) == (try QRCode(encoding: link, level: .medium).svg(quietZone: 4)))
    }

    @Test func aClaimURLOnTheAppsHostGetsACode() throws {
        let link = "https://fuelmoney.example.com/c/aMYXFAAAAAFircmbRpf719Wk3Cc"
        let response = send("/v1/qr?url=\(link)")
        #expect(response?.status == .ok)
        #expect(text(response) == (try QRCode(encoding: link, level: .medium).svg(quietZone: 4)))
    }

    @Test func levelAndMarginAreTheClientsToChoose() throws {
        let link = "https://fuelmoney.example.com/s/spring-sale"
        let response = send("/v1/qr?url=\(link)&ecc=H&margin=1")
        #expect(text(response) == (try QRCode(encoding: link, level: .high).svg(quietZone: 1)))
        #expect(text(send("/v1/qr?url=\(link)&ecc=q&margin=0")) == (try QRCode(encoding: link, level: .quartile).svg(quietZone: 0)))
    }

    @Test func theETagIsStrongAndIfNoneMatchGets304() throws {
        let target = "/v1/qr?url=https://fuelmoney.example.com/settings"
        let tag = try #require(send(target)?.headers["ETag"])
        #expect(tag.hasPrefix("\"") && tag.hasSuffix("\"") && !tag.hasPrefix("W/"))
        #expect(send(target + "&ecc=L")?.headers["ETag"] != tag)
        let notModified = send(target, headers: ["If-None-Match": "\"other\", " + tag])
        #expect(notModified?.status == .notModified && notModified?.headers["ETag"] == tag && notModified?.body == [])
        #expect(send(target, headers: ["If-None-Match": "W/" + tag])?.status == .notModified)
        #expect(send(target, headers: ["If-None-Match": "\"other\""])?.status == .ok)
        #expect(send(target, headers: ["If-None-Match": "not a tag"])?.status == .ok)
    }

    @Test func linksThisServerDoesNotServeAre422() {
        let cases: [(String, String)] = [
            ("https://evil.example.com/settings", "The host \\\"evil.example.com\\\" is not one of this app's hosts"),
            ("https://fuelmoney.example.com/no/such/route", "No QR code for 'https://fuelmoney.example.com/no/such/route': "),
            ("fuelmoney://settings", "only https links on this server's hosts (fuelmoney.example.com) get a QR code"),
            ("javascript:alert(1)", "only https links"),
            ("https://fuelmoney.example.com/s/bad%20code", "'bad code' is not a short-link code."),
            ("https://fuelmoney.example.com/c/short", "'short' is not a claim token."),
        ]
        for (link, detail) in cases {
            let encoded = link.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? link
            let response = send("/v1/qr?url=" + encoded)
            #expect(response?.status.code == 422, "\(link)")
            #expect(response?.headers["Content-Type"] == "application/problem+json")
            #expect(text(response).contains(#""type":"https://scenelink.dev/problems/qr-link-not-served""#))
            #expect(text(response).contains(detail), "\(link): \(text(response))")
        }
    }

    @Test func aLinkTooLongForVersion40IsA422SayingHowMuchFits() {
        let long = "https://fuelmoney.example.com/settings?q=" + String(repeating: "a", count: 1300)
        let response = send("/v1/qr?url=\(long)&ecc=H")
        #expect(response?.status.code == 422)
        #expect(text(response).contains(#""type":"https://scenelink.dev/problems/qr-too-long""#))
        #expect(text(response).contains("holds at most 1273 in byte mode"))
    }

    @Test func malformedParametersAre400() {
        let cases: [(String, String, String)] = [
            ("/v1/qr", "missing-url", "GET /v1/qr needs the link to draw as ?url="),
            ("/v1/qr?url=", "missing-url", "percent-encoded"),
            ("/v1/qr?url=https://fuelmoney.example.com/&ecc=X", "invalid-qr-level", "ecc takes L, M, Q or H (M when left out), not 'X'."),
            ("/v1/qr?url=https://fuelmoney.example.com/&margin=33", "invalid-qr-margin", "from 0 to 32"),
            ("/v1/qr?url=https://fuelmoney.example.com/&margin=-1", "invalid-qr-margin", "not '-1'"),
            ("/v1/qr?url=https://fuelmoney.example.com/&margin=", "invalid-qr-margin", "not ''"),
        ]
        for (target, type, detail) in cases {
            let response = send(target)
            #expect(response?.status == .badRequest, "\(target)")
            #expect(text(response).contains("\"type\":\"https://scenelink.dev/problems/\(type)\""), "\(target)")
            #expect(text(response).contains(detail), "\(target): \(text(response))")
        }
    }

    @Test func theQRURLOfALinkPercentEncodesItAsAQueryValue() {
        #expect(QREndpoints.url(of: "https://h.example/s/a_b-c~d.e?x=1&y=2")
            == "/v1/qr?url=https%3A%2F%2Fh.example%2Fs%2Fa_b-c~d.e%3Fx%3D1%26y%3D2")
    }
}
