import Foundation

extension SceneLinkClient {
    /// Resolves a deep link to the whole back stack the app should show.
    ///
    /// Needs no session. A custom-scheme link (`fuelmoney://settings/account`) and the https
    /// link on one of the app's hosts resolve alike.
    ///
    /// ```swift
    /// let resolution = try await client.resolve(URL(string: "fuelmoney://settings/account")!)
    /// // resolution.route == "settings.account"; resolution.navigationPath is ready for SwiftUI.
    /// ```
    /// - Returns: the route, its parameters, the elements and the `navigationPath` bytes.
    /// - Throws: `.problem` with `404 no-route` (its `detail` names the closest routes) for a
    ///   link no route takes, or another `SceneLinkError`.
    /// The link is sent without the QR marker (`sl_qr=1`) SceneLink adds to the codes it draws
    /// (see `withoutQRMarker(_:)`), so the resolution's `link` is the link as shared.
    public func resolve(_ link: URL) async throws(SceneLinkError) -> LinkResolution {
        try linkResolution(from: try await resolveResponse(link, format: nil), what: "resolve document")
    }

    /// A resolve document (of `GET /v1/resolve`, or of a redeemed claim) as a `LinkResolution`.
    func linkResolution(from response: TransportResponse, what: String) throws(SceneLinkError) -> LinkResolution {
        let wire = try decode(ResolutionWire.self, from: response, what: what)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let navigationPath: Data
        do {
            navigationPath = try encoder.encode(wire.navigationPath)
        } catch {
            throw .coding("the navigation path could not be encoded (\(error)).")
        }
        return LinkResolution(link: wire.link, route: wire.route, parameters: wire.parameters, elements: wire.elements,
                              navigationPath: navigationPath, selection: wire.selection,
                              canonical: ScreenLinks(route: wire.route, scheme: wire.canonical.scheme,
                                                     https: wire.canonical.https))
    }

    /// Resolves a link and returns the server's answer in `format`, as bytes.
    ///
    /// ```swift
    /// let pathData = try await client.resolve(link, format: .navigationPath)
    /// path = NavigationPath(try JSONDecoder().decode(NavigationPath.CodableRepresentation.self, from: pathData))
    /// ```
    /// - Returns: the JSON bytes: a `NavigationPath.CodableRepresentation` for `.navigationPath`,
    ///   a typed array for `.array`, the element list for `.elements`, the document for `.document`.
    /// - Throws: `.problem` (`404 no-route`; `422` for `.array` of a stack of several types), or
    ///   another `SceneLinkError`.
    public func resolve(_ link: URL, format: LinkFormat) async throws(SceneLinkError) -> Data {
        try await resolveResponse(link, format: format).body
    }

    /// The canonical links of a stack, for share-this-screen.
    ///
    /// ```swift
    /// let links = try await client.links(for: JSONEncoder().encode(path.codable))
    /// ShareLink(item: links.httpsURL!)
    /// ```
    /// - Parameter navigationPath: a `NavigationPath.CodableRepresentation` as JSON (top first),
    ///   or the element list of `LinkResolution.elements`, encoded.
    /// - Returns: the route that yields exactly that stack and its links.
    /// - Throws: `.problem` with `422` when no route yields the stack, or another `SceneLinkError`.
    public func links(for navigationPath: Data) async throws(SceneLinkError) -> ScreenLinks {
        var endpoint = Endpoint(method: "POST", path: ["v1", "links"], body: navigationPath)
        endpoint.headers["Content-Type"] = "application/json"
        let response = try await send(endpoint).response
        guard response.status == 200 else { throw failure(response, sessionCall: false) }
        let wire = try decode(LinksWire.self, from: response, what: "links answer")
        return ScreenLinks(route: wire.route, scheme: wire.scheme, https: wire.https)
    }

    /// `link` without the query item `sl_qr=1` that SceneLink's QR codes carry so that a scan is
    /// counted as one; any other query item, and the order of the rest, stay as they are. An app
    /// that handles an opened URL itself passes it through this first.
    ///
    /// ```swift
    /// .onOpenURL { url in route(SceneLinkClient.withoutQRMarker(url)) }
    /// ```
    public static func withoutQRMarker(_ link: URL) -> URL {
        guard var components = URLComponents(url: link, resolvingAgainstBaseURL: false),
              let items = components.percentEncodedQueryItems, items.contains(where: { $0.name == "sl_qr" && $0.value == "1" })
        else { return link }
        let kept = items.filter { !($0.name == "sl_qr" && $0.value == "1") }
        components.percentEncodedQueryItems = kept.isEmpty ? nil : kept
        return components.url ?? link
    }

    private func resolveResponse(_ link: URL, format: LinkFormat?) async throws(SceneLinkError) -> TransportResponse {
        var endpoint = Endpoint(method: "GET", path: ["v1", "resolve"], query: [("url", Self.withoutQRMarker(link).absoluteString)])
        if let format { endpoint.query.append(("format", format.rawValue)) }
        let response = try await send(endpoint).response
        guard response.status == 200 else { throw failure(response, sessionCall: false) }
        return response
    }
}

/// The resolve document.
private struct ResolutionWire: Decodable {
    struct Canonical: Decodable {
        var scheme: String?
        var https: String?
    }
    var link: String
    var route: String?
    var parameters: [String: SceneLinkJSON]
    var elements: [LinkElement]
    var navigationPath: [String]
    var selection: LinkElement?
    var canonical: Canonical
}

/// `POST /v1/links`'s answer.
private struct LinksWire: Decodable {
    var route: String?
    var scheme: String?
    var https: String?
}
