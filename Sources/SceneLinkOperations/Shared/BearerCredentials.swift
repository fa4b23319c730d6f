import Foundation
import SceneLinkText

/// The one reading of `Authorization: Bearer TOKEN` (RFC 6750 §2.1), for session tokens and the
/// admin token alike: the scheme is ASCII case-insensitive, the token is token68 (RFC 9110
/// §11.2) of at most `maximumTokenBytes`. Spaces may come before the scheme; a space follows
/// it; spaces and tabs around the token are dropped.
package enum BearerCredentials {
    /// The longest token read.
    package static let maximumTokenBytes = 512

    /// Why a field is not a bearer token; each caller words its own refusal.
    package enum Failure: Error, Equatable {
        /// Another scheme, or no token after it.
        case notBearer
        /// A bearer token that is not token68, or too long.
        case malformed
    }

    /// The token of one `Authorization` field.
    ///
    /// One pass over the bytes. A field with non-ASCII bytes after the scheme takes the one
    /// general branch, `tokenWithUnicodeSpaces`, which also drops Unicode spaces (such as
    /// U+00A0) around the token.
    package static func token(inField field: String) throws(Failure) -> String {
        enum Parse { case token(String), failure(Failure), nonASCII }
        var contiguous = field
        let parsed = contiguous.withUTF8 { bytes -> Parse in
            let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
            var index = 0, end = bytes.count
            while index < end, bytes[index] == space { index += 1 }
            let scheme: StaticString = "bearer"
            guard end - index > scheme.utf8CodeUnitCount,
                  ASCIICase.equal(bytes[index..<(index + scheme.utf8CodeUnitCount)], token: scheme)
            else { return .failure(.notBearer) }
            index += scheme.utf8CodeUnitCount
            guard bytes[index] == space else { return .failure(.notBearer) }
            index += 1
            guard index < end else { return .failure(.notBearer) }
            while index < end, bytes[index] == space || bytes[index] == tab { index += 1 }
            while end > index, bytes[end - 1] == space || bytes[end - 1] == tab { end -= 1 }
            let token = bytes[index..<end]
            guard token.count <= maximumTokenBytes, isToken68(token) else {
                // A valid token is ASCII, so non-ASCII bytes are looked for only in a refused one.
                return bytes[index...].contains(where: { $0 >= 0x80 }) ? .nonASCII : .failure(.malformed)
            }
            return .token(String(decoding: UnsafeBufferPointer(rebasing: token), as: UTF8.self))
        }
        switch parsed {
        case .token(let text): return text
        case .failure(let failure): throw failure
        case .nonASCII: return try tokenWithUnicodeSpaces(field)
        }
    }

    /// The general branch of `token(inField:)`, for fields with non-ASCII bytes: split at the
    /// first space character, trim Foundation's whitespace (which includes Unicode spaces).
    private static func tokenWithUnicodeSpaces(_ field: String) throws(Failure) -> String {
        let parts = field.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].equalsIgnoringASCIICase("bearer") else { throw .notBearer }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        guard token.utf8.count <= maximumTokenBytes, isToken68(token.utf8) else { throw .malformed }
        return token
    }

    /// RFC 9110 §11.2 token68: one or more of letters, digits and `-._~+/`, then only `=`
    /// padding.
    package static func isToken68<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        var sawPadding = false, sawCharacter = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "="):
                guard sawCharacter else { return false }
                sawPadding = true
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "+"), UInt8(ascii: "/"):
                if sawPadding { return false }
                sawCharacter = true
            default:
                return false
            }
        }
        return sawCharacter
    }
}
