extension QRCode {
    /// The quiet zone the standard asks for around the symbol, in modules (ISO/IEC 18004:2015, 6.3.8).
    public static let standardQuietZone = 4
    /// The widest quiet zone `svg(quietZone:)` draws.
    public static let maximumQuietZone = 1000

    /// The code as an SVG document: one light `<rect>` under the whole image (so the code reads
    /// on a dark page too) and one `<path>` with every dark module, in a `viewBox` measured in
    /// modules, drawn with `shape-rendering="crispEdges"`. It has no `width` or `height`, so it
    /// scales to whatever box it is put in.
    ///
    /// - Parameter quietZone: light modules on each side; negative values count as 0 and
    ///   values over `maximumQuietZone` as that.
    ///   Readers need the standard's 4 (the default) on a busy background.
    ///
    /// ```swift
    /// try QRCode(encoding: "HELLO").svg()
    /// // <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29" shape-rendering="crispEdges">
    /// // <rect width="29" height="29" fill="#fff"/><path fill="#000" d="M4 4h7v1H4z…"/></svg>
    /// ```
    public func svg(quietZone: Int = QRCode.standardQuietZone) -> String {
        let margin = min(max(0, quietZone), Self.maximumQuietZone)
        let side = String(size + 2 * margin)
        let head = Array(("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\" shape-rendering=\"crispEdges\">"
            + "<rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/><path fill=\"#000\" d=\"").utf8)
        let tail = Array("\"/></svg>".utf8)
        // A row has at most (size + 1) / 2 runs, each "M x y h n v1H x z" with numbers of at
        // most 4 digits (and 3 bytes of padding a number may write past its end).
        let capacity = head.count + size * ((size + 1) / 2) * 32 + tail.count
        return String(unsafeUninitializedCapacity: capacity) { output in
            guard var cursor = output.baseAddress else { return 0 }
            let begin = cursor
            for byte in head {
                cursor.pointee = byte
                cursor += 1
            }
            Self.decimalDigits.withUnsafeBufferPointer { digits in
                // The decimal text of n < 1000 at digits[4n ..< 4n + digits[4n + 3]].
                @inline(__always) func number(_ value: Int) {
                    guard value < 1000 else {
                        for character in String(value).utf8 {
                            cursor.pointee = character
                            cursor += 1
                        }
                        return
                    }
                    let entry = value &* 4
                    cursor[0] = digits[entry]
                    cursor[1] = digits[entry &+ 1]
                    cursor[2] = digits[entry &+ 2]
                    cursor += Int(digits[entry &+ 3])
                }
                modules.withUnsafeBufferPointer { modules in
                    for y in 0..<size {
                        let row = y * size
                        var x = 0
                        while x < size {
                            guard modules[row + x] != 0 else {
                                x += 1
                                continue
                            }
                            let start = x
                            while x < size, modules[row + x] != 0 { x += 1 }
                            // One rectangle per horizontal run: M x y h run v 1 H x z.
                            cursor.pointee = UInt8(ascii: "M")
                            cursor += 1
                            number(start + margin)
                            cursor.pointee = UInt8(ascii: " ")
                            cursor += 1
                            number(y + margin)
                            cursor.pointee = UInt8(ascii: "h")
                            cursor += 1
                            number(x - start)
                            cursor[0] = UInt8(ascii: "v")
                            cursor[1] = UInt8(ascii: "1")
                            cursor[2] = UInt8(ascii: "H")
                            cursor += 3
                            number(start + margin)
                            cursor.pointee = UInt8(ascii: "z")
                            cursor += 1
                        }
                    }
                }
            }
            for byte in tail {
                cursor.pointee = byte
                cursor += 1
            }
            return cursor - begin
        }
    }

    /// For n in 0..<1000: its decimal digits at 4n (padded to three) and their count at 4n + 3.
    private static let decimalDigits: [UInt8] = (0..<1000).flatMap { value -> [UInt8] in
        var digits = Array(String(value).utf8)
        let count = UInt8(digits.count)
        while digits.count < 3 { digits.append(UInt8(ascii: " ")) }
        return digits + [count]
    }
}
