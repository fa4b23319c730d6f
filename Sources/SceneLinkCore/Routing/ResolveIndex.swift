/// The trie and every route's output, laid out flat for `RouteTable.navigationPath(for:)`:
/// the fast path from a link's UTF-8 bytes to its CodableRepresentation bytes. It also finds
/// a link's route and values for the other formats (`match(_:)`).
///
/// Why: with 100,000 routes, a link's route is rarely in cache, and the cost of a resolve is
/// the cache lines it touches. `RouteTrie` and `Route` keep each node's children, each route's
/// segments, parameters and stack, and each element's pre-encoded chunks in separate heap
/// objects (a dozen misses per resolve). Here one byte arena holds the nodes in depth-first
/// order, each route's record right after the node where it ends: the nodes and records a link
/// visits below its first segment are neighbours. Literal children of nodes with more than
/// `RouteTrie.Node.fewLimit` of them are in one `LiteralHashTable`; a lookup compares the
/// segment with the label stored in the child's record.
///
/// The fast path answers only what it can answer exactly as `RouteTable.match` would, and
/// returns nil otherwise; the caller then takes the general path, which also writes every
/// error. It gives up on: links with bytes outside printable ASCII, a `%` in the path, more
/// than `maximumSegments` segments, anything `LinkParser` rejects; nodes with a non-ASCII
/// literal child (`String` equality is canonical equivalence, so `K` equals the Kelvin sign);
/// and a route with query items as the first candidate at its node (query items change which
/// route matches). Matching follows `RouteTrie`'s precedence with the same backtracking.
///
/// Node record (offsets in bytes, integers little-endian, read unaligned):
/// ```
/// 0   u16 flags          1: literal children are in `literals`; 2: a literal child is not ASCII
/// 2   u16 literal count  (inline literal edges; 0 when hashed)
/// 4   u16 typed count
/// 6   u16 terminal count
/// 8   u32 String child   (`none` if absent)
/// 12  u32 rest child     (`none` if absent)
/// 16  u16 label length, then the label: the literal that leads here (empty for parameters)
///     typed edges:   (u32 kind index, u32 child) × typed count, in file order
///     terminals:     u32 route record × terminal count, more required query items first
///     literal edges: (u32 child, u16 length, bytes) × literal count
/// ```
/// Route record:
/// ```
/// 0   u16 flags          1: the route has query items (the fast path gives up)
/// 2   u16 parameter count
/// 4   u32 constant bytes of the output, for reserving
/// 8   u32 the route's index in `RouteTable.routes`
/// 12  (u32 kind index, u16 segment position, u16 1 if `{rest...}`) × parameter count
///     program: u8 op, then 1 (bytes): u16 length, bytes; 2 (parameter): u16 index; 0: end
/// ```
struct ResolveIndex: Sendable {
    /// Links with more segments take the general path.
    static let maximumSegments = 32
    static let none = UInt32.max

    enum NodeFlag {
        static let hashedLiterals: UInt16 = 1
        static let nonASCIILiteral: UInt16 = 2
    }

    enum RouteFlag {
        static let hasQuery: UInt16 = 1
    }

    enum Op {
        static let end: UInt8 = 0
        static let bytes: UInt8 = 1
        static let parameter: UInt8 = 2
    }

    let arena: [UInt8]
    let literals: LiteralHashTable
    /// Parameter kinds by index, one per type name.
    let kinds: [ParameterKind]
    /// By kind index: an enum kind's raw values as segment bytes (nil for other kinds).
    let enumTexts: [EnumRawTexts?]
    let schemes: [String]
    let hosts: [String]

    /// One path segment of the link: a byte range of the link.
    struct SegmentBounds {
        var start: Int
        var end: Int
    }

    /// What a search below one node found.
    enum Outcome {
        /// A route record's offset.
        case route(Int)
        /// No route below this node: backtrack.
        case none
        /// The fast path cannot decide: the general path must.
        case giveUp
    }

    /// The CodableRepresentation bytes for `link`, or nil when the general path must answer
    /// (including every link that does not resolve).
    func navigationPath(for link: String) -> [UInt8]? {
        withRoute(for: link) { reader, record in write(reader, record: record) }
    }

