/// The iOS app that opens the route file's https links (`app.apple`): what the
/// `apple-app-site-association` file names and where the link page sends an iPhone.
public struct AppleApp: Sendable, Equatable {
    /// The team ID: 10 upper-case letters and digits (`A1B2C3D4E5`).
    public let teamID: String
    /// The app's bundle IDs (`com.example.app`), one or more.
    public let bundleIDs: [String]
    /// The App Store ID (digits), when the app is published.
    public let appStoreID: String?
    /// The App Clip's bundle ID (`com.example.app.Clip`), when the app has one: the association
    /// file then lists it under `appclips`, so the Clip can be launched from the app's links.
    public let appClip: String?

    public init(teamID: String, bundleIDs: [String], appStoreID: String? = nil, appClip: String? = nil) {
        self.teamID = teamID
        self.bundleIDs = bundleIDs
        self.appStoreID = appStoreID
        self.appClip = appClip
    }

    /// `TEAMID.clipBundleID`, as `appclips` names the App Clip.
    public var appClipID: String? { appClip.map { teamID + "." + $0 } }

    /// `TEAMID.bundleID` for every bundle ID, as association files name apps.
    public var appIDs: [String] { bundleIDs.map { teamID + "." + $0 } }

    /// The App Store page (`https://apps.apple.com/app/id123`), when `appStoreID` is known.
    public var appStoreURL: String? { appStoreID.map { "https://apps.apple.com/app/id" + $0 } }
}
