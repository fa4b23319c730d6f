/// The web sites a short link may send its visitors to, besides the app's screens
/// (`--link-domains example.org,*.example.org`): each entry a host named exactly, or `*.DOMAIN`
/// for every host under DOMAIN (not DOMAIN itself, which is listed on its own). Empty by
/// default: a short link then points only at a screen of the app.
///
/// The list is checked when a link is saved and again when it is followed
/// (`webDestination(_:appHosts:)`), so a site taken off the list stops being a destination at
/// once, and nothing a visitor sends can make SceneLink redirect anywhere else.
public struct LinkDomains: Sendable, Equatable, CustomStringConvertible {
    /// The entries, lower-cased, in the order given.
    public let entries: [String]

    /// No web destinations.
    public static let none = LinkDomains(checkedEntries: [])

    private init(checkedEntries: [String]) {
        entries = checkedEntries
    }

    /// The list of a flag's value: entries separated by commas (spaces around them ignored);
    /// "" for none.
    /// - Throws: `LinkDomainsError` naming the first entry that is not a host name or `*.DOMAIN`.
    public init(parsing text: String) throws(LinkDomainsError) {
        var entries: [String] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let entry = part.trimmingASCIISpaces().lowercased()
            if entry.isEmpty && text.trimmingASCIISpaces().isEmpty { continue }
            let host = entry.hasPrefix("*.") ? String(entry.dropFirst(2)) : entry
            guard Self.isHostName(host) else { throw LinkDomainsError(entry: String(part)) }
            if !entries.contains(entry) { entries.append(entry) }
        }
        self.init(checkedEntries: entries)
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// The entries as the flag takes them, `(none)` for none.
    public var description: String { entries.isEmpty ? "(none)" : entries.joined(separator: ",") }

    /// Whether `host` (lower-case) is on the list: named exactly, or under a `*.DOMAIN` entry.
    public func allows(host: String) -> Bool {
        entries.contains { entry in
            if entry.hasPrefix("*.") {
                let domain = entry.dropFirst(1)   // ".example.org"
                return host.hasSuffix(domain) && host.utf8.count > domain.utf8.count
            }
            return host == entry
        }
    }

    /// A DNS name of letters, digits and hyphens in dot-separated labels of 1 to 63 bytes, at
    /// most 253 bytes, with at least two labels (no address literals: a list names sites).
    static func isHostName(_ text: String) -> Bool {
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        guard text.utf8.count <= 253, labels.count >= 2 else { return false }
        return labels.allSatisfy { label in
            (1...63).contains(label.utf8.count) && label.utf8.first != UInt8(ascii: "-") && label.utf8.last != UInt8(ascii: "-")
                && label.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "-") }
        } && !(labels.last?.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } ?? true)
    }
}

extension Substring {
    fileprivate func trimmingASCIISpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

extension String {
    fileprivate func trimmingASCIISpaces() -> String { self[...].trimmingASCIISpaces() }
}
