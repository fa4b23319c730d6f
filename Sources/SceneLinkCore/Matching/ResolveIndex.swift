/// The one link matcher: `RouteTrie` laid out flat in one byte arena, searched over a link's
/// bytes.
///
/// Why flat: with many routes, a link's route is rarely in cache, and the cost of a resolve is
/// the cache lines it touches. One arena holds the nodes in depth-first order, each route's
/// record right after the node where it ends, so the nodes and records a link visits below its
/// first segment are neighbours. Literal children of nodes with more than
/// `RouteTrie.Node.fewLimit` of them are in one `LiteralHashTable`; a lookup compares the
/// segment with the label stored in the child's record.
///
/// Matching follows `RouteTrie`'s precedence (literal, typed in file order, `String`,
/// `{rest...}`) with backtracking on a dead end. The segments are `LinkScanner`'s: byte ranges
/// of the link itself when its path is ASCII without escapes (most links), otherwise of its
/// decoded segments (`RouteTable.match`). Two rare inputs take a named branch inside the search:
/// - **Unicode literals.** `String` equality is canonical equivalence (the Kelvin sign equals
///   `K`), so a segment with non-ASCII bytes, or a node with a non-ASCII literal child, is
///   compared as `String`s (`unicodeLiteralChild`).
/// - **Query items.** A route with query items matches only if the link's query satisfies them
///   (`queryValues`); the query is decoded the first time such a route is a candidate.
///
/// Node record (offsets in bytes, integers little-endian u32, read unaligned):
/// ```
/// 0   flags          1: literal children are in `literals`; 2: a literal child is not ASCII
/// 4   literal count  (inline literal edges; 0 when hashed)
/// 8   typed count
/// 12  terminal count
/// 16  String child   (`none` if absent)
/// 20  rest child     (`none` if absent)
/// 24  label length, then the label: the literal that leads here (empty for parameters)
///     typed edges:   (kind index, child) × typed count, in file order
///     terminals:     route record × terminal count, more required query items first
///     literal edges: (child, length, bytes) × literal count
/// ```
/// Route record:
/// ```
/// 0   flags          1: the route has query items
/// 4   parameter count
/// 8   the route's index in `RouteTable.routes` (`none` for the root link's record)
/// 12  (kind index, segment position or `none` for a query item, `ValueForm`) × parameter count
///     the route's `ResolveTemplate`: every answer's constant bytes and holes
/// ```
/// Each route's template follows its record, so the bytes that write an answer are next to
/// the record the search ends at, not in objects of their own elsewhere on the heap. The root
/// link's record (no parameters, its template) is last, at `rootRecord`.
struct ResolveIndex: Sendable {
    static let none = UInt32.max

    enum NodeFlag {
        static let hashedLiterals = 1
        static let nonASCIILiteral = 2
    }

    enum RouteFlag {
        static let hasQuery = 1
    }

    /// The byte offsets of a node record's fields.
    enum NodeField {
        static let flags = 0, literalCount = 4, typedCount = 8, terminalCount = 12
        static let string = 16, rest = 20, labelLength = 24, label = 28
    }

    /// The byte offsets of a route record's fields, and of a parameter entry's.
    enum RecordField {
        static let flags = 0, parameterCount = 4, route = 8, parameters = 12
        static let parameterSize = 12, parameterKind = 0, parameterPosition = 4, parameterForm = 8
    }

    /// How a matched segment becomes its parameter's value (`MatchedRoute.value`). Matching
    /// has checked the segment against the kind, so most values are the segment's own bytes.
    enum ValueForm {
        /// The segment's text: `String`, a `String` enum's raw value.
        static let text = 0
        /// The segment's digits when canonical (`Int`, an `Int` enum's raw value), else normalised.
        static let digits = 1
        /// `true` or `false`.
        static let bool = 2
        /// Normalised by the kind (`Double`, `UUID`).
        static let normalised = 3
        /// `{rest...}`: the rest of the path.
        static let rest = 4
    }

