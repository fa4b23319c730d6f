extension Array where Element == UInt8 {
    /// Appends the UTF-8 bytes of `text` with one copy of its contiguous storage (appending
    /// `text.utf8` goes through a generic, element-wise sequence copy).
    @inline(__always)
    mutating func appendUTF8(_ text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }
}
