import SceneLinkCore
import Synchronization

/// A batch's running count, shared by its steps (one at a time).
final class ShortLinkBatchState: Sendable {
    private let state: Mutex<ShortLinkOperations.BatchResult>
    init(_ result: ShortLinkOperations.BatchResult) { state = Mutex(result) }
    func count() { state.withLock { $0.changed += 1 } }
    func skip(_ code: ShortCode) { state.withLock { $0.skipped.append(code) } }
    var result: ShortLinkOperations.BatchResult { state.withLock { $0 } }
}
