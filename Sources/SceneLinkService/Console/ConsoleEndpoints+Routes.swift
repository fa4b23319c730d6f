import SceneLinkCore
import SceneLinkHTTP

extension ConsoleEndpoints {
    /// The longest link "try a link" takes, in bytes (as a link page's path).
    static let maximumTriedLinkBytes = 2_048

    /// `GET /console/routes[?url=LINK]`: the route table, and for a pasted link its route, its
    /// stack in each format, its canonical links and a QR code of the https one; or why it does
    /// not resolve, with the closest routes. A GET: trying a link changes nothing.
    func routesPage(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder) else { return }
        let table = routes.value
        var page = ConsolePage(title: ConsoleSection.routes.title, section: .routes, session: session)
        let tried = request.queryItem("url").map { String($0.prefix(Self.maximumTriedLinkBytes)) }

        page.html.element("h2", text: "Try a link")
        page.html.open("form", attributes: [(name: "method", value: "get"), (name: "action", value: ConsoleSection.routes.path)])
        page.html.element("label", text: "Link (https or \(table.schemes.first ?? "app") scheme)", attributes: [(name: "for", value: "url")])
        page.html.open("input", attributes: [(name: "type", value: "text"), (name: "id", value: "url"), (name: "name", value: "url"),
                                             (name: "value", value: tried ?? ""), (name: "spellcheck", value: "false")])
        page.html.open("p")
        page.html.element("button", text: "Resolve", attributes: [(name: "type", value: "submit")])
        page.html.close("p")
        page.html.close("form")
        if let tried, !tried.isEmpty { Self.writeTry(tried, table: table, into: &page.html) }

        page.html.element("h2", text: "Route table (\(table.routeCount) routes)")
        page.html.openTable(caption: "Every route of \(table.appName), in the route file's order", headings: ["Name", "Pattern", "Stack"])
        for summary in table.summaries {
            page.html.open("tr")
            page.html.element("th", text: summary.name, attributes: [(name: "scope", value: "row")])
            page.html.open("td")
            page.html.element("code", text: summary.pattern)
            page.html.close("td")
            page.html.element("td", text: summary.stack.map(\.description).joined(separator: " → "))
            page.html.close("tr")
        }
        page.html.closeTable()
        responder.respond(page.response())
    }

    /// The outcome of resolving `link`: each format's answer, the canonical links and a QR code,
    /// or the problem's sentence and the closest routes.
    static func writeTry(_ link: String, table: RouteTable, into html: inout HTMLDocument) {
        html.open("section", attributes: [(name: "aria-labelledby", value: "tried")])
        html.element("h3", text: "Result for \(link)", attributes: [(name: "id", value: "tried")])
        let document: [UInt8]
        do {
            document = try table.resolve(link, format: .document)
        } catch {
            let problem = ResolveProblems.problem(for: error)
            html.element("p", text: "\(problem.status.code): \(problem.detail)", attributes: [(name: "class", value: "error")])
            if case .noRoute(_, let closest, _) = error, !closest.isEmpty {
                html.element("p", text: "Closest routes:")
                html.open("ul")
                for name in closest { html.element("li", text: name) }
                html.close("ul")
            }
            html.close("section")
            return
        }
        let parsed = try? JSONParser.parse(document)
        html.open("dl")
        html.element("dt", text: "Route")
        html.element("dd", text: parsed?["route"]?.stringValue ?? "")
        let https = parsed?["canonical"]?["https"]?.stringValue
        let scheme = parsed?["canonical"]?["scheme"]?.stringValue
        html.element("dt", text: "Canonical https link")
        html.element("dd", text: https ?? "(none: the route file names no host)")
        html.element("dt", text: "Canonical app-scheme link")
        html.element("dd", text: scheme ?? "(none)")
        html.close("dl")
        for format in ResolveFormat.allCases {
            html.element("h4", text: "Format \(format.rawValue)")
            do {
                let bytes = try table.resolve(link, format: format)
                html.element("pre", text: String(decoding: bytes, as: UTF8.self))
            } catch {
                html.element("p", text: ResolveProblems.problem(for: error).detail, attributes: [(name: "class", value: "muted")])
            }
        }
        if let qrLink = https ?? scheme, let code = try? QRCode(encoding: qrLink) {
            html.element("h4", text: "QR code")
            html.qrCode(code, caption: qrLink)
        }
        html.close("section")
    }
}
