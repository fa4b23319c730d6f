import SceneLinkCore
import Testing

/// The permission table as an operator reads it in docs/security.md: written out here by hand, so
/// a change to `AdminOperation.permission` must change this test too.
@Suite struct OperatorIdentityTests {
    static func key(_ scopes: APIKeyScope...) -> OperatorIdentity { .key(id: "0123456789abcdef", name: "k", scopes: scopes) }

    static func allowed(_ identity: OperatorIdentity) -> Set<AdminOperation> {
        Set(AdminOperation.allCases.filter(identity.may))
    }

    @Test func theConsoleScopeAloneGrantsOnlyWhatAnyoneCouldSee() {
        #expect(Self.allowed(Self.key(.console)) == [.listRoutes, .tryLink])
    }

    @Test func eachScopeGrantsItsOperationsAndNoOther() {
        let open: Set<AdminOperation> = [.listRoutes, .tryLink]
        #expect(Self.allowed(Self.key(.linksRead)) == open.union([.listShortLinks, .getShortLink]))
        #expect(Self.allowed(Self.key(.linksWrite)) == open.union([.listShortLinks, .getShortLink, .createShortLink, .updateShortLink,
                                                                   .deleteShortLink, .importShortLinks, .analyticsPurge]))
        #expect(Self.allowed(Self.key(.analyticsRead)) == open.union([.analyticsTimeseries, .analyticsBreakdown, .analyticsUniques,
                                                                      .analyticsExport, .analyticsPrivacy, .listClaims]))
        #expect(Self.allowed(Self.key(.webhooksAdmin)) == open.union([.listWebhooks, .getWebhook, .createWebhook, .updateWebhook,
                                                                      .rotateWebhookSecret, .testWebhook, .replayWebhookDelivery,
                                                                      .deleteWebhook, .listWebhookDeliveries]))
        #expect(Self.allowed(Self.key(.auditRead)) == open.union([.readAudit]))
    }

    @Test func onlyTheAdminTokenManagesKeysAndItMayDoEverything() {
        #expect(Self.allowed(.adminToken) == Set(AdminOperation.allCases))
        let everyScope = OperatorIdentity.key(id: "0123456789abcdef", name: "all", scopes: APIKeyScope.allCases)
        #expect(Self.allowed(everyScope) == Set(AdminOperation.allCases).subtracting([.listKeys, .createKey, .revokeKey]))
    }

    @Test func theAuditAndAccessLogsNameAKeyByItsIdNeverItsText() {
        let key = Self.key(.linksRead)
        #expect(key.actor == .key(id: "0123456789abcdef", name: "k"))
        #expect(key.logName == "key:0123456789abcdef")
        #expect(OperatorIdentity.adminToken.logName == "admin-token")
        #expect(OperatorIdentity.adminToken.keyID == nil)
    }
}
