import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

extension LinkPageEndpoints {
    /// The `link` of a Firebase Dynamic Links long link (`https://HOST/?link=…&ifl=…&st=…`): the
    /// root path with a `link` query item; nil for any other request.
    static func longLinkTarget(_ request: HTTPRequest) -> String? {
        guard request.path.utf8.allSatisfy({ $0 == UInt8(ascii: "/") }), let link = request.queryItem("link"), !link.isEmpty else { return nil }
        return link
    }

    /// A long link, read at request time as FDL read it: `link` is a screen of the app (resolved
    /// through the route table) or a web page on an allowed site (`--link-domains`); the other
    /// parameters (`st` `sd` `si`, `ifl` `ipfl` `afl` `ofl`, `efr`, `utm_…`, `at` `ct` `mt` `pt`)
    /// are that visit's settings, as a short link's own (`ShortLinkSettings`); `apn`, `ibi` and the
    /// app's other identifiers are the route file's. Anything else is a 400 page (problem+json for
    /// JSON clients), never a redirect.
    func respondToLongLink(_ request: HTTPRequest, target: String, _ responder: HTTPResponder) {
        let page = pages.value
        let visitor = Visitor(request)
        var cells: [String: String] = [:]
        for (name, value) in request.queryItems where !value.isEmpty {
            if case .setting(let path)? = LinkImportFormat.firebase.column(forHeader: name), cells[path] == nil { cells[path] = value }
        }
        let settings: ShortLinkSettings
        do {
            settings = try ShortLinkSettings(json: ShortLinkOperations.settingsDocument(cells)).visiting(target)
        } catch {
            return responder.respond(refusal(request, detail: "The long link's \(error.description)", page: page))
        }
        let debugging = request.queryItem("d") == "1"
        switch linkDomains.webDestination(target, appHosts: page.table.hosts) {
        case .allowed(let host)?:
            let destination = settings.campaign.destination(target)
            if debugging {
                let debug = LinkDebug(web: destination, link: target, host: host, title: nil, settings: settings)
                return responder.respond(debug.response(json: LinkPageFormat(request) == .json, style: page.style))
            }
            if visitor.reading.visitClass == .human {
                return responder.respond(HTTPResponse(status: .found, headers: [
                    "Location": destination, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer"]))
            }
            return responder.respond(page.webCard(destination: destination, host: host, title: nil, preview: settings.preview,
                                                  language: page.language(for: request)))
        case .refused(let reason)?:
            return responder.respond(refusal(request, detail: "The long link's link cannot be followed: \(reason)", page: page))
        case nil:
            break
        }
        let resolved: ResolvedLink
        do {
            resolved = try page.table.resolve(target)
        } catch {
            return responder.respond(refusal(request, detail: "The long link's link is no screen of the app: \(error.description)", page: page))
        }
        if debugging {
            return responder.respond(LinkDebug(screen: resolved, link: target, settings: settings, table: page.table)
                .response(json: LinkPageFormat(request) == .json, style: page.style))
        }
        guard LinkPageFormat(request) == .html else { return responder.respond(page.document(of: target)) }
        respond(to: resolved, link: target, shortLink: nil, request: request, reading: visitor.reading, settings: settings) { response in
            var response = response
            if response.headers["Cache-Control"] != LinkPage.claimCacheControl { response.headers.set("Cache-Control", "no-store") }
            responder.respond(response)
        }
    }

    /// A long link that cannot be followed: 400, a page in the visitor's language for a browser,
    /// problem+json (`invalid-long-link`, with `detail`) for a JSON client.
    private func refusal(_ request: HTTPRequest, detail: String, page: LinkPage) -> HTTPResponse {
        guard LinkPageFormat(request) == .html else {
            return HTTPProblem(status: .badRequest, type: HTTPProblem.typeBase + "invalid-long-link", title: "Invalid long link",
                               detail: detail).response()
        }
        let language = page.language(for: request)
        let strings = LinkPageStrings.in(language)
        var response = page.notice(status: .badRequest, title: strings[.unresolvedTitle], detail: strings[.unresolvedDetail], language: language)
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}

extension LinkPageEndpoints {
    /// `?d=1` on a route's link: where it sends each kind of visitor, and why (`LinkDebug`),
    /// with the campaign of its own query; nil for a link no route takes (the usual 404 page).
    func debug(_ request: HTTPRequest) -> HTTPResponse? {
        let page = pages.value
        let host = page.table.hosts.count > 1 ? request.host : nil
        guard let link = LinkPage.link(path: request.path, query: request.query, host: host, table: page.table),
              let resolved = try? page.table.resolve(link) else { return nil }
        return LinkDebug(screen: resolved, link: link, settings: ShortLinkSettings.none.visiting(link), table: page.table)
            .response(json: LinkPageFormat(request) == .json, style: page.style)
    }
}
