extension RouteTable {
    /// Cuts a stored CodableRepresentation to the longest prefix, counted from the root, whose
    /// every element has a tag this route file declares and an item that decodes as that type.
    ///
    /// The root is the *last* pair of the array, so elements are checked from the end, and
    /// the first bad one drops itself and everything pushed after it (the front of the array).
    /// Kept pairs are written back unchanged (only re-escaped), so a valid path comes back
    /// byte-for-byte equivalent with `dropped == 0`.
    ///
    /// - Parameter navigationPath: the stored bytes.
    /// - Returns: the repair, or nil when the bytes are not a JSON array of strings with an
    ///   even count (nothing to repair: not a CodableRepresentation).
    public func repair(navigationPath: [UInt8]) -> NavigationPathRepair? {
        guard let document = try? JSONParser.parse(navigationPath), let items = document.arrayValue,
              items.count % 2 == 0 else { return nil }
        var strings: [String] = []
        strings.reserveCapacity(items.count)
        for item in items {
            guard let text = item.stringValue else { return nil }
            strings.append(text)
        }
        let pairs = strings.count / 2
        var kept = 0
        // Walk from the root (the end) towards the top (the front).
        for pair in stride(from: pairs - 1, through: 0, by: -1) {
            let tag = strings[pair * 2], itemText = strings[pair * 2 + 1]
            guard let type = types.tagged(tag), let item = try? JSONParser.parse(itemText),
                  case .success = types.canonicalItem(item, as: type.name) else { break }
            kept += 1
        }
        let firstKept = (pairs - kept) * 2
        var out: [UInt8] = [UInt8(ascii: "[")]
        for (offset, text) in strings[firstKept...].enumerated() {
            if offset > 0 { out.append(UInt8(ascii: ",")) }
            JSONWriter.appendString(text, to: &out, escapingSlashes: true)
        }
        out.append(UInt8(ascii: "]"))
        return NavigationPathRepair(bytes: out, kept: kept, dropped: pairs - kept)
    }
}