    /// The route and parameter values for `link`, as `RouteTable.match` finds them, or nil
    /// when the general path must answer (including every link that does not resolve).
    func match(_ link: String) -> RouteTable.Match? {
        withRoute(for: link) { reader, record in
            values(reader, record: record).map { RouteTable.Match(route: reader.u32(record + 8), values: $0) }
        }
    }

    /// Splits `link`, searches the arena and hands the route record found to `body`; nil when
    /// the general path must answer. Always inlined: called through the generic closure, a
    /// resolve cost 2,700 more instructions (`bench/instructions.sh`).
    @inline(__always)
    private func withRoute<Result>(for link: String, _ body: (Reader, Int) -> Result?) -> Result? {
        var text = link
        // Native strings are contiguous UTF-8 already: read them in place, without a copy.
        return text.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: SegmentBounds.self, capacity: Self.maximumSegments) { segments in
                guard let count = split(bytes, into: segments) else { return nil }
                let link = UnsafeRawBufferPointer(bytes)
                let found = UnsafeBufferPointer(rebasing: segments[0..<count])
                return arena.withUnsafeBytes { arena in
                    let reader = Reader(arena: arena, link: link, segments: found)
                    guard case .route(let record) = search(reader, node: 0, at: 0) else { return nil }
                    return body(reader, record)
                }
            }
        }
    }

    /// Reads the arena and the link's segments.
    struct Reader {
        let arena: UnsafeRawBufferPointer
        let link: UnsafeRawBufferPointer
        let segments: UnsafeBufferPointer<SegmentBounds>

        func u16(_ offset: Int) -> Int { Int(UInt16(littleEndian: arena.loadUnaligned(fromByteOffset: offset, as: UInt16.self))) }
        func u32(_ offset: Int) -> Int { Int(UInt32(littleEndian: arena.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) }

        func segment(_ index: Int) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(rebasing: link[segments[index].start..<segments[index].end])
        }

        /// Whether the arena holds exactly `bytes` at `offset`.
        func arenaBytes(at offset: Int, count: Int, equal bytes: UnsafeRawBufferPointer) -> Bool {
            guard count == bytes.count else { return false }
            return UnsafeRawBufferPointer(rebasing: arena[offset..<(offset + count)]).elementsEqual(bytes)
        }
    }

    // MARK: Link

    /// Splits the link as `LinkParser` does, into `segments`; nil for anything the general path
    /// must handle (see the type's documentation).
    func split(_ bytes: UnsafeBufferPointer<UInt8>, into segments: UnsafeMutableBufferPointer<SegmentBounds>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= LinkParser.maximumLength else { return nil }
        // Printable ASCII only: no control characters (the general path rejects them) and no
        // UTF-8 (decoded and compared as `String`s there).
        for byte in bytes where byte < 0x20 || byte >= 0x7F { return nil }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0,
              RouteFileLoader.isSchemeSyntax(bytes[0..<colon]) else { return nil }
        let scheme = bytes[0..<colon]
        var index = colon + 1
        let hasSlashes = index + 1 < bytes.count && bytes[index] == UInt8(ascii: "/") && bytes[index + 1] == UInt8(ascii: "/")
        if hasSlashes { index += 2 }
        let end = bytes[index...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
        let pathEnd = bytes[index..<end].firstIndex(of: UInt8(ascii: "?")) ?? end
        if !hosts.isEmpty && LinkParser.equalsLowercased(scheme, "https") {
            guard hasSlashes else { return nil }
            let authorityEnd = bytes[index..<pathEnd].firstIndex(of: UInt8(ascii: "/")) ?? pathEnd
            let authority = LinkParser.host(inAuthority: bytes[index..<authorityEnd])
            guard !authority.isEmpty, hosts.contains(where: { LinkParser.equalsLowercased(authority, $0) }) else { return nil }
            index = authorityEnd
        } else if !schemes.contains(where: { LinkParser.equalsLowercased(scheme, $0) }) {
            return nil
        }
        var count = 0
        var start = index
        var cursor = index
        while cursor <= pathEnd {
            if cursor == pathEnd || bytes[cursor] == UInt8(ascii: "/") {
                if cursor > start {
                    guard count < segments.count else { return nil }
                    segments[count] = SegmentBounds(start: start, end: cursor)
                    count += 1
                }
                start = cursor + 1
            } else if bytes[cursor] == UInt8(ascii: "%") {
                return nil  // percent-decoding is the general path's
            }
            cursor += 1
        }
        return count
    }

    // MARK: Search

    /// `RouteTable.search` over the arena: literal, then typed in file order, then String,
    /// then rest, backtracking on a dead end.
    func search(_ reader: Reader, node: Int, at index: Int) -> Outcome {
        let terminalsStart = node + 18 + reader.u16(node + 16) + 8 * reader.u16(node + 4)
        if index == reader.segments.count {
            return terminal(reader, terminals: terminalsStart, count: reader.u16(node + 6))
        }
        let flags = UInt16(truncatingIfNeeded: reader.u16(node))
        let segment = reader.segment(index)
        if flags & NodeFlag.nonASCIILiteral != 0 { return .giveUp }
        if let literal = literalChild(reader, node: node, flags: flags, terminalsEnd: terminalsStart + 4 * reader.u16(node + 6), segment) {
            let found = search(reader, node: literal, at: index + 1)
            if case .none = found {} else { return found }
        }
        let typedCount = reader.u16(node + 4)
        if typedCount > 0 {
            var edge = node + 18 + reader.u16(node + 16)
            for _ in 0..<typedCount {
                if matches(kind: reader.u32(edge), segment) {
                    let found = search(reader, node: reader.u32(edge + 4), at: index + 1)
                    if case .none = found {} else { return found }
                }
                edge += 8
            }
        }
        let string = reader.u32(node + 8)
        if string != Int(Self.none) {
            let found = search(reader, node: string, at: index + 1)
            if case .none = found {} else { return found }
        }
        let rest = reader.u32(node + 12)
        if rest != Int(Self.none) {
            let restTerminals = rest + 18 + reader.u16(rest + 16) + 8 * reader.u16(rest + 4)
            return terminal(reader, terminals: restTerminals, count: reader.u16(rest + 6))
        }
        return .none
    }

    /// The first route ending here; a route with query items might not match, so it is left
    /// to the general path.
    private func terminal(_ reader: Reader, terminals: Int, count: Int) -> Outcome {
        guard count > 0 else { return .none }
        let record = reader.u32(terminals)
        if reader.u16(record) & Int(RouteFlag.hasQuery) != 0 { return .giveUp }
        return .route(record)
    }

    private func literalChild(_ reader: Reader, node: Int, flags: UInt16, terminalsEnd: Int, _ segment: UnsafeRawBufferPointer) -> Int? {
        if flags & NodeFlag.hashedLiterals != 0 {
            let hash = LiteralHashTable.hash(parent: UInt32(node), segment)
            let child = literals.find(hash: hash, parent: UInt32(node)) { child in
                reader.arenaBytes(at: Int(child) + 18, count: reader.u16(Int(child) + 16), equal: segment)
            }
            return child.map(Int.init)
        }
        var edge = terminalsEnd
        for _ in 0..<reader.u16(node + 2) {
            let length = reader.u16(edge + 4)
            if reader.arenaBytes(at: edge + 6, count: length, equal: segment) { return reader.u32(edge) }
            edge += 6 + length
        }
        return nil
    }

    /// `ParameterKind.matches` on the segment's bytes, without building a `String` for the
    /// common kinds.
    private func matches(kind index: Int, _ segment: UnsafeRawBufferPointer) -> Bool {
        if let texts = enumTexts[index], let member = texts.contains(segment) { return member }
        let kind = kinds[index]
        switch kind {
        case .string: return true
        case .int:
            if let digits = Self.shortIntDigits(segment) { return digits > 0 }
        case .bool:
            return segment.elementsEqual("true".utf8) || segment.elementsEqual("false".utf8)
        default: break
        }
        return kind.matches(String(decoding: segment, as: UTF8.self))
    }

    /// For `-?[0-9]+` of at most 18 digits (always in range): the digit count; 0 when the
    /// bytes are not of that form; nil when longer (the caller asks `ParameterKind`).
    static func shortIntDigits(_ segment: UnsafeRawBufferPointer) -> Int? {
        let digits = segment.first == UInt8(ascii: "-") ? segment.count - 1 : segment.count
        guard digits <= 18 else { return nil }
        guard digits > 0, segment.suffix(digits).allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return 0 }
        return digits
    }

    // MARK: Output

    /// Runs the route's program; nil if a parameter cannot be written (the general path decides).
    private func write(_ reader: Reader, record: Int) -> [UInt8]? {
        let parameterCount = reader.u16(record + 2)
        var out: [UInt8] = []
        out.reserveCapacity(reader.u32(record + 4) + 2 * reader.link.count)
        var pc = record + 12 + 8 * parameterCount
        while true {
            let op = reader.arena[pc]
            if op == Op.bytes {
                let length = reader.u16(pc + 1)
                out.append(contentsOf: UnsafeRawBufferPointer(rebasing: reader.arena[(pc + 3)..<(pc + 3 + length)]))
                pc += 3 + length
            } else if op == Op.parameter {
                let parameter = reader.u16(pc + 1)
                pc += 3
                guard parameter < parameterCount else {
                    out.append(contentsOf: "null".utf8)  // as `ElementTemplate.appendFragment` writes an unbound index
                    continue
                }
                let entry = record + 12 + 8 * parameter
                let position = reader.u16(entry + 4)
                guard position < reader.segments.count,
                      appendValue(reader, kind: reader.u32(entry), position: position, isRest: reader.u16(entry + 6) != 0, to: &out)
                else { return nil }
            } else {
                return out
            }
        }
    }

    /// The route's parameter values, as `RouteTable`'s terminal search takes them from the
    /// segments; nil if one cannot be read (the general path decides).
    private func values(_ reader: Reader, record: Int) -> [JSONValue?]? {
        let parameterCount = reader.u16(record + 2)
        guard parameterCount > 0 else { return [] }
        var values: [JSONValue?] = []
        values.reserveCapacity(parameterCount)
        for parameter in 0..<parameterCount {
            let entry = record + 12 + 8 * parameter
            let position = reader.u16(entry + 4)
            // A parameter outside the path comes from the query, which the fast path leaves alone.
            guard position < reader.segments.count else { return nil }
            if reader.u16(entry + 6) != 0 {
                values.append(restValue(reader, from: position))
            } else {
                let kindIndex = reader.u32(entry)
                let bytes = reader.segment(position)
                let segment = String(decoding: bytes, as: UTF8.self)
                if let texts = enumTexts[kindIndex], let member = texts.contains(bytes) {
                    // A raw value in canonical form is its own item.
                    guard member else { return nil }
                    values.append(texts.isInt ? .number(segment) : .string(segment))
                    continue
                }
                guard let item = kinds[kindIndex].item(fromSegment: segment) else { return nil }
                values.append(item)
            }
        }
        return values
    }

    /// A `{rest...}` parameter's value: the segments from `position` on, joined by `/`, as
    /// the general path's terminal search takes them.
    private func restValue(_ reader: Reader, from position: Int) -> JSONValue {
        .string((position..<reader.segments.count).map { String(decoding: reader.segment($0), as: UTF8.self) }.joined(separator: "/"))
    }

    /// Appends the parameter's item as `JSONWriter.appendNested` writes it.
    private func appendValue(_ reader: Reader, kind kindIndex: Int, position: Int, isRest: Bool, to out: inout [UInt8]) -> Bool {
        if isRest {
            JSONWriter.appendNested(restValue(reader, from: position), to: &out)
            return true
        }
        let segment = reader.segment(position)
        if let texts = enumTexts[kindIndex], let member = texts.contains(segment) {
            guard member else { return false }
            if texts.isInt { out.append(contentsOf: segment) } else { JSONWriter.appendNestedString(segment.assumingMemoryBound(to: UInt8.self), to: &out) }
            return true
        }
        let kind = kinds[kindIndex]
        switch kind {
        case .int where ParameterKind.isCanonicalInt(segment):
            out.append(contentsOf: segment)
            return true
        case .string:
            JSONWriter.appendNestedString(segment.assumingMemoryBound(to: UInt8.self), to: &out)
            return true
        default:
            guard let item = kind.item(fromSegment: String(decoding: segment, as: UTF8.self)) else { return false }
            JSONWriter.appendNested(item, to: &out)
            return true
        }
    }
}
