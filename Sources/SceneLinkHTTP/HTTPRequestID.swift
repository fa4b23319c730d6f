/// Request identifiers: the one a client or proxy sent in `X-Request-ID` when it is sane,
/// else one the server makes. The server echoes it on the response and in the access log,
/// so a proxy's log line, ours, and a user's bug report can be matched.
///
/// A made identifier is 15 characters of `[0-9A-Za-z_-]`: five random ones chosen when the
/// I/O queue starts, then a per-queue counter, so it needs no lock, no clock and no allocation
/// (15 bytes fit a Swift small string).
public enum HTTPRequestID {
    /// Longest accepted incoming identifier.
    public static let maximumLength = 128

    /// `value` when it is 1...128 characters of letters, digits and `-_.:+/=@`; nil otherwise
    /// (so a header cannot smuggle spaces, quotes or control bytes into logs or responses).
    public static func accepted(_ value: String) -> String? {
        let bytes = value.utf8
        guard !bytes.isEmpty, bytes.count <= maximumLength else { return nil }
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0") ... UInt8(ascii: "9"), UInt8(ascii: "A") ... UInt8(ascii: "Z"),
                 UInt8(ascii: "a") ... UInt8(ascii: "z"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"),
                 UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "@"):
                continue
            default:
                return nil
            }
        }
        return value
    }

    /// The identifier of a request: its one sane `X-Request-ID`, else a new one.
    static func of(_ headers: HTTPHeaders, generator: inout Generator) -> String {
        for field in headers.fields where field.name.utf8.count == 12 && field.name.equalsIgnoringASCIICase("X-Request-ID") {
            if let value = accepted(field.value) { return value }
            break
        }
        return generator.next()
    }

    /// Makes identifiers on one serial queue.
    struct Generator {
        /// 30 random bits, five characters' worth.
        private let prefix: UInt64
        private var counter: UInt64 = 0

        init(prefix: UInt64 = UInt64.random(in: 0 ..< (1 << 30))) {
            self.prefix = prefix & (1 << 30 - 1)
        }

        /// The character for the low six bits of `value`: `0-9`, `A-Z`, `a-z`, `-`, `_`.
        static func character(_ value: UInt64) -> UInt8 {
            let digit = UInt8(truncatingIfNeeded: value & 63)
            switch digit {
            case 0 ..< 10: return 48 + digit
            case 10 ..< 36: return 55 + digit
            case 36 ..< 62: return 61 + digit
            case 62: return UInt8(ascii: "-")
            default: return UInt8(ascii: "_")
            }
        }

        /// The next identifier: the prefix, then the counter in ten characters (60 bits).
        mutating func next() -> String {
            counter &+= 1
            let prefix = prefix, counter = counter
            return String(unsafeUninitializedCapacity: 15) { buffer in
                for index in 0 ..< 5 {
                    buffer[index] = Generator.character(prefix >> UInt64(6 * (4 - index)))
                }
                for index in 0 ..< 10 {
                    buffer[5 + index] = Generator.character(counter >> UInt64(6 * (9 - index)))
                }
                return 15
            }
        }
    }
}
