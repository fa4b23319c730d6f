/// Why a browser, or another system a URL is shown to (the WHATWG URL Standard), would read a
/// host as another one, so that SceneLink refuses it wherever it takes a host: webhook URLs,
/// route-file hosts, fallbacks and preview images.
public enum HostAmbiguity {
    /// What is ambiguous in `host` (as written, without brackets, userinfo or port), as a clause
    /// that follows "its " in a message: a percent-escape, non-ASCII letters (browsers send the
    /// ASCII `xn--` form), or an IPv4 address in hex, octal or a short form (`0x7f.1`,
    /// `0177.0.0.1`, `127.1`, which they read as the dotted address). Nil when it reads the same
    /// everywhere; a canonical dotted IPv4 address does.
    public static func reason(host: String) -> String? {
        if host.contains("%") { return "host \(host) has a percent-escape; write the host as it is" }
        if host.utf8.contains(where: { $0 >= 0x80 }) {
            return "host \(host) has letters outside ASCII; write it in the ASCII form browsers send (xn--…)"
        }
        guard isIPv4Like(host) else { return nil }
        return isCanonicalIPv4(host) ? nil
            : "host \(host) reads as an IPv4 address written in hex, octal or a short form; "
                + "write the address as four decimal numbers (such as 203.0.113.7) or use a name"
    }

    /// Whether a browser reads `host` as an IPv4 address: its last non-empty label is a decimal
    /// or `0x` hex number.
    public static func isIPv4Like(_ host: String) -> Bool {
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        let last = labels.last(where: { !$0.isEmpty }) ?? ""
        return !last.isEmpty && (last.allSatisfy(isDigit)
            || (last.lowercased().hasPrefix("0x") && last.dropFirst(2).allSatisfy(\.isHexDigit)))
    }

    /// Four decimal labels from 0 to 255 without leading zeros.
    static func isCanonicalIPv4(_ host: String) -> Bool {
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count == 4 && labels.allSatisfy { label in
            !label.isEmpty && label.count <= 3 && label.allSatisfy(isDigit) && (label == "0" || label.first != "0")
                && (Int(label) ?? 256) <= 255
        }
    }

    private static func isDigit(_ character: Character) -> Bool { ("0"..."9").contains(character) }
}
