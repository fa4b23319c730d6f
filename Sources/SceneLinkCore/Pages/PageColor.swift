import Foundation

/// An opaque sRGB colour of a link page's theme, written in the route file as CSS hex
/// (`#1a73e8` or `#fff`).
///
/// ```swift
/// let text = PageColor(hex: "#1c1c1e"), background = PageColor(hex: "#ffffff")
/// text?.contrast(with: background!)   // 17.0…
/// ```
public struct PageColor: Sendable, Equatable {
    public let red: UInt8
    public let green: UInt8
    public let blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The colour of `#rgb` or `#rrggbb` (hex digits in any case); nil for anything else,
    /// including the alpha forms `#rgba` and `#rrggbbaa`, whose contrast depends on what is under them.
    public init?(hex: String) {
        let bytes = Array(hex.utf8)
        guard bytes.first == UInt8(ascii: "#"), bytes.count == 4 || bytes.count == 7 else { return nil }
        var digits: [UInt8] = []
        for byte in bytes.dropFirst() {
            guard let digit = Self.hexDigit(byte) else { return nil }
            digits.append(digit)
        }
        if digits.count == 3 {
            self.init(red: digits[0] * 17, green: digits[1] * 17, blue: digits[2] * 17)
        } else {
            self.init(red: digits[0] * 16 + digits[1], green: digits[2] * 16 + digits[3], blue: digits[4] * 16 + digits[5])
        }
    }

    /// `#rrggbb` in lower case: what the page's style sheet writes.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = [UInt8(ascii: "#")]
        for channel in [red, green, blue] {
            bytes.append(digits[Int(channel >> 4)])
            bytes.append(digits[Int(channel & 0xf)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// WCAG 2's relative luminance: 0 for black, 1 for white.
    public var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2's contrast ratio with another colour, from 1 (the same) to 21 (black on white);
    /// the same either way round. Level AA asks 4.5 of body text.
    public func contrast(with other: PageColor) -> Double {
        let a = relativeLuminance, b = other.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
