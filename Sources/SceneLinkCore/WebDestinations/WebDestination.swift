/// What a short link's target is, when it is not a screen of the app: a web page on an
/// allowed site (`LinkDomains`), or a link that cannot be one, with the reason.
public enum WebDestination: Sendable, Equatable {
    /// An https page on a listed site: visitors are redirected to it.
    case allowed(host: String)
    /// A web link SceneLink will not send visitors to: the sentence says why and what to do.
    case refused(String)
}

extension LinkDomains {
    /// What `link` is as a destination: nil when it is not a web page off the app's hosts
    /// (a custom-scheme link, or an http(s) link on one of `appHosts`: a screen, which the route
    /// table resolves), else whether it may be one.
    public func webDestination(_ link: String, appHosts: [String]) -> WebDestination? {
        guard let host = LinkCampaign.host(of: link),
              !appHosts.contains(where: { $0.lowercased() == host }) else { return nil }
        let sites = isEmpty ? "no web sites are allowed (start the server with --link-domains example.org to allow some)"
            : "the allowed web sites are \(entries.joined(separator: ", ")) (--link-domains)"
        guard link.utf8.count > 8, link.prefix(8).lowercased() == "https://" else {
            return .refused("\(link.prefix(200)) is not a screen of the app (its hosts are \(appHosts.joined(separator: ", "))), "
                + "and a web page must be https.")
        }
        if let problem = RouteFileLoader.urlProblem(TextTemplate(chunks: [.text(link)]), allowedSchemes: ["https"]) {
            return .refused("\(link.prefix(200)) cannot be a web destination: \(problem).")
        }
        guard allows(host: host) else {
            return .refused("\(host) is not one of the app's hosts (\(appHosts.joined(separator: ", "))), and \(sites).")
        }
        return .allowed(host: host)
    }
}
