/// How a visitor came: a tap or click on the link, or a scan of a QR code SceneLink drew
/// (its URL carries `QRMarker`).
public enum VisitTrigger: String, Sendable, CaseIterable {
    case click
    case qr
}