    let arena: [UInt8]
    /// The root link's record: no parameters, and the template of the empty stack.
    let rootRecord: Int
    let literals: LiteralHashTable
    /// Parameter kinds by index, one per type name.
    let kinds: [ParameterKind]
    /// By kind index: the route-file type name, for messages.
    let kindTypeNames: [String]
    /// By kind index: an enum kind's raw values as segment bytes (nil for other kinds).
    let enumTexts: [EnumRawTexts?]
    let schemes: [String]
    let hosts: [String]

    /// Reads the arena and the link's segments.
    struct Reader {
        let arena: UnsafeRawBufferPointer
        /// The bytes the segments are ranges of.
        let link: UnsafeRawBufferPointer
        let segments: UnsafeBufferPointer<LinkSegment>
        /// The raw query (after `?`, before `#`), or nil when the link has none.
        let query: UnsafeRawBufferPointer?
        /// Whether every segment byte is ASCII: then bytes compare as `String`s do.
        let isASCII: Bool

        func u32(_ offset: Int) -> Int { Int(UInt32(littleEndian: arena.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) }

        func segment(_ index: Int) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(rebasing: link[segments[index].start..<segments[index].end])
        }

        func label(ofNode node: Int) -> UnsafeRawBufferPointer {
            let start = node + NodeField.label
            return UnsafeRawBufferPointer(rebasing: arena[start..<(start + u32(node + NodeField.labelLength))])
        }

        /// Where a node's typed edges start.
        func typedEdges(_ node: Int) -> Int { node + NodeField.label + u32(node + NodeField.labelLength) }

        /// Where a node's terminals start.
        func terminals(_ node: Int) -> Int { typedEdges(node) + 8 * u32(node + NodeField.typedCount) }
    }

    /// What a search learned, for the caller's answer or error message.
    struct SearchState {
        /// The deepest segment index reached, and the node there.
        var deepest = 0
        var deepestNode = 0
        /// A segment only typed parameters could have taken, none did, and the node it was at.
        var wrongType: (segment: Int, node: Int)?
        /// Why the last route with query items that was a candidate did not match.
        var queryMiss: QueryMiss?
        /// The link's query items, decoded when a route with query items is first a candidate;
        /// nil inside when an escape is malformed.
        var queryItems: [(name: String, value: String)]??
        /// The query items' values of the route found, by parameter index.
        var queryValues: [(parameter: Int, value: JSONValue)] = []
        /// When no route matched: the link's segments, decoded, for the answer's message.
        var segmentTexts: [String] = []
        /// When no route matched: whether the link has a query that does not decode.
        var malformedQuery = false
    }

    /// A route with query items that the link's query did not satisfy.
    enum QueryMiss {
        case missing(route: Int, item: String)
        case wrongType(route: Int, item: String, text: String, parameter: Int)
    }

    // MARK: Matching

    /// `body`'s answer for the route of `link`, read once by `LinkScanner`; nil when no route
    /// matches (`state` says how far the search got, and holds the link's segments); the
    /// scanner's failure when the link is not one of the app's.
    ///
    /// The segments are byte ranges of the link itself when its path has no escapes (most
    /// links), on the stack for up to `LinkScanner.inlineSegments` of them. Two named branches:
    /// a path with escapes is decoded first, and a link of more segments is scanned again into
    /// a heap buffer.
    func match<Answer>(_ link: String, routes: [Route], state: inout SearchState,
                       _ body: (MatchedRoute) -> Answer) -> Result<Answer?, LinkScanFailure> {
        var text = link
        // Native strings are contiguous UTF-8 already: read them in place, without a copy.
        return text.withUTF8 { bytes in
            let inline = withUnsafeTemporaryAllocation(of: LinkSegment.self, capacity: LinkScanner.inlineSegments) { buffer in
                match(bytes, buffer, routes: routes, state: &state, body)
            }
            if let inline { return inline }
            var heap = [LinkSegment](repeating: LinkSegment(start: 0, end: 0), count: LinkScanner.maximumSegments)
            return heap.withUnsafeMutableBufferPointer { match(bytes, $0, routes: routes, state: &state, body) }
                ?? .failure(.invalid(reason: "it has more than \(LinkScanner.maximumSegments) path segments"))
        }
    }

