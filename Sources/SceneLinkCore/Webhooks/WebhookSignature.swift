import Foundation

/// The Standard Webhooks v1 signature: `v1,` and the base64 HMAC-SHA256 of
/// `"{webhook-id}.{webhook-timestamp}.{body}"` under the endpoint's secret.
///
/// During a key rotation a delivery carries one signature per secret, separated by spaces
/// (`v1,AAA… v1,BBB…`); a receiver accepts the delivery when any one verifies, so it may switch
/// to the new secret at any moment of the overlap.
///
/// ```swift
/// let header = WebhookSignature.header(id: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: 1614265330,
///                                      body: Array(#"{"test": 2432232314}"#.utf8), secrets: [secret])
/// // "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
/// ```
public enum WebhookSignature {
    /// The signature of one delivery under one secret: `v1,BASE64`.
    public static func signature(id: String, timestamp: Int64, body: [UInt8], secret: WebhookSecret) -> String {
        var signed = Array("\(id).\(timestamp).".utf8)
        signed.append(contentsOf: body)
        let mac = HMACSHA256.authenticationCode(key: secret.bytes, message: signed)
        return "v1," + Data(mac).base64EncodedString()
    }

    /// The `webhook-signature` header value: one signature per secret, in the order given,
    /// separated by single spaces.
    public static func header(id: String, timestamp: Int64, body: [UInt8], secrets: [WebhookSecret]) -> String {
        secrets.map { signature(id: id, timestamp: timestamp, body: body, secret: $0) }.joined(separator: " ")
    }
}
