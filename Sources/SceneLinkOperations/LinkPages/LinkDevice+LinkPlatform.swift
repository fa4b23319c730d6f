import SceneLinkCore

extension LinkDevice {
    /// The device a link page's platform stands for when nothing finer is known: iOS an iPhone,
    /// the web a desktop.
    public init(_ platform: LinkPlatform) {
        switch platform {
        case .ios: self = .iPhone
        case .android: self = .android
        case .web: self = .desktop
        }
    }
}
