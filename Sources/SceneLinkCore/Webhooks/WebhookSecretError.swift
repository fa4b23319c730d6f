/// Why a webhook secret was refused.
public enum WebhookSecretError: Error, Equatable, Sendable, CustomStringConvertible {
    case missingPrefix
    case notBase64
    case wrongLength(Int)

    public var description: String {
        switch self {
        case .missingPrefix:
            return "The webhook secret does not start with 'whsec_'; give it as SceneLink showed it."
        case .notBase64:
            return "The webhook secret is not base64 after 'whsec_'; give it as SceneLink showed it."
        case .wrongLength(let count):
            return "The webhook secret has \(count) key bytes; Standard Webhooks secrets have 24 to 64."
        }
    }
}
