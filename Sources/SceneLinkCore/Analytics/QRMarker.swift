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
        // Byte scans: Foundation's `contains` on a String is a CFString search, which every link
        // page built at start-up (and on each reload) would pay for.
        let fragment = url.utf8.firstIndex(of: UInt8(ascii: "#")) ?? url.utf8.endIndex
        let hasQuery = url.utf8[..<fragment].contains(UInt8(ascii: "?"))
        return String(url[..<fragment]) + (hasQuery ? "&" : "?") + item + String(url[fragment...])
    }

    /// Whether a raw query (after `?`) carries the marker.
    public static func isMarked(query: Substring) -> Bool {
        query.split(separator: "&", omittingEmptySubsequences: true).contains { $0 == item }
    }
}
