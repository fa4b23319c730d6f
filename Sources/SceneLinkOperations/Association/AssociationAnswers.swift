import SceneLinkCore
import SceneLinkHTTP

/// The two association files' answers for one route table (`apple-app-site-association` and
/// `assetlinks.json`), built once per table: the ready `application/json` response with its `ETag`,
/// or the 404 problem naming the route-file field to add. `AssociationEndpoints` serves them; the
/// console's System page checks them.
package struct AssociationAnswers: Sendable {
    /// Browsers and the platforms' CDNs may keep the files an hour; a reload changes the `ETag`.
    package static let cacheControl = "public, max-age=3600"

    package var apple: HTTPResponse
    package var appleTag: String?
    package var android: HTTPResponse
    package var androidTag: String?

    private init(apple: HTTPResponse, appleTag: String?, android: HTTPResponse, androidTag: String?) {
        self.apple = apple
        self.appleTag = appleTag
        self.android = android
        self.androidTag = androidTag
    }

    package init(for table: RouteTable) {
        let files = table.associationFiles
        self.init(
            apple: files.apple.map(Self.document) ?? Self.missing(
                type: "no-apple-app", file: "apple-app-site-association",
                detail: "This route file names no iOS app, so there is no apple-app-site-association; add \"app.apple\": { \"teamID\": \"A1B2C3D4E5\", \"bundleIDs\": [\"com.example.app\"] } and reload."),
            appleTag: files.apple?.entityTag,
            android: files.android.map(Self.document) ?? Self.missing(
                type: "no-android-app", file: "assetlinks.json",
                detail: "This route file names no Android app, so there is no assetlinks.json; add \"app.android\": { \"package\": \"com.example.app\", \"sha256CertFingerprints\": [\"14:6D:...\"] } and reload."),
            androidTag: files.android?.entityTag)
    }

    private static func document(_ document: AssociationDocument) -> HTTPResponse {
        HTTPResponse(contentType: "application/json", body: document.bytes,
                     headers: ["ETag": document.entityTag, "Cache-Control": cacheControl])
    }

    private static func missing(type: String, file: String, detail: String) -> HTTPResponse {
        HTTPProblem(status: .notFound, type: HTTPProblem.typeBase + type, title: "No \(file) for this route file",
                    detail: detail).response(headers: ["Cache-Control": "no-cache"])
    }
}
