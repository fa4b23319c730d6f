import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// `GET /v1/qr?url=URL[&ecc=L|M|Q|H][&margin=N]`: the QR code of one of this server's links,
/// as SVG (`QRCode.svg(quietZone:)`).
///
/// Only links the server itself serves get a code, so it is no open QR service: an https link
/// on one of the app's hosts that resolves through the route table (its link page), or a short
/// link `https://HOST/s/CODE` on one of them. Anything else is 422 problem+json; a missing `url`
/// or a malformed `ecc` or `margin` is 400.
///
/// The code is the same for the same query, so the answer has a strong `ETag` (the SVG's hash;
/// `If-None-Match` with it is 304) and may be cached a day by anyone.
///
/// ```swift
/// var endpoints = EndpointTable()
/// QREndpoints(routes: routes).register(on: &endpoints)
/// // GET /v1/qr?url=https%3A%2F%2Ffuelmoney.example.com%2Fsettings&ecc=Q
/// ```
public struct QREndpoints: Sendable {
    private let routes: Current<RouteTable>

    /// The path of the endpoint.
    public static let path = "/v1/qr"
    /// The largest `margin` accepted, in modules.
    public static let maximumMargin = 32
    /// A code never changes for the same query; a day keeps a reloaded route table's say short.
    public static let cacheControl = "public, max-age=86400"
    /// The SVG has no script, style or external reference; nothing else may load if it is opened.
    static let contentSecurityPolicy = "default-src 'none'"

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    public init(routes: Current<RouteTable>) {
        self.routes = routes
    }

    /// Declares `GET /v1/qr` (and so `HEAD`): tens of microseconds of CPU a code, so it has a
    /// class of its own.
    public func register(on endpoints: inout EndpointTable) {
        let routes = self.routes
        endpoints.on(.get, Self.path, RoutePolicy(rateLimit: .perAddress(.qr))) { request, responder in
            responder.respond(Self.respond(to: request, table: routes.value))
        }
    }

    /// The URL of `link`'s code on this server, relative: `/v1/qr?url=` and the link percent-encoded.
    public static func url(of link: String) -> String {
        var out = path + "?url="
        for byte in link.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%"
                out.unicodeScalars.append(Unicode.Scalar(hexDigits[Int(byte >> 4)]))
                out.unicodeScalars.append(Unicode.Scalar(hexDigits[Int(byte & 0xF)]))
            }
        }
        return out
    }

    /// The answer to `GET /v1/qr` with the route table in force.
    static func respond(to request: HTTPRequest, table: RouteTable) -> HTTPResponse {
        guard let link = request.queryItem("url"), !link.isEmpty else { return QRProblems.missingURL.response() }
        var level = QRErrorCorrectionLevel.standard
        if let text = request.queryItem("ecc") {
            guard let chosen = QRErrorCorrectionLevel(letter: text) else { return QRProblems.invalidLevel(text).response() }
            level = chosen
        }
        var margin = QRCode.standardQuietZone
        if let text = request.queryItem("margin") {
            guard text.utf8.count <= 2, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                  let number = Int(text), number <= maximumMargin else {
                return QRProblems.invalidMargin(text).response()
            }
            margin = number
        }
        if let problem = refusal(of: link, table: table) { return problem.response() }
        let code: QRCode
        do {
            code = try QRCode(encoding: link, level: level)
        } catch {
            return QRProblems.tooLong(error).response()
        }
        let body = Array(code.svg(quietZone: margin).utf8)
        var tag = "\""
        for byte in SHA256.hash(body).prefix(12) {
            tag.unicodeScalars.append(Unicode.Scalar(hexDigits[Int(byte >> 4)]))
            tag.unicodeScalars.append(Unicode.Scalar(hexDigits[Int(byte & 0xF)]))
        }
        tag += "\""
        let headers: HTTPHeaders = ["ETag": tag, "Cache-Control": cacheControl]
        if notModified(request, tag: tag) { return HTTPResponse(status: .notModified, headers: headers) }
        var response = HTTPResponse(contentType: "image/svg+xml", body: body, headers: headers)
        response.headers.set("X-Content-Type-Options", "nosniff")
        response.headers.set("Content-Security-Policy", contentSecurityPolicy)
        return response
    }

    /// Nil when the server serves `link`; else why it gets no code (422).
    ///
    /// In order: a short link on one of the app's hosts (`/s/CODE`, the code well formed; it is
    /// not looked up, as a code of ours only ever points here); a claim URL (`/c/TOKEN`, the
    /// token well formed); then any other https link must
    /// resolve through the route table, which also checks its host.
    static func refusal(of link: String, table: RouteTable) -> HTTPProblem? {
        // The grammar (`RouteTable.resolve`, `ShortCode.codeText`) reads the link; this only
        // keeps custom schemes out.
        guard link.utf8.count > 8, link.prefix(8).equalsIgnoringASCIICase("https://") else {
            return QRProblems.notServed(link, reason: "only https links on this server's hosts (\(table.hosts.joined(separator: ", "))) get a QR code; a custom-scheme link opens nothing on a phone without the app, so use the link's https form (canonical.https from GET /v1/resolve)")
        }
        if let code = table.shortLinkCode(in: link) {
            guard (try? ShortCode(code)) != nil else {
                return QRProblems.notServed(link, reason: "'\(code.prefix(64))' is not a short-link code")
            }
            return nil
        }
        // A claim URL (https://HOST/c/TOKEN) on one of the app's hosts, the token well formed; not
        // looked up, as for short links.
        if let token = ClaimToken.tokenText(inClaimURL: link, hosts: table.hosts) {
            guard (try? ClaimToken(token)) != nil else {
                return QRProblems.notServed(link, reason: "'\(token.prefix(64))' is not a claim token")
            }
            return nil
        }
        do {
            _ = try table.resolve(link)
            return nil
        } catch {
            return QRProblems.notServed(link, reason: error.description)
        }
    }

    /// Whether `If-None-Match` names `tag` (weak comparison, RFC 9110 §13.1.2) or is `*`.
    /// A malformed field is ignored: the client gets the code.
    private static func notModified(_ request: HTTPRequest, tag: String) -> Bool {
        let lines = request.headers.values(named: "If-None-Match")
        guard !lines.isEmpty, let condition = try? EntityTagCondition.parse(lines) else { return false }
        switch condition {
        case .any: return true
        case .tags(let tags): return tags.contains { $0.opaqueTag == tag.dropFirst().dropLast() }
        }
    }
}
