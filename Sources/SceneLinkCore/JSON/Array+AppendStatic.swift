extension Array where Element == UInt8 {
    /// Appends a literal's UTF-8 bytes with one copy (appending `"…".utf8` goes through a
    /// generic, element-wise sequence copy).
    @inline(__always)
    mutating func appendStatic(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }
}
