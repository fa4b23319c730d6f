import Foundation
import SceneLinkCore
import SceneLinkHTTP
import Testing
@testable import SceneLinkOperations

/// Each kind of caller against `AdminAuthenticator`, without a server: the admin token, a key
/// with the scope, without it, on a root-only route, revoked, and revoked behind the cache's back.
@Suite struct AdminAuthenticatorTests {
    static let token = "G9X73BqGgc7PTq46s-KiSk6OKpIRDmTFFkJh1JYvmpY"

    static func request(_ bearer: String?) -> HTTPRequest {
        HTTPRequest(method: .get, target: "/v1/short-links", headers: bearer.map { ["Authorization": "Bearer \($0)"] } ?? [:])
    }

    static func decide(_ authenticator: AdminAuthenticator, _ bearer: String?, _ caller: RouteCaller) async
        -> Result<AuditActor, AdminAuthenticator.Refusal> {
        await withCheckedContinuation { continuation in
            authenticator.authorize(request(bearer), for: caller) { continuation.resume(returning: $0) }
        }
    }

    static func stored(_ store: InMemoryAPIKeyStore, _ scopes: [APIKeyScope]) async throws -> (APIKey, APIKeyToken) {
        let (key, token) = try APIKey.make(name: "tool", scopes: scopes, at: Date())
        try await awaiting { store.createAPIKey(key, completion: $0) }
        return (key, token)
    }

    @Test func theAdminTokenPassesEveryScopeAndRootOnlyRoutes() async {
        let authenticator = AdminAuthenticator(token: Self.token, nextToken: nil, keys: APIKeyCache(store: InMemoryAPIKeyStore()))
        for scope in APIKeyScope.allCases {
            #expect(await Self.decide(authenticator, Self.token, .admin(scope: scope)) == .success(.adminToken))
        }
        #expect(await Self.decide(authenticator, Self.token, .rootOnly) == .success(.adminToken))
        #expect(await Self.decide(authenticator, nil, .rootOnly) == .failure(.missingToken))
        #expect(await Self.decide(authenticator, "not-the-token-0123", .rootOnly) == .failure(.wrongToken))
    }

    @Test func aKeyPassesWithItsScopeOrAnImpliedOneAndIsRefusedNamingAMissingOne() async throws {
        let store = InMemoryAPIKeyStore()
        let authenticator = AdminAuthenticator(token: Self.token, nextToken: nil, keys: APIKeyCache(store: store))
        let (key, token) = try await Self.stored(store, [.linksWrite])
        #expect(await Self.decide(authenticator, token.text, .admin(scope: .linksWrite)) == .success(.key(id: key.id, name: "tool")))
        #expect(await Self.decide(authenticator, token.text, .admin(scope: .linksRead)) == .success(.key(id: key.id, name: "tool")))
        #expect(await Self.decide(authenticator, token.text, .admin(scope: .webhooksAdmin)) == .failure(.missingScope(.webhooksAdmin, key: "tool")))
        #expect(await Self.decide(authenticator, token.text, .rootOnly) == .failure(.rootOnly))
        let forged = APIKeyToken(id: key.id, secret: SessionToken.random().text)
        #expect(await Self.decide(authenticator, forged.text, .admin(scope: .linksRead)) == .failure(.wrongToken))
        #expect(AdminAuthenticator.Refusal.missingScope(.webhooksAdmin, key: "tool").response.status.code == 403)
    }

    @Test func aRevocationElsewhereAppliesOnceTheCachedKeyIsOlderThanItsLifetime() async throws {
        let store = InMemoryAPIKeyStore()
        let (key, token) = try await Self.stored(store, [.linksRead])
        let cached = AdminAuthenticator(token: Self.token, nextToken: nil, keys: APIKeyCache(store: store))
        let uncached = AdminAuthenticator(token: Self.token, nextToken: nil, keys: APIKeyCache(store: store, lifetime: .zero))
        #expect(await Self.decide(cached, token.text, .admin(scope: .linksRead)) == .success(key.actor))
        #expect(await Self.decide(uncached, token.text, .admin(scope: .linksRead)) == .success(key.actor))
        // Revoked behind both caches' backs, as another instance or `scenelink keys revoke` would.
        _ = try await awaiting { store.revokeAPIKey(id: key.id, at: Date(), completion: $0) }
        #expect(await Self.decide(cached, token.text, .admin(scope: .linksRead)) == .success(key.actor), "trusted for up to 5 s")
        #expect(await Self.decide(uncached, token.text, .admin(scope: .linksRead)) == .failure(.wrongToken))
        #expect(APIKeyCache.defaultLifetime <= .seconds(5))
    }

    @Test func aKeyCreatedOrRevokedInThisProcessAppliesAtOnce() async throws {
        let store = InMemoryAPIKeyStore()
        let cache = APIKeyCache(store: store)
        let authenticator = AdminAuthenticator(token: Self.token, nextToken: nil, keys: cache)
        let (key, token) = try await Self.stored(store, [.linksRead])
        #expect(await Self.decide(authenticator, token.text, .admin(scope: .linksRead)) == .success(key.actor))
        var revoked = key
        revoked.revokedAt = Date()
        cache.remember(revoked)
        #expect(await Self.decide(authenticator, token.text, .admin(scope: .linksRead)) == .failure(.wrongToken))
    }
}
