import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// The Routes page (`GET /console/routes[?url=LINK]`): the route table in force, and for a
/// pasted link ("try a link") its route, its stack in each format, its canonical links and a QR
/// code of the https one; or why it does not resolve, with the closest routes.
package struct ConsoleRoutesView: ConsolePageView {
    /// One route of the table.
    package struct Route: Sendable, Equatable {
        package let name: String
        package let pattern: String
        /// The stack in push order, `A → B`.
        package let stack: String
    }

    /// What resolving the tried link gave.
    package enum Outcome: Sendable {
        /// It resolved: its route, canonical links, each format's answer (or why that format has
        /// none) and the QR code of its https link (else of its app-scheme link).
        case resolved(Resolution)
        /// It did not: the status and sentence, and the routes closest to it.
        case refused(problem: String, closest: [String])
    }

    /// A link that resolved, as the page shows it.
    package struct Resolution: Sendable {
        package let route: String
        package let https: String
        package let scheme: String
        /// Each format's name and its answer, or the sentence of why it has none.
        package let formats: [(name: String, answer: Result<String, ConsoleReadFailure>)]
        /// The QR code and the link it encodes; nil when there is no link to draw.
        package let qr: (code: QRCode, link: String)?
    }

    /// The link tried, as typed (cut to `ConsoleEndpoints.maximumTriedLinkBytes`); nil when none.
    package let tried: String?
    /// What trying it gave; nil when nothing (or an empty text) was tried.
    package let outcome: Outcome?
    /// The label of the form's field, naming the table's first scheme.
    package let linkLabel: String
    package let routeCount: Int
    package let appName: String
    /// Every route, in the route file's order.
    package let routes: [Route]

    package var title: String { ConsoleSection.routes.title }
    package var section: ConsoleSection { .routes }

    /// The page for `table`, trying `tried` when it is not empty.
    package init(table: RouteTable, tried: String?) {
        self.tried = tried
        linkLabel = "Link (https or \(table.schemes.first ?? "app") scheme)"
        routeCount = table.routeCount
        appName = table.appName
        routes = table.summaries.map { Route(name: $0.name, pattern: $0.pattern, stack: $0.stack.map(\.description).joined(separator: " → ")) }
        if let tried, !tried.isEmpty { outcome = Self.outcome(of: tried, table: table) } else { outcome = nil }
    }

    /// Resolves `link` with the route table's own resolve, in each format.
    package static func outcome(of link: String, table: RouteTable) -> Outcome {
        let resolved: ResolvedLink
        do throws(ResolveError) {
            resolved = try table.resolve(link)
        } catch {
            let problem = ResolveProblems.problem(for: error)
            var closest: [String] = []
            if case .noRoute(_, let names, _) = error { closest = names }
            return .refused(problem: "\(problem.status.code): \(problem.detail)", closest: closest)
        }
        let https = resolved.canonical.https
        let scheme = resolved.canonical.scheme
        let formats = ResolveFormat.allCases.map { format -> (name: String, answer: Result<String, ConsoleReadFailure>) in
            do throws(ResolveError) {
                return (format.rawValue, .success(String(decoding: try table.resolve(link, format: format), as: UTF8.self)))
            } catch {
                return (format.rawValue, .failure(ConsoleReadFailure(message: ResolveProblems.problem(for: error).detail)))
            }
        }
        var qr: (code: QRCode, link: String)?
        if let qrLink = https ?? scheme, let code = try? QRCode(encoding: qrLink) { qr = (code, qrLink) }
        return .resolved(Resolution(route: resolved.route ?? "", https: https ?? "(none: the route file names no host)",
                                    scheme: scheme ?? "(none)", formats: formats, qr: qr))
    }

    package func write(into html: inout HTMLDocument) {
        html.element("h2", text: "Try a link")
        html.element("form", attributes: ["method": "get", "action": ConsoleSection.routes.path]) { html in
            html.element("label", text: linkLabel, attributes: ["for": "url"])
            html.void(.input, attributes: ["type": "text", "id": "url", "name": "url", "value": tried ?? "", "spellcheck": "false"])
            html.element("p") { html in
                html.element("button", text: "Resolve", attributes: ["type": "submit"])
            }
        }
        if let tried, let outcome { Self.write(outcome, of: tried, into: &html) }

        html.element("h2", text: "Route table (\(routeCount) routes)")
        html.consoleTable(caption: "Every route of \(appName), in the route file's order", headings: ["Name", "Pattern", "Stack"]) { html in
            for route in routes {
                html.element("tr") { html in
                    html.element("th", text: route.name, attributes: ["scope": "row"])
                    html.element("td") { html in
                        html.element("code", text: route.pattern)
                    }
                    html.element("td", text: route.stack)
                }
            }
        }
    }

    /// The outcome of trying `link`: each format's answer, the canonical links and a QR code, or
    /// the problem's sentence and the closest routes.
    private static func write(_ outcome: Outcome, of link: String, into html: inout HTMLDocument) {
        html.element("section", attributes: ["aria-labelledby": "tried"]) { html in
            html.element("h3", text: "Result for \(link)", attributes: ["id": "tried"])
            let resolution: Resolution
            switch outcome {
            case .refused(let problem, let closest):
                html.element("p", text: problem, attributes: ["class": "error"])
                if !closest.isEmpty {
                    html.element("p", text: "Closest routes:")
                    html.element("ul") { html in
                        for name in closest { html.element("li", text: name) }
                    }
                }
                return
            case .resolved(let found):
                resolution = found
            }
            html.element("dl") { html in
                html.element("dt", text: "Route")
                html.element("dd", text: resolution.route)
                html.element("dt", text: "Canonical https link")
                html.element("dd", text: resolution.https)
                html.element("dt", text: "Canonical app-scheme link")
                html.element("dd", text: resolution.scheme)
            }
            for format in resolution.formats {
                html.element("h4", text: "Format \(format.name)")
                switch format.answer {
                case .success(let answer): html.element("pre", text: answer)
                case .failure(let failure): html.element("p", text: failure.message, attributes: ["class": "muted"])
                }
            }
            if let qr = resolution.qr {
                html.element("h4", text: "QR code")
                html.qrCode(qr.code, caption: qr.link)
            }
        }
    }
}
