/// What a campaign parameter's value may be, checked wherever one is set (the API, an import, a
/// long link): one place, so every door refuses the same values with the same sentence.
public enum LinkCampaignRules {
    /// The longest value of a UTM parameter, in characters.
    public static let maximumLength = 200
    /// The longest App Store campaign token (`ct`), as App Store Connect allows.
    public static let maximumCampaignTokenLength = 40

    /// Why `value` cannot be parameter `name`'s (one of `LinkCampaign.names`), or nil when it can.
    public static func problem(name: String, value: String) -> String? {
        if value.isEmpty { return "\"\(name)\" is empty; give a value or leave it out" }
        if value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "\"\(name)\" holds a control character"
        }
        switch name {
        case "pt", "mt":
            guard value.utf8.count <= 20, value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                return "\"\(name)\" is the App Store's \(name == "pt" ? "provider token" : "media type"), digits only (such as \"\(name == "pt" ? "118950" : "8")\")"
            }
        case "ct":
            if value.count > maximumCampaignTokenLength {
                return "\"ct\" is \(value.count) characters long; the App Store keeps at most \(maximumCampaignTokenLength)"
            }
        default:
            if value.count > maximumLength { return "\"\(name)\" is \(value.count) characters long; give at most \(maximumLength)" }
        }
        return nil
    }
}
