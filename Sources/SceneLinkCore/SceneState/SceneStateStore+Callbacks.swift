/// Defaults for the callback forms: a store that has nothing faster runs the `async` method
/// in a task, so every store offers them and callers need no second code path.
extension SceneStateStore {
    public func cachedSession(id: SessionID) -> SessionRecord? { nil }

    public func cachedValue(session: SessionID, scene: SceneID, key: ValueKey) -> StoredValue? { nil }

    public func value(session: SessionID, scene: SceneID, key: ValueKey,
                      completion: @escaping @Sendable (Result<StoredValue?, SceneStateStoreError>) -> Void) {
        Task {
            do throws(SceneStateStoreError) {
                completion(.success(try await value(session: session, scene: scene, key: key)))
            } catch {
                completion(.failure(error))
            }
        }
    }

    public func putValue(_ content: ValueContent, session: SessionID, scene: SceneID, key: ValueKey,
                         precondition: Precondition, limits: SceneStateLimits,
                         completion: @escaping @Sendable (Result<ValueWriteOutcome, SceneStateStoreError>) -> Void) {
        Task {
            do throws(SceneStateStoreError) {
                completion(.success(try await putValue(content, session: session, scene: scene, key: key,
                                                       precondition: precondition, limits: limits)))
            } catch {
                completion(.failure(error))
            }
        }
    }
}
