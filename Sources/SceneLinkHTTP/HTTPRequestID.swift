/// A request's identifier: the one a client or proxy sent in `X-Request-ID` when it is sane,
/// else one the server made. The server echoes it on the response and in the access log, so a
/// proxy's log line, ours, and a user's bug report can be matched.
///
/// A made identifier is 15 characters: five random ones of `[0-9A-Za-z_-]` chosen when the
/// I/O queue starts, then a per-queue counter in ten hexadecimal digits. It is kept as those two numbers and written
/// straight into the response, so making one costs no lock, no clock and no string.
public struct HTTPRequestID: Sendable, Equatable, CustomStringConvertible {
    /// Longest accepted incoming identifier.
    public static let maximumLength = 128

    /// A sane incoming identifier; nil for one the server made.
    private let given: String?
    /// 30 random bits (five characters), for a made identifier.
    private let prefix: UInt32
    /// The per-queue counter (its low 40 bits, ten hexadecimal digits), for a made identifier.
    private let counter: UInt64

    /// No identifier: what a request built in process carries. Not written to responses.
    public static let none = HTTPRequestID(given: "", prefix: 0, counter: 0)

    private init(given: String?, prefix: UInt32, counter: UInt64) {
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
        return withUnsafeBytes(of: &bytes) { String(decoding: $0.prefix(15), as: UTF8.self) }
    }

    /// Writes the identifier's bytes.
    func write(to buffer: inout HTTPOutputBuffer) {
        if let given { return buffer.write(utf8: given) }
        var bytes = characters
        withUnsafeBytes(of: &bytes) { buffer.write(UnsafeRawBufferPointer(rebasing: $0[0 ..< 15])) }
    }

    /// A made identifier's 15 characters (and one unused byte), in order: the prefix's five,
    /// then the counter's low 40 bits in ten hexadecimal digits (branch-free, as this runs for
    /// every request).
    private var characters: (UInt64, UInt64) {
        var first: UInt64 = 0, second: UInt64 = 0
        for index in 0 ..< 5 {
            first |= UInt64(Self.character(UInt64(prefix) >> UInt64(6 * (4 - index)))) << UInt64(8 * index)
        }
        for index in 0 ..< 10 {
            let nibble = counter >> UInt64(4 * (9 - index)) & 15
            // '0'...'9' then 'a'...'f': 39 more past 9.
            let digit = 48 &+ nibble &+ ((nibble &+ 6) >> 4) &* 39
            if index < 3 { first |= digit << UInt64(8 * (5 + index)) } else { second |= digit << UInt64(8 * (index - 3)) }
        }
        return (first.littleEndian, second.littleEndian)
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
        private let prefix: UInt32
        private var counter: UInt64 = 0

        init(prefix: UInt32 = UInt32.random(in: 0 ..< (1 << 30))) {
            self.prefix = prefix & (1 << 30 - 1)
        }

        mutating func next() -> HTTPRequestID {
            counter &+= 1
            return HTTPRequestID(given: nil, prefix: prefix, counter: counter)
        }
    }
}