    /// `match(_:routes:state:_:)` with `buffer` for the segments; nil when they do not fit.
    private func match<Answer>(_ bytes: UnsafeBufferPointer<UInt8>, _ buffer: UnsafeMutableBufferPointer<LinkSegment>,
                               routes: [Route], state: inout SearchState,
                               _ body: (MatchedRoute) -> Answer) -> Result<Answer?, LinkScanFailure>? {
        let scanned: ScannedLink
        switch LinkScanner.scan(bytes, schemes: schemes, hosts: hosts, segments: buffer) {
        case .success(let read): scanned = read
        case .failure(let failure): return .failure(failure)
        }
        guard scanned.segmentCount <= buffer.count else { return nil }
        let segments = UnsafeBufferPointer(rebasing: buffer[0..<scanned.segmentCount])
        let query = scanned.query.map { UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[$0]) }
        guard scanned.hasEscapes else {
            return .success(search(UnsafeRawBufferPointer(bytes), segments, query: query, isASCII: scanned.isASCII,
                                   routes: routes, state: &state, body))
        }
        var decoded: [UInt8] = []
        var bounds: [LinkSegment] = []
        scanned.decodeSegments(bytes, segments, into: &decoded, bounds: &bounds)
        let isASCII = decoded.allSatisfy { $0 < 0x80 }
        return decoded.withUnsafeBytes { decoded in
            bounds.withUnsafeBufferPointer { .success(search(decoded, $0, query: query, isASCII: isASCII, routes: routes, state: &state, body)) }
        }
    }

    /// The search over a link's segments (byte ranges of `link`); when nothing matches, the
    /// segments' texts and whether the query decodes go into `state` for the message.
    private func search<Answer>(_ link: UnsafeRawBufferPointer, _ segments: UnsafeBufferPointer<LinkSegment>,
                                query: UnsafeRawBufferPointer?, isASCII: Bool, routes: [Route], state: inout SearchState,
                                _ body: (MatchedRoute) -> Answer) -> Answer? {
        let found = arena.withUnsafeBytes { arena -> Answer? in
            let reader = Reader(arena: arena, link: link, segments: segments, query: query, isASCII: isASCII)
            guard let record = search(reader, node: 0, at: 0, &state, routes) else { return nil }
            return matched(reader, record: record, queryValues: state.queryValues, body)
        }
        if found == nil {
            state.segmentTexts = segments.map { String(decoding: UnsafeRawBufferPointer(rebasing: link[$0.start..<$0.end]), as: UTF8.self) }
            if state.queryItems == nil, let query { state.malformedQuery = LinkScanner.queryItems(of: query) == nil }
        }
        return found
    }

    /// `body`'s answer for the root link (the empty stack).
    func matchRoot<Answer>(_ body: (MatchedRoute) -> Answer) -> Answer {
        withArenaReader { reader in matched(reader, record: rootRecord, queryValues: [], body) }
    }

    /// `body` with the record at `record` as a `MatchedRoute`.
    private func matched<Answer>(_ reader: Reader, record: Int, queryValues: [(parameter: Int, value: JSONValue)],
                                 _ body: (MatchedRoute) -> Answer) -> Answer {
        kinds.withUnsafeBufferPointer { kinds in
            body(MatchedRoute(reader: reader, record: record, queryValues: queryValues, kinds: kinds))
        }
    }

    // MARK: Search

    /// Literal, then typed in file order, then `String`, then `{rest...}`, backtracking on a
    /// dead end; the route record found, or nil.
    private func search(_ reader: Reader, node: Int, at index: Int, _ state: inout SearchState, _ routes: [Route]) -> Int? {
        if index > state.deepest || (index == state.deepest && state.deepestNode == 0) {
            state.deepest = index
            state.deepestNode = node
        }
        if index == reader.segments.count {
            return terminal(reader, node: node, &state, routes)
        }
        let segment = reader.segment(index)
        let literal = literalChild(reader, node: node, segment)
        if let literal, let found = search(reader, node: literal, at: index + 1, &state, routes) {
            return found
        }
        let typedCount = reader.u32(node + NodeField.typedCount)
        var anyTyped = false
        var edge = reader.typedEdges(node)
        for _ in 0..<typedCount {
            if matches(kind: reader.u32(edge), segment, isASCII: reader.isASCII) {
                anyTyped = true
                if let found = search(reader, node: reader.u32(edge + 4), at: index + 1, &state, routes) { return found }
            }
            edge += 8
        }
        let string = reader.u32(node + NodeField.string)
        if string != Int(Self.none), let found = search(reader, node: string, at: index + 1, &state, routes) {
            return found
        }
        let rest = reader.u32(node + NodeField.rest)
        if rest != Int(Self.none), let found = terminal(reader, node: rest, &state, routes) {
            return found
        }
        // Only a typed parameter could have taken this segment, and none did: remember where.
        if !anyTyped, typedCount > 0, literal == nil, string == Int(Self.none), rest == Int(Self.none),
           state.wrongType.map({ index >= $0.segment }) ?? true {
            state.wrongType = (segment: index, node: node)
        }
        return nil
    }

    /// The first route ending at `node` whose query items the link satisfies.
    private func terminal(_ reader: Reader, node: Int, _ state: inout SearchState, _ routes: [Route]) -> Int? {
        var slot = reader.terminals(node)
        for _ in 0..<reader.u32(node + NodeField.terminalCount) {
            let record = reader.u32(slot)
            slot += 4
            if reader.u32(record + RecordField.flags) & RouteFlag.hasQuery == 0 { return record }
            if let found = queryValues(reader, route: reader.u32(record + RecordField.route), &state, routes) {
                state.queryValues = found
                return record
            }
        }
        return nil
    }

    /// The values of a route's query items from the link's query (or their defaults), or nil
    /// when one is missing or not of its parameter's type (`state.queryMiss` says which).
    private func queryValues(_ reader: Reader, route index: Int, _ state: inout SearchState,
                             _ routes: [Route]) -> [(parameter: Int, value: JSONValue)]? {
        if state.queryItems == nil {
            state.queryItems = .some(reader.query.flatMap { LinkScanner.queryItems(of: $0) } ?? [])
        }
        let items = (state.queryItems ?? nil) ?? []
        let route = routes[index]
        var found: [(parameter: Int, value: JSONValue)] = []
        for item in route.query {
            if let text = items.first(where: { $0.name == item.name })?.value {
                guard let value = route.parameters[item.parameter].kind.item(fromSegment: text) else {
                    state.queryMiss = .wrongType(route: index, item: item.name, text: text, parameter: item.parameter)
                    return nil
                }
                found.append((parameter: item.parameter, value: value))
            } else if let defaultValue = item.defaultValue {
                found.append((parameter: item.parameter, value: defaultValue))
            } else {
                state.queryMiss = .missing(route: index, item: item.name)
                return nil
            }
        }
        return found
    }

    /// The child of `node` whose literal equals `segment`, as `String`s compare.
    private func literalChild(_ reader: Reader, node: Int, _ segment: UnsafeRawBufferPointer) -> Int? {
        let flags = reader.u32(node + NodeField.flags)
        if !reader.isASCII || flags & NodeFlag.nonASCIILiteral != 0 {
            return unicodeLiteralChild(reader, node: node, flags: flags, segment)
        }
        if flags & NodeFlag.hashedLiterals != 0 {
            let hash = LiteralHashTable.hash(parent: UInt32(node), segment)
            let child = literals.find(hash: hash, parent: UInt32(node)) { child in
                Self.equal(reader.label(ofNode: Int(child)), segment)
            }
            return child.map(Int.init)
        }
        var edge = reader.terminals(node) + 4 * reader.u32(node + NodeField.terminalCount)
        for _ in 0..<reader.u32(node + NodeField.literalCount) {
            let length = reader.u32(edge + 4)
            if length == segment.count,
               Self.equal(UnsafeRawBufferPointer(rebasing: reader.arena[(edge + 8)..<(edge + 8 + length)]), segment) {
                return reader.u32(edge)
            }
            edge += 8 + length
        }
        return nil
    }

    /// The named branch for non-ASCII text on either side: every literal child compared as a
    /// `String` (canonical equivalence). The trie merged literals that are equal as strings,
    /// so at most one child matches.
    private func unicodeLiteralChild(_ reader: Reader, node: Int, flags: Int, _ segment: UnsafeRawBufferPointer) -> Int? {
        let text = String(decoding: segment, as: UTF8.self)
        return literalChildren(reader, node: node).first { String(decoding: reader.label(ofNode: $0), as: UTF8.self) == text }
    }

    /// Every literal child of `node`, for the cold paths (the Unicode branch, messages): from
    /// the hash table, scanned for the parent, or from the node's inline edges.
    private func literalChildren(_ reader: Reader, node: Int) -> [Int] {
        if reader.u32(node + NodeField.flags) & NodeFlag.hashedLiterals != 0 {
            return literals.slots.filter { $0.child != LiteralHashTable.Slot.emptyChild && $0.parent == UInt32(node) }
                .map { Int($0.child) }
        }
        var children: [Int] = []
        var edge = reader.terminals(node) + 4 * reader.u32(node + NodeField.terminalCount)
        for _ in 0..<reader.u32(node + NodeField.literalCount) {
            children.append(reader.u32(edge))
            edge += 8 + reader.u32(edge + 4)
        }
        return children
    }

    /// Whether two byte runs are equal: a plain loop the compiler keeps inline (the generic
    /// `elementsEqual` is not always specialised here, and then costs a call per byte).
    @inline(__always)
    static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        for index in 0..<a.count where a[index] != b[index] { return false }
        return true
    }

    /// `ParameterKind.matches` on the segment's bytes, without building a `String` for the
    /// common kinds of ASCII segments.
    private func matches(kind index: Int, _ segment: UnsafeRawBufferPointer, isASCII: Bool) -> Bool {
        let kind = kinds[index]
        if isASCII {
            if let texts = enumTexts[index], let member = texts.contains(segment) { return member }
            switch kind {
            case .string: return true
            case .int:
                if let digits = Self.shortIntDigits(segment) { return digits > 0 }
            case .bool:
                return segment.elementsEqual("true".utf8) || segment.elementsEqual("false".utf8)
            default: break
            }
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

    // MARK: Messages

    /// `body` with a reader of the arena alone (no link), for the message helpers below.
    private func withArenaReader<Result>(_ body: (Reader) -> Result) -> Result {
        arena.withUnsafeBytes { arena in
            body(Reader(arena: arena, link: arena, segments: UnsafeBufferPointer(start: nil, count: 0), query: nil, isASCII: true))
        }
    }

    /// The type names of a node's typed children, in file order.
    func typedKinds(at node: Int) -> [String] {
        withArenaReader { reader in
            let edges = reader.typedEdges(node)
            return (0..<reader.u32(node + NodeField.typedCount)).map { kindTypeNames[reader.u32(edges + 8 * $0)] }
        }
    }

    /// The indices of up to `limit` routes that end in the subtree under `node`: its own,
    /// then under its literal, typed, `String` and rest children.
    func routes(under node: Int, limit: Int) -> [Int] {
        withArenaReader { reader in
            var found: [Int] = []
            var pending = [node]
            while let next = pending.popLast(), found.count < limit {
                var slot = reader.terminals(next)
                for _ in 0..<reader.u32(next + NodeField.terminalCount) {
                    found.append(reader.u32(reader.u32(slot) + RecordField.route))
                    slot += 4
                }
                var children = literalChildren(reader, node: next)
                let edges = reader.typedEdges(next)
                for typed in 0..<reader.u32(next + NodeField.typedCount) { children.append(reader.u32(edges + 8 * typed + 4)) }
                for field in [NodeField.string, NodeField.rest] where reader.u32(next + field) != Int(Self.none) {
                    children.append(reader.u32(next + field))
                }
                pending.append(contentsOf: children.reversed())
            }
            return Array(found.prefix(limit))
        }
    }
}
