/// The two files that let phones open the route file's https links in the app, made from
/// the route table (no I/O): `/.well-known/apple-app-site-association` from `app.apple` and
/// `/.well-known/assetlinks.json` from `app.android`. The same document serves every host.
///
/// Both use the components of `AssociationComponents`: server paths excluded, short links
/// claimed, then each route. A document over `maximumBytes` (Apple's limit) is made again
/// with coarser components (`AssociationDetail`) until it fits.
///
/// ```swift
/// let table = try RouteTable(routeFile: bytes)
/// table.associationFiles.apple?.text   // {"applinks":{"details":[...]},"webcredentials":{...}}
/// ```
public struct AssociationFiles: Sendable, Equatable {
    /// The largest document Apple reads: 128 KB.
    public static let maximumBytes = 128 * 1024
    /// Above this size `scenelink check` warns that the document nears the limit.
    public static let warningBytes = 96 * 1024

    /// The `apple-app-site-association` document; nil without `app.apple`.
    public let apple: AssociationDocument?
    /// The `assetlinks.json` document; nil without `app.android`.
    public let android: AssociationDocument?

    init(appLinks: AppLinks, routes: [Route], shortLinkPath: ShortLinkPath = .standard) {
        // Each detail's components are made once, for both documents, and only while they can fit.
        var made: [AssociationDetail: [AssociationComponent]?] = [:]
        func components(_ detail: AssociationDetail) -> [AssociationComponent]? {
            if let known = made[detail] { return known }
            let found = AssociationComponents.make(routes: routes, detail: detail, shortLinkPath: shortLinkPath,
                                                   budget: detail == AssociationDetail.allCases.last ? .max : Self.maximumBytes)
            made[detail] = found
            return found
        }
        apple = appLinks.apple.map { app in
            Self.fitting(components) { Self.appleDocument(app, components: $0) }
        }
        android = appLinks.android.isEmpty ? nil : Self.fitting(components) {
            Self.androidDocument(appLinks.android, components: $0)
        }
    }

    /// The finest document that fits, or the coarsest one. `components` answers nil for a
    /// detail whose components alone are over the limit.
    private static func fitting(_ components: (AssociationDetail) -> [AssociationComponent]?,
                                _ make: ([AssociationComponent]) -> [UInt8]) -> AssociationDocument {
        var last: (bytes: [UInt8], detail: AssociationDetail, components: [AssociationComponent]) = ([], .everything, [])
        for detail in AssociationDetail.allCases {
            guard let found = components(detail) else { continue }
            last = (make(found), detail, found)
            if last.bytes.count <= maximumBytes { break }
        }
        return AssociationDocument(bytes: last.bytes, detail: last.detail, components: last.components)
    }

    /// `{"applinks":{"details":[{"appIDs":[...],"components":[...]}]},"webcredentials":{"apps":[...]}}`,
    /// plus `"appclips":{"apps":["TEAMID.CLIP"]}` when the file names an App Clip (`app.apple.appClip`).
    static func appleDocument(_ app: AppleApp, components: [AssociationComponent]) -> [UInt8] {
        let appIDs = JSONValue.array(app.appIDs.map(JSONValue.string))
        let details = JSONValue.object([(key: "appIDs", value: appIDs),
                                        (key: "components", value: .array(components.map { $0.json(apple: true) }))])
        var members: [(key: String, value: JSONValue)] = [
            (key: "applinks", value: .object([(key: "details", value: .array([details]))])),
            (key: "webcredentials", value: .object([(key: "apps", value: appIDs)])),
        ]
        if let clip = app.appClipID {
            members.append((key: "appclips", value: .object([(key: "apps", value: .array([.string(clip)]))])))
        }
        return JSONWriter.encode(.object(members), escapingSlashes: false)
    }

    /// One Digital Asset Links statement per app (package and its fingerprints), each with the
    /// components as Android 15's `dynamic_app_link_components`.
    static func androidDocument(_ apps: [AndroidApp], components: [AssociationComponent]) -> [UInt8] {
        let relation = "delegate_permission/common.handle_all_urls"
        let dynamic = JSONValue.array(components.map { $0.json(apple: false) })
        let statements = apps.map { app in
            JSONValue.object([
                (key: "relation", value: .array([.string(relation)])),
                (key: "target", value: .object([
                    (key: "namespace", value: .string("android_app")),
                    (key: "package_name", value: .string(app.package)),
                    (key: "sha256_cert_fingerprints", value: .array(app.sha256CertFingerprints.map(JSONValue.string))),
                ])),
                (key: "relation_extensions", value: .object([
                    (key: relation, value: .object([(key: "dynamic_app_link_components", value: dynamic)])),
                ])),
            ])
        }
        return JSONWriter.encode(.array(statements), escapingSlashes: false)
    }

    /// What `scenelink check` says about the documents' size: empty when both are well
    /// under the limit.
    public var warnings: [String] {
        var out: [String] = []
        for (name, document) in [("apple-app-site-association", apple), ("assetlinks.json", android)] {
            guard let document else { continue }
            if document.detail > .routes {
                out.append("\(name) would be over \(Self.maximumBytes / 1024) KB with one component per route, so it claims \(document.detail.phrase) (\(document.bytes.count) bytes); fewer routes or parameters with fewer values make it exact again.")
            } else if document.bytes.count > Self.warningBytes {
                out.append("\(name) is \(document.bytes.count) bytes, near Apple's limit of \(Self.maximumBytes / 1024) KB; beyond it the file claims whole path prefixes instead of routes.")
            }
        }
        return out
    }
}
