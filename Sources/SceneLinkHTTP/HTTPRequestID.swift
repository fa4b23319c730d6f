/// A request's identifier: the one a client or proxy sent in `X-Request-ID` when it is sane,
/// else one the server made. The server echoes it on the response and in the access log, so a
/// proxy's log line, ours, and a user's bug report can be matched.
///
/// A made identifier is 16 characters: four random ones of `[0-9A-Za-z_-]` chosen when the
/// I/O queue starts, then a per-queue counter in twelve hexadecimal digits (48 bits). It is
/// kept as two numbers and written straight into the response, eight bytes at a time, so
/// making one costs no lock, no clock and no string.
public struct HTTPRequestID: Sendable, Equatable, CustomStringConvertible {
    /// Longest accepted incoming identifier.
    public static let maximumLength = 128

    /// A sane incoming identifier; nil for one the server made.
    private let given: String?
    /// The four prefix characters, in memory order, for a made identifier.
    private let prefix: UInt64
    /// The per-queue counter (its low 48 bits are written), for a made identifier.
    private let counter: UInt64

    /// No identifier: what a request built in process carries. Not written to responses.
    public static let none = HTTPRequestID(given: "", prefix: 0, counter: 0)

    private init(given: String?, prefix: UInt64, counter: UInt64) {
        self.given = given
        self.prefix = prefix
        self.counter = counter
    }

    /// `value` when it is 1...128 characters of letters, digits and `-_.:+/=@`; nil otherwise
    /// (so a header cannot smuggle spaces, quotes or control bytes into logs or responses).
    public init?(accepting value: String) {
        guard HTTPRequestID.isSane(value) else { return nil }
        self.init(given: value, prefix: 0, counter: 0)
    }

    /// Whether this is `none`.
    public var isEmpty: Bool { given?.isEmpty == true }

    public var description: String {
        if let given { return given }
        var bytes = characters
        return withUnsafeBytes(of: &bytes) { String(decoding: $0, as: UTF8.self) }
    }

    /// Writes the identifier's bytes.
    func write(to buffer: inout HTTPOutputBuffer) {
        if let given { return buffer.write(utf8: given) }
        var bytes = characters
        withUnsafeBytes(of: &bytes) { buffer.write($0) }
    }

    /// A made identifier's 16 characters as two words in memory order.
    private var characters: (UInt64, UInt64) {
        let high = Self.hexDigits(UInt32(truncatingIfNeeded: counter >> 32) & 0xFFFF) >> 32
        return ((prefix | high << 32).littleEndian, Self.hexDigits(UInt32(truncatingIfNeeded: counter)).littleEndian)
    }

    /// The eight lowercase hexadecimal digits of `value`, most significant first in memory
    /// (little-endian), computed on all eight at once: each nibble is spread into its own
    /// byte, then turned into `0`...`9` or `a`...`f`.
    static func hexDigits(_ value: UInt32) -> UInt64 {
        var x = UInt64(value)
        x = (x | x << 16) & 0x0000_FFFF_0000_FFFF
        x = (x | x << 8) & 0x00FF_00FF_00FF_00FF
        x = (x | x << 4) & 0x0F0F_0F0F_0F0F_0F0F
        x = x.byteSwapped
        let letters = ((x &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
        return x &+ 0x3030_3030_3030_3030 &+ letters &* 39
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

    static func isSane(_ value: String) -> Bool {
        let bytes = value.utf8
        guard !bytes.isEmpty, bytes.count <= maximumLength else { return false }
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0") ... UInt8(ascii: "9"), UInt8(ascii: "A") ... UInt8(ascii: "Z"),
                 UInt8(ascii: "a") ... UInt8(ascii: "z"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"),
                 UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "@"):
                continue
            default:
                return false
            }
        }
        return true
    }

    /// The identifier of a request: its first `X-Request-ID` when sane, else a new one.
    static func of(_ headers: HTTPHeaders, generator: inout Generator) -> HTTPRequestID {
        for field in headers.fields where field.name.utf8.count == 12 && field.name.equalsIgnoringASCIICase("X-Request-ID") {
            if let accepted = HTTPRequestID(accepting: field.value) { return accepted }
            break
        }
        return generator.next()
    }

    /// Makes identifiers on one serial queue.
    struct Generator {
        /// Four characters from 24 random bits, in memory order.
        private let prefix: UInt64
        private var counter: UInt64 = 0

        init(prefix random: UInt32 = UInt32.random(in: 0 ..< (1 << 24))) {
            var prefix: UInt64 = 0
            for index in 0 ..< 4 {
                prefix |= UInt64(HTTPRequestID.character(UInt64(random) >> UInt64(6 * (3 - index)))) << UInt64(8 * index)
            }
            self.prefix = prefix
        }

        mutating func next() -> HTTPRequestID {
            counter &+= 1
            return HTTPRequestID(given: nil, prefix: prefix, counter: counter)
        }
    }
}
