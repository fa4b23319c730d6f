import Synchronization

/// A value that is replaced as a whole while readers keep using the one they took.
///
/// The route table lives here: `SIGHUP` swaps in a new table atomically, and a request
/// already resolving keeps the table it started with.
public final class Current<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>

    public init(_ value: Value) { storage = Mutex(value) }

    /// The value now.
    public var value: Value { storage.withLock { $0 } }

    /// Replaces the value for every later reader.
    public func replace(with value: Value) { storage.withLock { $0 = value } }
}
