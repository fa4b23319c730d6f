import Foundation

/// A claim as an app presents it for redemption, read into the key that finds it and the
/// source it came from.
///
/// What is accepted, in the order it is tried (surrounding spaces ignored):
/// 1. A Play referrer string (it has `=`): the `scenelink_claim` item's token, source `referrer`.
///    Other items (`utm_source=…`) may come with it, joined by `&`.
/// 2. An https URL: `https://HOST/c/TOKEN` on one of the app's hosts, read by `LinkScanner`,
///    source `url`.
/// 3. A code as typed (`ABCD-EFGH`, see `ClaimCode(typed:)`), source `code`.
/// 4. A bare token (27 characters), source `url`: an app that took it out of a claim URL.
///
/// ```swift
/// let reference = try ClaimReference(reading: "scenelink_claim=aMYXFAAAAAFircmbRpf719Wk3Cc", hosts: table.hosts,
///                                    codes: store.claimCodes, at: now)
/// reference.source   // .referrer
/// ```
public struct ClaimReference: Sendable, Equatable {
    /// The name of the Play referrer item that carries the token.
    public static let referrerItemName = "scenelink_claim"

    public var key: ClaimKey
    public var source: ClaimSource

    public init(key: ClaimKey, source: ClaimSource) {
        self.key = key
        self.source = source
    }

    /// Reads what an app sent as `claim`; a code reads as the id of a claim made before `now`
    /// (`ClaimCodeCipher.claimID(of:at:)`).
    /// - Throws: `ClaimInputError` saying which form was recognised and what is wrong with it.
    public init(reading input: String, hosts: [String], codes: ClaimCodeCipher, at now: Date) throws(ClaimInputError) {
        let text = Self.trimmed(input)
        if text.utf8.contains(UInt8(ascii: "=")) && !Self.isHTTPS(text) {
            guard let items = LinkScanner.queryItems(of: Array(text.utf8)),
                  let token = items.first(where: { $0.name == Self.referrerItemName })?.value else {
                throw ClaimInputError.noClaimInReferrer(text)
            }
            self.init(key: .token(try ClaimToken(token)), source: .referrer)
        } else if Self.isHTTPS(text) {
            guard let token = ClaimToken.tokenText(inClaimURL: text, hosts: hosts) else {
                throw ClaimInputError.notAClaimURL(text)
            }
            self.init(key: .token(try ClaimToken(token)), source: .url)
        } else if let code = try? ClaimCode(typed: text) {
            self.init(key: .code(code, claimID: codes.claimID(of: code, at: now)), source: .code)
        } else if text.utf8.count == ClaimToken.length {
            self.init(key: .token(try ClaimToken(text)), source: .url)
        } else if text.utf8.count <= ClaimCode.length + 2 {
            throw ClaimInputError.malformedCode(text)
        } else {
            throw ClaimInputError.unrecognised(text)
        }
    }

    private static func isHTTPS(_ text: String) -> Bool {
        text.utf8.count >= 8 && text.utf8.prefix(8).map { $0 | 0x20 }.elementsEqual("https://".utf8.map { $0 | 0x20 })
    }

    private static func trimmed(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }),
              let end = bytes.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(decoding: bytes[start...end], as: UTF8.self)
    }
}
