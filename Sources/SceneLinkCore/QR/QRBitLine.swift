/// One row or column of a symbol as bits, for scoring masks a line at a time: bit p is the
/// module at p − 4, so four light modules of quiet zone come first, and every bit past the
/// symbol is light too.
protocol QRBitLine: Sendable, Equatable {
    static var zero: Self { get }
    static func & (a: Self, b: Self) -> Self
    static func | (a: Self, b: Self) -> Self
    static func ^ (a: Self, b: Self) -> Self
    static prefix func ~ (a: Self) -> Self
    /// Bit p of the result is bit p + `count` (1...63) of this line.
    func down(_ count: Int) -> Self
    /// Bit p of the result is bit p − `count` (1...63) of this line.
    func up(_ count: Int) -> Self
    /// Set bits.
    var ones: Int { get }
    /// Sets bit `index`.
    mutating func set(_ index: Int)
    /// Ors `bit` (0 or 1) into bit `index`.
    mutating func insert(_ bit: UInt8, at index: Int)
    /// The line's bits of a `QRWideLine` (the low 64 for a one-word line).
    init(wide: QRWideLine)
    /// The bits that can hold a symbol of `size` modules plus 8 of quiet zone.
    static func holds(size: Int) -> Bool
}
