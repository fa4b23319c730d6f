#if canImport(Glibc)
import Glibc
#endif

/// One direction of a relay (`Socket.relay(between:and:bufferBytes:idleTimeout:)`): bytes read from `source` wait in a buffer of at most
/// `capacity` until `sink` takes them. At the source's end of stream, once the buffer is
/// written, the sink's write side is shut down (a half-close, as TCP carries it).
struct RelayDirection {
    private let source: Socket
    private let sink: Socket
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var sourceEnded = false
    /// The source has ended and everything it sent is written.
    private(set) var finished = false

    init(from source: Socket, to sink: Socket, capacity: Int) {
        self.source = source
        self.sink = sink
        buffer = [UInt8](repeating: 0, count: max(1, capacity))
    }

    /// What to poll the source for: input, while the buffer is empty.
    var readEvents: Int16 { !sourceEnded && start == end ? Int16(POLLIN) : 0 }
    /// What to poll the sink for: room, while the buffer holds bytes.
    var writeEvents: Int16 { start < end ? Int16(POLLOUT) : 0 }

    /// What one step did.
    enum Step {
        /// A read or write was tried.
        case acted
        /// Nothing this direction waits for was reported.
        case waited
        /// A read or write failed (a reset): the tunnel must close.
        case broken
    }

    /// Moves what the poll results allow.
    mutating func step(sourceEvents: Int16, sinkEvents: Int16) -> Step {
        var step = Step.waited
        if start == end, !sourceEnded, sourceEvents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
            step = .acted
            let received = buffer.withUnsafeMutableBytes { recv(source.fd, $0.baseAddress, $0.count, 0) }
            if received > 0 {
                start = 0
                end = received
            } else if received == 0 {
                sourceEnded = true
            } else if !Self.isTransient(errno) {
                return .broken
            }
        }
        if start < end, sinkEvents & Int16(POLLOUT | POLLERR | POLLHUP) != 0 {
            step = .acted
            let sent = buffer[start..<end].withUnsafeBytes { send(sink.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent >= 0 {
                start += sent
            } else if !Self.isTransient(errno) {
                return .broken
            }
        }
        if sourceEnded, start == end, !finished {
            finished = true
            try? sink.shutdownWrite()  // fails only for a sink already gone, which the other direction sees
        }
        return step
    }

    /// Whether a failed `recv` or `send` is only a retry (`errno` passed in once, read at the call).
    private static func isTransient(_ code: Int32) -> Bool {
        code == EAGAIN || code == EWOULDBLOCK || code == EINTR
    }
}
