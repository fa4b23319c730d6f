import Foundation
import SceneLinkCore
import SceneLinkNetwork
import Testing
@testable import SceneLinkOperations

/// The operations on in-memory stores, without HTTP: each checks its caller before it touches a
/// store, and writes its own audit entry naming the caller, so no front end can skip either.
@Suite struct OperationsTests {
    static let clock = SceneStateClock { Date(timeIntervalSince1970: 1_800_000_000) }
    static let admin = OperatorCaller(identity: .adminToken, actor: "admin-token", client: .unspecified)
    static let reader = OperatorCaller(identity: .key(id: "0123456789abcdef", name: "reader", scopes: [.linksRead, .auditRead]),
                                       actor: "console:abcdef01", client: .unspecified)

    /// Waits for an operation's completion (the fakes answer at once or on a queue).
    static func wait<Value: Sendable>(_ start: (@escaping @Sendable (Result<Value, OperationError>) -> Void) -> Void) async
        -> Result<Value, OperationError> {
        await withCheckedContinuation { continuation in start { continuation.resume(returning: $0) } }
    }

    static func entries(_ log: InMemoryAuditLog) async throws -> [AuditEntry] {
        try await withCheckedThrowingContinuation { continuation in
            log.auditEntries(AuditQuery(limit: 100)) { continuation.resume(with: $0.map(\.entries)) }
        }
    }

    @Test func aKeyOperationRefusedToACallerTouchesNoStoreAndWritesNoEntry() async throws {
        let store = InMemoryAPIKeyStore(), log = InMemoryAuditLog()
        let keys = APIKeyOperations(store: store, cache: nil, audit: AuditTrail(log: log, clock: Self.clock), clock: Self.clock)
        let refused = await Self.wait { keys.create(name: "sneaky", scopes: [.linksWrite], by: Self.reader, completion: $0) }
        guard case .failure(let error) = refused else { Issue.record("a links:read key made a key"); return }
        #expect(error.problem.status.code == 403)
        #expect(error.problem.type.hasSuffix("admin-token-required"))
        let listed = await Self.wait { keys.listEvery(by: Self.admin, completion: $0) }
        #expect((try? listed.get())?.isEmpty == true)
        #expect(try await Self.entries(log).isEmpty)
    }

    @Test func aKeyOperationAllowedWritesItsEntryUnderTheCallersName() async throws {
        let store = InMemoryAPIKeyStore(), log = InMemoryAuditLog()
        let keys = APIKeyOperations(store: store, cache: nil, audit: AuditTrail(log: log, clock: Self.clock), clock: Self.clock)
        let root = OperatorCaller(identity: .adminToken, actor: "console:0badc0de", client: .unspecified)
        let made = try await Self.wait { keys.create(name: "ci", scopes: [.linksRead], by: root, completion: $0) }.get()
        #expect(made.token.text.hasPrefix("slk_\(made.key.id)_"))
        _ = try await Self.wait { keys.revoke(id: made.key.id, by: root, completion: $0) }.get()
        let entries = try await Self.entries(log)
        #expect(entries.map(\.action).sorted() == ["api_key.created", "api_key.revoked"])
        #expect(entries.allSatisfy { $0.actor == "console:0badc0de" && $0.subject == "key:\(made.key.id)" })
        #expect(!entries.contains { $0.detailJSON.contains(made.token.text) })
        let unknown = await Self.wait { keys.revoke(id: "ffffffffffffffff", by: root, completion: $0) }
        #expect((try? unknown.get()) == nil)
    }

    @Test func aWebhookOperationRefusedToACallerWritesNothingAndTheAuditReadIsRedacted() async throws {
        let store = InMemoryWebhookStore(), log = InMemoryAuditLog()
        var configuration = WebhookConfiguration()
        configuration.allowPrivate = true
        let webhooks = WebhookOperations(store: store, configuration: configuration, audit: AuditTrail(log: log, clock: Self.clock),
                                         clock: Self.clock)
        let new = WebhookOperations.NewEndpoint(url: "http://127.0.0.1:9/services/T0/B0/SECRET", events: [.shortLinkCreated],
                                                description: nil)
        let refused = await Self.wait { webhooks.create(new, by: Self.reader, completion: $0) }
        #expect((try? refused.get()) == nil)
        #expect(try await Self.entries(log).isEmpty)
        let made = try await Self.wait { webhooks.create(new, by: Self.admin, completion: $0) }.get()
        let rotated = try await Self.wait { webhooks.rotate(id: made.id, overlapSeconds: 0, by: Self.admin, completion: $0) }.get()
        #expect(rotated.secret != made.secret)
        let tooLong = await Self.wait { webhooks.rotate(id: made.id, overlapSeconds: 604_801, by: Self.admin, completion: $0) }
        #expect((try? tooLong.get()) == nil)

        let audit = AuditOperations(log: log)
        let seen = try await Self.wait { audit.read(AuditQuery(limit: 10), by: Self.reader, completion: $0) }.get()
        #expect(seen.entries.count == 2)
        #expect(seen.entries.allSatisfy { !($0.detail["url"] ?? "").contains("SECRET") })
        let whole = try await Self.wait { audit.read(AuditQuery(limit: 10), by: Self.admin, completion: $0) }.get()
        #expect(whole.entries.contains { $0.detail["url"] == new.url })
        let console = OperatorCaller(identity: .key(id: "0123456789abcdef", name: "seat", scopes: [.console]), actor: "console:1",
                                     client: .unspecified)
        #expect((try? await Self.wait { audit.read(AuditQuery(limit: 10), by: console, completion: $0) }.get()) == nil)
    }
}
