/// One node of the router's segment trie: the literal segments and the capture that may
/// follow the path so far, and the routes whose pattern ends here.
struct HTTPRouteNode: Sendable {
    /// Literal children, each text once; routers have few enough per node that a scan of
    /// byte arrays beats hashing a segment.
    var literals: [(bytes: [UInt8], child: Int)] = []
    /// The child for a `{name}` segment; every capture at one place shares it, whatever its
    /// name (names belong to routes).
    var capture: Int?
    /// Indexes into `HTTPRouter.routes` of the routes ending here, in registration order.
    var routes: [Int] = []

    /// The literal child whose text equals `segment`, or nil.
    func literal(_ segment: UnsafeBufferPointer<UInt8>) -> Int? {
        for entry in literals where entry.bytes.count == segment.count {
            var index = 0
            while index < segment.count, entry.bytes[index] == segment[index] { index += 1 }
            if index == segment.count { return entry.child }
        }
        return nil
    }
}
