/// The query item SceneLink adds to the URLs it draws as QR codes (`sl_qr=1`), so a visit that
/// came from a scan is told apart from a click.
///
/// Resolving ignores it like any query item a route does not list; `SceneLinkClient` strips it
/// before an app sees the link; `GET /v1/qr?url=` never adds it (it draws exactly what it is given).
public enum QRMarker {
    /// The query item's name.
    public static let name = "sl_qr"
    /// The query item as written: `sl_qr=1`.
    public static let item = "sl_qr=1"

    /// `url` with the marker appended to its query.
    public static func marking(_ url: String) -> String {
        let fragment = url.firstIndex(of: "#")
        let base = fragment.map { String(url[..<$0]) } ?? url
        let tail = fragment.map { String(url[$0...]) } ?? ""
        return base + (base.contains("?") ? "&" : "?") + item + tail
    }

    /// Whether a raw query (after `?`) carries the marker.
    public static func isMarked(query: Substring) -> Bool {
        query.split(separator: "&", omittingEmptySubsequences: true).contains { $0 == item }
    }
}
