/// What `short_link.clicked` says about the visit that clicked: its class, trigger, platform and
/// country, derived at request time. Nothing that could identify the visitor.
public struct ShortLinkClickVisit: Sendable, Equatable {
    public var visitClass: VisitClass
    public var trigger: VisitTrigger
    public var platform: VisitPlatform
    /// Two letters upper case, or `unknown`.
    public var country: String

    public init(visitClass: VisitClass, trigger: VisitTrigger, platform: VisitPlatform, country: String) {
        self.visitClass = visitClass
        self.trigger = trigger
        self.platform = platform
        self.country = country
    }

    /// `{"class":"human","trigger":"qr","platform":"ios","country":"JP"}`.
    public var json: JSONValue {
        .object([("class", .string(visitClass.rawValue)), ("trigger", .string(trigger.rawValue)),
                 ("platform", .string(platform.rawValue)), ("country", .string(country))])
    }
}
