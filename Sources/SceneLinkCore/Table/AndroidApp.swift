/// An Android app that opens the route file's https links (`app.android`): what
/// `assetlinks.json` names and where the link page sends an Android phone.
public struct AndroidApp: Sendable, Equatable {
    /// The application ID (`com.example.app`).
    public let package: String
    /// SHA-256 fingerprints of the signing certificates: 32 upper-case hex pairs joined by `:`.
    public let sha256CertFingerprints: [String]
    /// The Play Store page as the route file gives it, if it does.
    public let playStoreURL: String?

    public init(package: String, sha256CertFingerprints: [String], playStoreURL: String? = nil) {
        self.package = package
        self.sha256CertFingerprints = sha256CertFingerprints
        self.playStoreURL = playStoreURL
    }

    /// `playStoreURL`, or the Play Store page of `package`.
    public var storeURL: String {
        playStoreURL ?? "https://play.google.com/store/apps/details?id=" + LinkPrinter.encodeQuery(package)
    }
}
