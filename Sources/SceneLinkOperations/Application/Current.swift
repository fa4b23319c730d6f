import Synchronization

/// A value that is replaced as a whole while readers keep using the one they took.
///
/// The route table lives here: `SIGHUP` swaps in a new table atomically, and a request
/// already resolving keeps the table it started with.
///
/// Its accessors are inlinable: every link page and resolve reads the table through one, from
/// other modules, where an unspecialized generic read looked up `Mutex<Value>`'s metadata each time.
public final class Current<Value: Sendable>: Sendable {
    @usableFromInline let storage: Mutex<Value>

    public init(_ value: Value) { storage = Mutex(value) }

    /// The value now.
    @inlinable public var value: Value { storage.withLock { $0 } }

    /// Replaces the value for every later reader.
    @inlinable public func replace(with value: Value) { storage.withLock { $0 = value } }
}
