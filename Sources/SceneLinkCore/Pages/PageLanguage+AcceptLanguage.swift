/// Reading `Accept-Language` (RFC 9110 §12.5.4) into the page language to answer in.
extension PageLanguage {
    /// The language to answer a request with this `Accept-Language` field in.
    ///
    /// The field is a list of language ranges, each with an optional weight (`;q=0.8`, at most
    /// three decimals; 1 when absent). Ranges are tried from the highest weight down, the
    /// earlier first among equal weights, and each is looked up as RFC 4647 §3.4 does, by
    /// dropping subtags from the end until a language is found:
    /// - `en`, `ja`, `ko`, `es`, `fr`, `de`, `it` with any region or script (`ja-JP`, `es-419`);
    /// - `pt` in any region is `pt-BR`, the one Portuguese the pages speak;
    /// - `zh` is `zh-Hant` with the script `Hant` or the regions `TW`, `HK` and `MO`, else
    ///   `zh-Hans` (`zh`, `zh-CN`, `zh-SG`, `zh-Hans-CN`);
    /// - `*` is the default language.
    ///
    /// A range with `q=0` means "not this one" and is skipped. A malformed member (a range that
    /// is not 1–8 letters then `-`-separated 1–8 letters or digits, a weight that is not a
    /// qvalue, a parameter other than `q`) is ignored, the rest of the field still read. No field,
    /// an empty or wholly malformed one, or no range the pages speak gives `default`: so a link
    /// previewer, which sends none, gets the route file's default language.
    ///
    /// One pass over the field's bytes, with no allocation: every browser's page view reads it.
    ///
    /// ```swift
    /// PageLanguage.negotiate("zh-TW,zh;q=0.9,en-US;q=0.8", default: .en)   // .zhHant
    /// PageLanguage.negotiate("fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5", default: .en)   // .fr
    /// PageLanguage.negotiate(nil, default: .ja)   // .ja
    /// ```
    public static func negotiate(_ acceptLanguage: String?, default fallback: PageLanguage) -> PageLanguage {
        guard var field = acceptLanguage, !field.isEmpty else { return fallback }
        return field.withUTF8 { negotiate($0, default: fallback) }
    }

    /// The page language one language range or tag looks up (`ja-JP` → `ja`, `zh-TW` → `zh-Hant`,
    /// `pt` → `pt-BR`), as `negotiate(_:default:)` reads each; nil for a malformed range, `*`,
    /// or one the pages do not speak.
    public static func lookup(_ range: String) -> PageLanguage? {
        var range = range
        return range.withUTF8 { bytes in
            bytes.isEmpty || (bytes.count == 1 && bytes[0] == UInt8(ascii: "*")) ? nil
                : lookup(bytes, from: 0, to: bytes.count, default: .fallback)
        }
    }

    /// `negotiate(_:default:)` over the field's bytes.
    public static func negotiate(_ field: UnsafeBufferPointer<UInt8>, default fallback: PageLanguage) -> PageLanguage {
        var best: PageLanguage?
        var bestWeight = 0
        var start = 0
        let count = field.count
        while start < count {
            var end = start
            while end < count, field[end] != UInt8(ascii: ",") { end += 1 }
            if let (language, weight) = member(field, from: start, to: end, default: fallback), weight > bestWeight {
                best = language
                bestWeight = weight
                // Nothing outranks a weight of 1 that came first.
                if weight == 1000 { break }
            }
            start = end + 1
        }
        return best ?? fallback
    }

    /// One member of the list, `range [ OWS ";" OWS "q=" qvalue ]`, between `start` and `end`:
    /// the language its range looks up and its weight in thousandths; nil when it is empty,
    /// malformed, or names no language the pages speak.
    private static func member(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
                               default fallback: PageLanguage) -> (PageLanguage, Int)? {
        var index = start
        skipWhitespace(bytes, &index, end)
        let rangeStart = index
        while index < end, bytes[index] != UInt8(ascii: ";"), !isWhitespace(bytes[index]) { index += 1 }
        let rangeEnd = index
        guard rangeEnd > rangeStart else { return nil }
        var weight = 1000
        skipWhitespace(bytes, &index, end)
        if index < end {
            // RFC 9110 §12.4.2: weight = OWS ";" OWS "q=" qvalue — the only parameter allowed.
            guard bytes[index] == UInt8(ascii: ";") else { return nil }
            index += 1
            skipWhitespace(bytes, &index, end)
            guard index + 1 < end, bytes[index] | 0x20 == UInt8(ascii: "q"), bytes[index + 1] == UInt8(ascii: "=") else { return nil }
            index += 2
            guard let value = qvalue(bytes, &index, end) else { return nil }
            weight = value
            skipWhitespace(bytes, &index, end)
            guard index == end else { return nil }
        }
        guard weight > 0, let language = lookup(bytes, from: rangeStart, to: rangeEnd, default: fallback) else { return nil }
        return (language, weight)
    }

