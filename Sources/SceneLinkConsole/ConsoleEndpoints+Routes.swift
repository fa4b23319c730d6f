import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

extension ConsoleEndpoints {
    /// The longest link "try a link" takes, in bytes (as a link page's path).
    package static let maximumTriedLinkBytes = 2_048

    /// `GET /console/routes[?url=LINK]`: the route table, and for a pasted link its route, its
    /// stack in each format, its canonical links and a QR code of the https one; or why it does
    /// not resolve, with the closest routes. A GET: trying a link changes nothing.
    package func routesPage(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder) else { return }
        let table = routes.value
        var page = ConsolePage(title: ConsoleSection.routes.title, section: .routes, session: session)
        let tried = request.queryItem("url").map { String($0.prefix(Self.maximumTriedLinkBytes)) }

        page.html.element("h2", text: "Try a link")
        page.html.element("form", attributes: ["method": "get", "action": ConsoleSection.routes.path]) { html in
            html.element("label", text: "Link (https or \(table.schemes.first ?? "app") scheme)", attributes: ["for": "url"])
            html.void(.input, attributes: ["type": "text", "id": "url", "name": "url", "value": tried ?? "", "spellcheck": "false"])
            html.element("p") { html in
                html.element("button", text: "Resolve", attributes: ["type": "submit"])
            }
        }
        if let tried, !tried.isEmpty { Self.writeTry(tried, table: table, into: &page.html) }

        page.html.element("h2", text: "Route table (\(table.routeCount) routes)")
        page.html.table(caption: "Every route of \(table.appName), in the route file's order", headings: ["Name", "Pattern", "Stack"]) { html in
            for summary in table.summaries {
                html.element("tr") { html in
                    html.element("th", text: summary.name, attributes: ["scope": "row"])
                    html.element("td") { html in
                        html.element("code", text: summary.pattern)
                    }
                    html.element("td", text: summary.stack.map(\.description).joined(separator: " → "))
                }
            }
        }
        responder.respond(page.response())
    }

    /// The outcome of resolving `link`: each format's answer, the canonical links and a QR code,
    /// or the problem's sentence and the closest routes.
    package static func writeTry(_ link: String, table: RouteTable, into html: inout HTMLDocument) {
        html.element("section", attributes: ["aria-labelledby": "tried"]) { html in
            html.element("h3", text: "Result for \(link)", attributes: ["id": "tried"])
            let resolved: ResolvedLink
            do throws(ResolveError) {
                resolved = try table.resolve(link)
            } catch {
                let problem = ResolveProblems.problem(for: error)
                html.element("p", text: "\(problem.status.code): \(problem.detail)", attributes: ["class": "error"])
                if case .noRoute(_, let closest, _) = error, !closest.isEmpty {
                    html.element("p", text: "Closest routes:")
                    html.element("ul") { html in
                        for name in closest { html.element("li", text: name) }
                    }
                }
                return
            }
            let https = resolved.canonical.https
            let scheme = resolved.canonical.scheme
            html.element("dl") { html in
                html.element("dt", text: "Route")
                html.element("dd", text: resolved.route ?? "")
                html.element("dt", text: "Canonical https link")
                html.element("dd", text: https ?? "(none: the route file names no host)")
                html.element("dt", text: "Canonical app-scheme link")
                html.element("dd", text: scheme ?? "(none)")
            }
            for format in ResolveFormat.allCases {
                html.element("h4", text: "Format \(format.rawValue)")
                do throws(ResolveError) {
                    let bytes = try table.resolve(link, format: format)
                    html.element("pre", text: String(decoding: bytes, as: UTF8.self))
                } catch {
                    html.element("p", text: ResolveProblems.problem(for: error).detail, attributes: ["class": "muted"])
                }
            }
            if let qrLink = https ?? scheme, let code = try? QRCode(encoding: qrLink) {
                html.element("h4", text: "QR code")
                html.qrCode(code, caption: qrLink)
            }
        }
    }
}
