import Foundation
import SceneLinkCore
import Testing

@Suite struct ClaimTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let install = UUID(), other = UUID()

    static func ticket() -> ClaimTicket {
        ClaimTicket.issue(link: "fuelmoney://settings/account", at: now, lifetime: 7 * 86_400, codeLifetime: 3_600, codes: codes)
    }

    static let codes = ClaimCodeCipher.random

    @Test func anIssuedClaimKeepsOnlyHashesAndItsTimes() {
        let ticket = Self.ticket()
        #expect(ticket.claim.id == ticket.token.id)
        #expect(ticket.claim.secretHash == ticket.token.secretHash)
        #expect(ticket.code == Self.codes.code(forClaim: ticket.claim.id))
        #expect(ticket.claim.isFound(by: .token(ticket.token)) && ticket.claim.isFound(by: ticket.codeKey))
        #expect(ticket.claim.expiresAt == Self.now.addingTimeInterval(7 * 86_400))
        #expect(ticket.claim.codeExpiresAt == Self.now.addingTimeInterval(3_600))
        #expect(ticket.claim.redemption == nil)
        let short = ClaimTicket.issue(link: "x://", at: Self.now, lifetime: 60, codeLifetime: 3_600, codes: .random)
        #expect(short.claim.codeExpiresAt == Self.now.addingTimeInterval(60))
    }

    @Test func theFirstInstallRedeemsAndGetsTheSameAnswerAgainAndOthersAreRefused() throws {
        let ticket = Self.ticket()
        guard case .redeem(let redeemed) = ticket.claim.redemptionDecision(
            by: .token(ticket.token), install: Self.install, source: .referrer, at: Self.now) else {
            Issue.record("an unredeemed, live claim was not redeemed")
            return
        }
        #expect(redeemed.redemption == ClaimRedemption(install: Self.install, source: .referrer, redeemedAt: Self.now))
        let later = Self.now.addingTimeInterval(30 * 86_400)
        #expect(redeemed.redemptionDecision(by: ticket.codeKey, install: Self.install, source: .code, at: later)
            == .answerAgain(redeemed))
        #expect(redeemed.redemptionDecision(by: .token(ticket.token), install: Self.other, source: .url, at: Self.now)
            == .refuse(.redeemedByAnotherInstall))
    }

    @Test func anExpiredClaimOrCodeIsRefusedButTheTokenOutlivesTheCode() {
        let ticket = Self.ticket()
        let afterCode = Self.now.addingTimeInterval(3_600)
        #expect(ticket.claim.redemptionDecision(by: ticket.codeKey, install: Self.install, source: .code, at: afterCode)
            == .refuse(.expired))
        if case .redeem = ticket.claim.redemptionDecision(by: .token(ticket.token), install: Self.install, source: .url,
                                                          at: afterCode) {} else {
            Issue.record("the token stopped working with the code")
        }
        #expect(ticket.claim.redemptionDecision(by: .token(ticket.token), install: Self.install, source: .url,
                                                at: ticket.claim.expiresAt) == .refuse(.expired))
    }
}
