/// A strong entity tag (RFC 9110 §8.8.3), the `ETag` of a value or a scene.
///
/// Tags are opaque to clients. SceneLink writes `"v<revision>"` for a value and
/// `"s<revision>"` for a scene, `"l<revision>"` for a short link (its own counter, see
/// `ShortLink.revision`); value and scene revisions come from one counter per store that never
/// goes back, so a value deleted and created again never repeats an old tag.
public struct EntityTag: Hashable, Sendable, CustomStringConvertible {
    /// The tag without quotes.
    public let opaqueTag: String
    /// True for a weak tag (`W/"..."`), which only a client can send; ours are strong.
    public let isWeak: Bool

    public init(opaqueTag: String, isWeak: Bool = false) {
        self.opaqueTag = opaqueTag
        self.isWeak = isWeak
    }

    /// The tag of a value at `revision`.
    public static func value(revision: Int64) -> EntityTag { EntityTag(opaqueTag: "v\(revision)") }

    /// The tag of a scene at `revision`.
    public static func scene(revision: Int64) -> EntityTag { EntityTag(opaqueTag: "s\(revision)") }

    /// The tag of a short link at `revision` (`ShortLink.revision`, counted per link).
    public static func shortLink(revision: Int64) -> EntityTag { EntityTag(opaqueTag: "l\(revision)") }

    /// The header form: `"v12"` or `W/"v12"`.
    public var headerValue: String { (isWeak ? "W/" : "") + "\"" + opaqueTag + "\"" }

    public var description: String { headerValue }

    /// Strong comparison (RFC 9110 §8.8.3.2): both strong and the same characters. `If-Match` uses it.
    public func matchesStrongly(_ other: EntityTag) -> Bool {
        !isWeak && !other.isWeak && opaqueTag == other.opaqueTag
    }

    /// Weak comparison: the same characters, weakness ignored. `If-None-Match` uses it.
    public func matchesWeakly(_ other: EntityTag) -> Bool { opaqueTag == other.opaqueTag }
}
