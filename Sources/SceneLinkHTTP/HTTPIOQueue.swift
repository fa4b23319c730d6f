import Dispatch
import SceneLinkNetwork
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One serial queue and the connections that live on it.
///
/// Everything mutable here (and in each of its connections) is touched only on `queue`,
/// which is why the class is `@unchecked Sendable`. A periodic timer on the same queue
/// enforces every connection's deadline, so a request costs one clock read, not a timer.
final class HTTPIOQueue: @unchecked Sendable {
    let queue: DispatchQueue
    /// Identifies `queue` through `DispatchQueue.getSpecific`, to skip a hop when a
    /// responder is called on the queue already.
    let identity: Int
    static let key = DispatchSpecificKey<Int>()

    /// Receive buffer shared by the queue's connections (one read at a time on a serial queue).
    let scratch: UnsafeMutableRawBufferPointer
    /// Reused response encoding buffer.
    let output = ConfinedValue(HTTPOutputBuffer())
    let dateCache = ConfinedValue(HTTPDate.Cache())
    /// Makes the identifiers of requests that bring none (`HTTPRequestID`).
    let requestIDs = ConfinedValue(HTTPRequestID.Generator())
    var connections: [ObjectIdentifier: HTTPConnection] = [:]
    private var sweepTimer: DispatchSourceTimer?

    init(index: Int, sweepInterval: Duration) {
        queue = DispatchQueue(label: "scenelink.io.\(index)")
        identity = index + 1
        queue.setSpecific(key: HTTPIOQueue.key, value: identity)
        scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 16)
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let interval = DispatchTimeInterval.microseconds(Int(max(1_000, sweepInterval.microseconds)))
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(5))
        timer.setEventHandler { [weak self] in self?.sweep() }
        sweepTimer = timer
        timer.resume()
    }

    deinit {
        scratch.deallocate()
    }

    /// Whether the caller runs on this queue.
    var isCurrent: Bool { DispatchQueue.getSpecific(key: HTTPIOQueue.key) == identity }

    func add(_ connection: HTTPConnection) {
        connections[ObjectIdentifier(connection)] = connection
    }

    func remove(_ connection: HTTPConnection) {
        connections.removeValue(forKey: ObjectIdentifier(connection))
    }

    private func sweep() {
        let now = MonotonicClock.microseconds(.coarse)
        for connection in connections.values where connection.deadline != 0 && connection.deadline <= now {
            connection.deadlinePassed()
        }
    }

    /// Stops the deadline timer; called once the server has shut down.
    func stop() {
        sweepTimer?.cancel()
        sweepTimer = nil
    }
}
