import Foundation
import SceneLinkCore
import SceneLinkHTTP

/// The hot value routes without Swift concurrency.
///
/// A restore or a save is a few microseconds of work, so a `Task` and a continuation per
/// request, and the thread hops they bring, cost more than the work. When the session is in
/// the store's memory (`cachedSession(id:)`), the request is authorized right on the I/O
/// queue (SHA-256 of the token and a constant-time compare), handed to the store with a
/// callback (a reader queue for GET, the group-commit writer for PUT), and answered from
/// there: one hop out, one hop back. A GET of a value in the store's memory
/// (`cachedValue`) is answered on the I/O queue with no hop at all. The I/O queue never
/// touches SQLite.
///
/// Anything the cache cannot settle (a miss, a token of another session, an expired session,
/// an expiry refresh due, any malformed identifier or header) goes down the async path, which
/// makes every decision itself; so both paths answer every request identically.
extension SceneStateEndpoints {
    /// The session, scene and key of a value request, when the request is valid and its
    /// session is cached, live, not due for a refresh and holds this token; nil otherwise.
    func cachedValueTarget(_ request: HTTPRequest) -> (SessionRecord, SceneID, ValueKey)? {
        guard let scene = try? SceneID(request.pathParameters["scene"] ?? ""),
              let key = try? ValueKey(request.pathParameters["key"] ?? ""),
              let id = try? SessionID(request.pathParameters["id"] ?? ""),
              let token = try? bearerToken(request),
              let session = store.cachedSession(id: id),
              SessionToken.constantTimeEqual(session.tokenHash, token.hash) else { return nil }
        let now = clock.now()
        guard !session.isExpired(at: now), !refreshIsDue(session, now: now) else { return nil }
        return (session, scene, key)
    }

    /// `GET …/values/{key}` through the store's callback. Returns false when the request
    /// must take the async path instead (nothing was answered).
    func getValueFromCache(_ request: HTTPRequest, responder: HTTPResponder) -> Bool {
        guard let (session, scene, key) = cachedValueTarget(request) else { return false }
        let input: (repairRequested: Bool, conditions: Precondition)
        do { input = try getInput(request) } catch {
            responder.respond(error.response)
            return true
        }
        // A value in the store's memory is answered right here: no query, no hop. Repairs
        // (a route-table walk per element) stay off the I/O queue.
        if !input.repairRequested, let stored = store.cachedValue(session: session.id, scene: scene, key: key) {
            do throws(Rejection) {
                responder.respond(try getResponse(stored, scene: scene, key: key,
                                                  repairRequested: false, conditions: input.conditions))
            } catch {
                responder.respond(error.response)
            }
            return true
        }
        store.value(session: session.id, scene: scene, key: key) { result in
            switch result {
            case .success(let stored):
                do throws(Rejection) {
                    responder.respond(try getResponse(stored, scene: scene, key: key,
                                                      repairRequested: input.repairRequested, conditions: input.conditions))
                } catch {
                    responder.respond(error.response)
                }
            case .failure(let error):
                responder.respond(Rejection.store(error).response)
            }
        }
        return true
    }

    /// `PUT …/values/{key}` through the store's callback, answered after the commit that
    /// carried the write. Returns false when the request must take the async path instead.
    func putValueFromCache(_ request: HTTPRequest, responder: HTTPResponder) -> Bool {
        guard let (session, scene, key) = cachedValueTarget(request) else { return false }
        let content: ValueContent, precondition: Precondition
        do { (content, precondition) = try putInput(request) } catch {
            responder.respond(error.response)
            return true
        }
        let id = session.id
        store.putValue(content, session: id, scene: scene, key: key,
                       precondition: precondition, limits: configuration.limits) { result in
            switch result {
            case .success(let outcome): responder.respond(Self.putResponse(outcome, session: id, scene: scene, key: key))
            case .failure(let error): responder.respond(Rejection.store(error).response)
            }
        }
        return true
    }
}
