extension QRCode {
    /// The quiet zone the standard asks for around the symbol, in modules (ISO/IEC 18004:2015, 6.3.8).
    public static let standardQuietZone = 4

    /// The code as an SVG document: one light `<rect>` under the whole image (so the code reads
    /// on a dark page too) and one `<path>` with every dark module, in a `viewBox` measured in
    /// modules, drawn with `shape-rendering="crispEdges"`. It has no `width` or `height`, so it
    /// scales to whatever box it is put in.
    ///
    /// - Parameter quietZone: light modules on each side; negative values count as 0.
    ///   Readers need the standard's 4 (the default) on a busy background.
    ///
    /// ```swift
    /// try QRCode(encoding: "HELLO").svg()
    /// // <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29" shape-rendering="crispEdges">
    /// // <rect width="29" height="29" fill="#fff"/><path fill="#000" d="M4 4h7v1H4z…"/></svg>
    /// ```
    public func svg(quietZone: Int = QRCode.standardQuietZone) -> String {
        let margin = max(0, quietZone)
        let side = String(size + 2 * margin)
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\" shape-rendering=\"crispEdges\">"
        svg += "<rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/><path fill=\"#000\" d=\""
        var path = [UInt8]()
        path.reserveCapacity(size * size * 2)
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
                    path.append(UInt8(ascii: "M"))
                    Self.appendDecimal(start + margin, to: &path)
                    path.append(UInt8(ascii: " "))
                    Self.appendDecimal(y + margin, to: &path)
                    path.append(UInt8(ascii: "h"))
                    Self.appendDecimal(x - start, to: &path)
                    path.append(contentsOf: [UInt8(ascii: "v"), UInt8(ascii: "1"), UInt8(ascii: "H")])
                    Self.appendDecimal(start + margin, to: &path)
                    path.append(UInt8(ascii: "z"))
                }
            }
        }
        svg += String(decoding: path, as: UTF8.self)
        svg += "\"/></svg>"
        return svg
    }

    private static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        if value >= 10 { appendDecimal(value / 10, to: &bytes) }
        bytes.append(UInt8(48 + value % 10))
    }
}
