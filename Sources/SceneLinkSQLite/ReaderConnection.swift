import Dispatch

/// One read-only connection and the serial queue it lives on.
///
/// WAL lets each reader see the last committed snapshot while the writer commits, so
/// readers never wait for the writer and never run on the HTTP I/O queues.
final class ReaderConnection: @unchecked Sendable {
    // @unchecked: `statements` is touched only on `queue`.
    private let queue: DispatchQueue
    private var statements: ReadStatements?

    init(path: String, index: Int, busyTimeoutMilliseconds: Int32) throws(SQLiteError) {
        let connection = try Connection(path: path, readOnly: true, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        statements = try ReadStatements(connection: connection)
        queue = DispatchQueue(label: "scenelink.sqlite.reader.\(index)", qos: .userInitiated)
    }

    /// Runs `body` on this reader's queue; nil after `close()`.
    func perform(_ body: @escaping @Sendable (ReadStatements?) -> Void) {
        queue.async { body(self.statements) }
    }

    /// Waits for queued reads and closes the connection.
    func close() {
        queue.sync { statements = nil }
    }
}
