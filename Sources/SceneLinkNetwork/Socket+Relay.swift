#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Socket {
    /// Copies bytes both ways between `first` and `second` through a buffer of `bufferBytes`
    /// each way, until both directions have finished (each source's end of stream passed on as
    /// a half-close), either side fails, or nothing moves for `idleTimeout`. Blocks the calling
    /// thread: a tunnel runs on a thread of its own.
    public static func relay(between first: Socket, and second: Socket, bufferBytes: Int, idleTimeout: Duration) {
        var upstream = RelayDirection(from: first, to: second, capacity: bufferBytes)
        var downstream = RelayDirection(from: second, to: first, capacity: bufferBytes)
        let idle = Int32(clamping: idleTimeout.milliseconds)
        while !(upstream.finished && downstream.finished) {
            var fds = [pollfd(fd: first.fd, events: upstream.readEvents | downstream.writeEvents, revents: 0),
                       pollfd(fd: second.fd, events: downstream.readEvents | upstream.writeEvents, revents: 0)]
            let ready = poll(&fds, 2, idle)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return }  // idle for too long, or poll failed
            let steps = [upstream.step(sourceEvents: fds[0].revents, sinkEvents: fds[1].revents),
                         downstream.step(sourceEvents: fds[1].revents, sinkEvents: fds[0].revents)]
            // A hang-up or error that neither direction can act on would wake poll forever.
            guard !steps.contains(.broken), steps.contains(.acted) else { return }
        }
    }
}
