import SceneLinkCore
import SceneLinkHTTP

/// The problem+json answers of `GET /v1/qr`. `type` URIs are stable:
/// `https://scenelink.dev/problems/<slug>`.
enum QRProblems {

    static let missingURL = HTTPProblem(
        status: .badRequest, type: HTTPProblem.typeBase + "missing-url", title: "Missing link",
        detail: "GET /v1/qr needs the link to draw as ?url=, percent-encoded (url=https%3A%2F%2Ffuelmoney.example.com%2Fsettings).")

    static func invalidLevel(_ text: String) -> HTTPProblem {
        HTTPProblem(status: .badRequest, type: HTTPProblem.typeBase + "invalid-qr-level", title: "Unknown error-correction level",
                    detail: "ecc takes L, M, Q or H (M when left out), not '\(text.prefix(32))'.")
    }

    static func invalidMargin(_ text: String) -> HTTPProblem {
        HTTPProblem(status: .badRequest, type: HTTPProblem.typeBase + "invalid-qr-margin", title: "Invalid margin",
                    detail: "margin takes a whole number of modules from 0 to \(QREndpoints.maximumMargin) (4, the standard's quiet zone, when left out), not '\(text.prefix(32))'.")
    }

    static func notServed(_ link: String, reason: String) -> HTTPProblem {
        HTTPProblem(status: .unprocessableContent, type: HTTPProblem.typeBase + "qr-link-not-served", title: "Not a link of this server",
                    detail: "No QR code for '\(link.prefix(200))': \(reason)" + (reason.hasSuffix(".") ? "" : "."))
    }

    static func tooLong(_ error: QREncodingError) -> HTTPProblem {
        HTTPProblem(status: .unprocessableContent, type: HTTPProblem.typeBase + "qr-too-long", title: "Link too long for a QR code",
                    detail: error.description)
    }
}
