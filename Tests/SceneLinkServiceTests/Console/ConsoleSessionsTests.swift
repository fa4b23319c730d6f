import Foundation
import SceneLinkCore
import Synchronization
import Testing
@testable import SceneLinkConsole
@testable import SceneLinkService

/// Console sessions in memory: fresh ids, idle and absolute expiry on an injected clock,
/// sign-out, and an audit name that is not the id.
@Suite struct ConsoleSessionsTests {
    final class Clock: Sendable {
        private let now = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        var clock: SceneStateClock { SceneStateClock { self.now.withLock { $0 } } }
        func advance(by seconds: TimeInterval) { now.withLock { $0 = $0.addingTimeInterval(seconds) } }
    }

    static func sessions(_ clock: Clock, idle: Duration = .seconds(15 * 60), lifetime: Duration = .seconds(8 * 3600)) -> ConsoleSessions {
        var configuration = ConsoleEndpoints.Configuration()
        configuration.idleTimeout = idle
        configuration.lifetime = lifetime
        return ConsoleSessions(configuration: configuration, clock: clock.clock)
    }

    @Test func eachSignInMakesANewIdOf256BitsAndAFormTokenAndKeepsOnlyAHash() {
        let sessions = Self.sessions(Clock())
        let first = sessions.start(signedInAs: .adminToken)
        let second = sessions.start(signedInAs: .adminToken)
        #expect(first.id != second.id)
        #expect(ConsoleSessions.isWellFormed(first.id))
        #expect(ConsoleSessions.isWellFormed(first.session.formToken))
        #expect(first.session.formToken != second.session.formToken)
        #expect(first.session.idHash != first.id)
        #expect(first.session.idHash == ConsoleSessions.hash(first.id))
        #expect(sessions.session(id: first.id)?.formToken == first.session.formToken)
        #expect(sessions.session(id: String(repeating: "0", count: 64)) == nil)
        #expect(sessions.session(id: "short") == nil)
    }

    @Test func theAuditActorNamesAHashPrefixNeverTheId() {
        let made = Self.sessions(Clock()).start(signedInAs: .key(id: "0123456789abcdef", name: "ops"))
        let actor = made.session.actor.description
        #expect(actor == "console:" + made.session.idHash.prefix(8))
        #expect(!actor.contains(made.id.prefix(8)))
        #expect(!made.session.isRoot)
        #expect(made.session.keyID == "0123456789abcdef")
    }

    @Test func aSessionUnusedForTheIdleTimeoutEndsAndUseKeepsItAlive() {
        let clock = Clock()
        let sessions = Self.sessions(clock)
        let made = sessions.start(signedInAs: .adminToken)
        clock.advance(by: 14 * 60)
        #expect(sessions.session(id: made.id) != nil)
        clock.advance(by: 14 * 60)
        #expect(sessions.session(id: made.id) != nil, "used 14 min ago")
        clock.advance(by: 15 * 60)
        #expect(sessions.session(id: made.id) == nil)
        #expect(sessions.count == 0, "an ended session is forgotten when found")
    }

    @Test func aSessionEndsAtItsLifetimeHoweverOftenItIsUsed() {
        let clock = Clock()
        let sessions = Self.sessions(clock, idle: .seconds(600), lifetime: .seconds(3600))
        let made = sessions.start(signedInAs: .adminToken)
        for _ in 0..<6 {
            clock.advance(by: 590)
            #expect(sessions.session(id: made.id) != nil)
        }
        clock.advance(by: 100)
        #expect(sessions.session(id: made.id) == nil)
    }

    @Test func signOutAndRevocationEndSessionsAndTheSweepForgetsEndedOnes() {
        let clock = Clock()
        let sessions = Self.sessions(clock)
        let root = sessions.start(signedInAs: .adminToken)
        let key = sessions.start(signedInAs: .key(id: "0123456789abcdef", name: "ops"))
        #expect(sessions.end(id: root.id))
        #expect(!sessions.end(id: root.id))
        #expect(sessions.session(id: root.id) == nil)
        sessions.end(keyID: "0123456789abcdef")
        #expect(sessions.session(id: key.id) == nil)
        _ = sessions.start(signedInAs: .adminToken)
        _ = sessions.start(signedInAs: .adminToken)
        clock.advance(by: 16 * 60)
        #expect(sessions.sweep() == 2)
        #expect(sessions.count == 0)
    }
}
