import Foundation
import SceneLinkCore
import SceneLinkNetwork
#if canImport(Glibc)
import Glibc
#endif

/// Where a webhook may be sent. A receiver's URL must be `https` (or `http` with
/// `--webhook-allow-private`), name a host, carry no user or password, and be at most 2048
/// bytes. Unless private targets are allowed, the host must not be, or resolve to, a loopback,
/// private, shared (CGNAT), link-local, multicast, reserved or unspecified address: a webhook
/// must not become a way to reach the server's own network. The URL and the name's current
/// addresses are checked here when the endpoint is registered; at delivery,
/// `WebhookEgressGuard` checks the addresses it resolves and connects to exactly one of them.
package enum WebhookTarget {
    package static let maximumURLBytes = 2048

    /// Why a URL or an address is refused, as a sentence for a problem or a delivery's last error.
    package struct Refusal: Error, Equatable, CustomStringConvertible {
        package let description: String
    }

    /// The checked URL, or the refusal.
    package static func validate(_ text: String, allowPrivate: Bool) throws(Refusal) -> URL {
        guard text.utf8.count <= maximumURLBytes else {
            throw Refusal(description: "The url is \(text.utf8.count) bytes long; use at most \(maximumURLBytes).")
        }
        guard let components = URLComponents(string: text), let url = components.url,
              let scheme = components.scheme?.lowercased(), let host = components.host, !host.isEmpty else {
            throw Refusal(description: "The url must be an absolute URL such as https://hooks.example.com/scenelink.")
        }
        guard scheme == "https" || (scheme == "http" && allowPrivate) else {
            throw Refusal(description: allowPrivate ? "The url must be http or https."
                : "The url must be https (http is allowed only when scenelink runs with --webhook-allow-private).")
        }
        guard components.user == nil, components.password == nil else {
            throw Refusal(description: "The url must not carry a user or password; authenticate deliveries by their signature.")
        }
        // As written: URLComponents' `host` is already percent-decoded.
        if let ambiguity = Self.ambiguity(ofHost: components.percentEncodedHost ?? host) { throw Refusal(description: ambiguity) }
        if !allowPrivate, let address = IPAddress(host),
           !address.isPublic {
            throw Refusal(description: privateMessage(host))
        }
        if !allowPrivate, host.lowercased() == "localhost" || host.lowercased().hasSuffix(".localhost") {
            throw Refusal(description: privateMessage(host))
        }
        return url
    }

    /// Registration's check of a name: resolves `host` and refuses it when any of its addresses
    /// is not public, or when it does not resolve. It tells the caller early; it pins nothing (the
    /// name may answer differently later), which is `WebhookEgressGuard`'s job at every attempt.
    /// Blocks: call it off the I/O queues.
    package static func checkResolved(host: String, resolver: any HostResolver = SystemHostResolver()) throws(Refusal) {
        let name = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if let literal = IPAddress(name) {
            guard literal.isPublic else { throw Refusal(description: privateMessage(host)) }
            return
        }
        let addresses = (try? resolver.addresses(of: name)) ?? []
        guard !addresses.isEmpty else { throw Refusal(description: "The host \(host) does not resolve.") }
        if addresses.contains(where: { !$0.isPublic }) { throw Refusal(description: privateMessage(host)) }
    }

    /// Why a browser, or another system the URL is shown to, would read `host` as another host
    /// (`HostAmbiguity`), as a sentence; nil when it reads the same everywhere.
    package static func ambiguity(ofHost host: String) -> String? {
        HostAmbiguity.reason(host: host).map { "The url's \($0)." }
    }

    private static func privateMessage(_ host: String) -> String {
        "The host \(host) is or resolves to a loopback, private, link-local or multicast address; webhooks go to "
            + "public addresses only (run scenelink with --webhook-allow-private to allow private ones)."
    }
}