    /// RFC 9110 §12.4.2: `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )`, in thousandths.
    private static func qvalue(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ end: Int) -> Int? {
        guard index < end else { return nil }
        let first = bytes[index]
        guard first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        index += 1
        var value = first == UInt8(ascii: "1") ? 1000 : 0
        guard index < end, bytes[index] == UInt8(ascii: ".") else { return value }
        index += 1
        var scale = 100, digits = 0
        while index < end, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            digits += 1
            guard digits <= 3 else { return nil }
            let digit = Int(bytes[index] - UInt8(ascii: "0"))
            if first == UInt8(ascii: "1") && digit != 0 { return nil }
            value += digit * scale
            scale /= 10
            index += 1
        }
        return value
    }

    /// The language a well-formed range looks up (`language-range`, RFC 4647 §2.1); nil for
    /// a malformed range or one the pages do not speak.
    private static func lookup(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
                               default fallback: PageLanguage) -> PageLanguage? {
        if end - start == 1 && bytes[start] == UInt8(ascii: "*") { return fallback }
        // Subtags: the first 1–8 letters, the rest 1–8 letters or digits.
        var subtagStart = start
        var primary: (Int, Int)?
        var chinese = false, traditional = false, simplified = false
        while subtagStart < end {
            var subtagEnd = subtagStart
            while subtagEnd < end, bytes[subtagEnd] != UInt8(ascii: "-") { subtagEnd += 1 }
            let length = subtagEnd - subtagStart
            guard length >= 1, length <= 8 else { return nil }
            for offset in subtagStart..<subtagEnd {
                let lower = bytes[offset] | 0x20
                let letter = lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
                let digit = bytes[offset] >= UInt8(ascii: "0") && bytes[offset] <= UInt8(ascii: "9")
                guard letter || (primary != nil && digit) else { return nil }
            }
            if primary == nil {
                primary = (subtagStart, subtagEnd)
                chinese = length == 2 && bytes[subtagStart] | 0x20 == UInt8(ascii: "z") && bytes[subtagStart + 1] | 0x20 == UInt8(ascii: "h")
            } else if chinese && !simplified && !traditional {
                // Chinese only: the script, or a region that writes Traditional characters.
                if equals(bytes, subtagStart, subtagEnd, "hant") || equals(bytes, subtagStart, subtagEnd, "tw")
                    || equals(bytes, subtagStart, subtagEnd, "hk") || equals(bytes, subtagStart, subtagEnd, "mo") {
                    traditional = true
                } else if equals(bytes, subtagStart, subtagEnd, "hans") {
                    simplified = true
                }
            }
            if subtagEnd == end { break }
            subtagStart = subtagEnd + 1
            guard subtagStart < end else { return nil }
        }
        guard let (first, last) = primary, last - first == 2 else { return nil }
        let a = bytes[first] | 0x20, b = bytes[first + 1] | 0x20
        switch (a, b) {
        case (UInt8(ascii: "e"), UInt8(ascii: "n")): return .en
        case (UInt8(ascii: "j"), UInt8(ascii: "a")): return .ja
        case (UInt8(ascii: "k"), UInt8(ascii: "o")): return .ko
        case (UInt8(ascii: "e"), UInt8(ascii: "s")): return .es
        case (UInt8(ascii: "f"), UInt8(ascii: "r")): return .fr
        case (UInt8(ascii: "d"), UInt8(ascii: "e")): return .de
        case (UInt8(ascii: "i"), UInt8(ascii: "t")): return .it
        case (UInt8(ascii: "p"), UInt8(ascii: "t")): return .ptBR
        case (UInt8(ascii: "z"), UInt8(ascii: "h")): return traditional ? .zhHant : .zhHans
        default: return nil
        }
    }

    /// Whether the subtag between `start` and `end` is `lowercase`, in any case.
    private static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ lowercase: StaticString) -> Bool {
        guard end - start == lowercase.utf8CodeUnitCount else { return false }
        let expected = lowercase.utf8Start
        for offset in 0..<(end - start) where bytes[start + offset] | 0x20 != expected[offset] { return false }
        return true
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    private static func skipWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ end: Int) {
        while index < end, isWhitespace(bytes[index]) { index += 1 }
    }
}
