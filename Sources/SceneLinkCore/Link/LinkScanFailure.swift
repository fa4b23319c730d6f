/// Why `LinkScanner` could not read a link as one of the app's. `ResolveError` turns it into
/// the answer's sentence.
enum LinkScanFailure: Error, Equatable {
    /// Not a link at all, or one the grammar refuses; `reason` completes "is not a valid link: …".
    case invalid(reason: String)
    /// A scheme the app does not use (lowercased), and the accepted link prefixes.
    case unknownScheme(scheme: String, configured: [String])
    /// An https link whose host (lowercased, without userinfo or port) is not listed.
    case unknownHost(host: String, configured: [String])
}
