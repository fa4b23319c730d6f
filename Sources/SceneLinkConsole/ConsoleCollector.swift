import Synchronization

/// Gathers the answers of several store or API calls made at once and runs `completion` once,
/// with all of them, when the last one has come in (on the thread that delivered it).
package final class ConsoleCollector<Value: Sendable>: Sendable {
    private let expected: Int
    private let results = Mutex<[Value]>([])
    private let completion: @Sendable ([Value]) -> Void

    package init(count: Int, completion: @escaping @Sendable ([Value]) -> Void) {
        expected = count
        self.completion = completion
        if count == 0 { completion([]) }
    }

    /// Adds one answer; the last one runs `completion`.
    package func add(_ value: Value) {
        let all: [Value]? = results.withLock { results in
            results.append(value)
            return results.count == expected ? results : nil
        }
        if let all { completion(all) }
    }
}
