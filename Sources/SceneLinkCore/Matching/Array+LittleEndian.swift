extension Array where Element == UInt8 {
    /// Appends the low 32 bits of `value`, little-endian: an arena's u32 field
    /// (`ResolveIndex`, `ResolveTemplate`), read back with `loadUnaligned`.
    mutating func appendU32(_ value: Int) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    /// Overwrites the u32 field at `position` (inside the array) with the low 32 bits of
    /// `value`, little-endian.
    mutating func setU32(_ value: Int, at position: Int) {
        withUnsafeMutableBytes {
            $0.storeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian, toByteOffset: position, as: UInt32.self)
        }
    }
}
