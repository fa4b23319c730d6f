/// Whether a stored value's `Content-Type` declares JSON: `application/json` or any `+json`
/// type (RFC 6839), parameters and case aside. A value so declared must parse as JSON when it is
/// saved, and is embedded as JSON in a scene document when it is read.
package enum JSONMediaType {
    package static func declares(_ contentType: String) -> Bool {
        let essence = (contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? "")
            .trimmingCharacters(in: .whitespaces).lowercased()
        return essence == "application/json" || essence.hasSuffix("+json")
    }
}
