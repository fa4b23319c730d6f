/// The keys each object of a route file may have. Any other key is reported as a typo
/// with the closest of these, except keys starting with `x-`, which are free for notes.
///
/// Objects whose keys are names the user chooses (`types`, `cases`, `fields`, `query`, the
/// values of a struct) are not listed: their keys are checked as names where they are read.
enum RouteFileKeys {
    static let document = ["app", "types", "routes"]
    static let app = ["name", "schemes", "hosts", "apple", "android", "fallback", "localized", "pages"]
    /// An entry of `app.localized`.
    static let localizedApp = ["name"]
    static let pages = ["defaultLanguage", "theme"]
    static let theme = ["accent", "background", "text", "logo"]
    static let apple = ["teamID", "bundleIDs", "appStoreID", "appClip"]
    static let android = ["package", "sha256CertFingerprints", "playStoreURL"]
    static let fallback = ["web", "ios", "android"]
    static let type = ["tag", "rawValue", "cases", "fields"]
    static let route = ["name", "path", "query", "push", "selection", "routes", "preview", "fallback", "aliases"]
    static let optionalQueryItem = ["param", "default"]
    static let element = ["type", "value"]
    static let preview = ["title", "description", "image", "localized"]
    /// An entry of `preview.localized`.
    static let localizedPreview = ["title", "description", "image"]

    /// The known key nearest to `key`, when it is near enough to be what was meant
    /// (`NearestName`).
    static func closest(to key: String, in known: [String]) -> String? {
        NearestName.closest(to: key, in: known)
    }
}
