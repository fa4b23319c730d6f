extension Substring {
    /// Without leading and trailing SP / HTAB (OWS, RFC 9110 §5.6.3).
    public func trimmingOWS() -> Substring {
        var sub = self
        while let first = sub.utf8.first, HTTPGrammar.isWhitespace(first) { sub.removeFirst() }
        while let last = sub.utf8.last, HTTPGrammar.isWhitespace(last) { sub.removeLast() }
        return sub
    }
}
