import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

extension ConsoleEndpoints {
    /// Audit entries the System page lists, newest first.
    package static let auditEntriesShown = 25

    /// `GET /console/system`: version, store and its health, rate limits, retention, the
    /// association files checked, a link to the privacy receipt, the API keys (with the create
    /// form and revoke buttons for a session of the admin token) and the newest audit entries.
    ///
    /// Each part is shown only to a session allowed its operation: the keys to the admin token's
    /// session (`api_keys.list`), the audit log with `audit:read`, the privacy receipt's link with
    /// `analytics:read`; the server's settings every session sees.
    package func system(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder) else { return }
        guard let caller = OperatorCaller(request) else { return }
        readIf(session.may(.listKeys), { keys.listEvery(by: caller, completion: $0) }) { [self] keys in
            readIf(session.may(.readAudit), { auditReads.read(AuditQuery(limit: Self.auditEntriesShown), by: caller, completion: $0) }) { [self] audit in
                storeHealth { [self] problem in
                    var page = ConsolePage(title: ConsoleSection.system.title, section: .system, session: session)
                    writeServer(problem: problem, into: &page.html)
                    Self.writeAssociationCheck(AssociationAnswers(for: routes.value), into: &page.html)
                    if session.may(.analyticsPrivacy) {
                        page.html.element("h2", text: "Privacy receipt (analytics)")
                        page.html.element("p") { html in
                            html.text("Every analytics column kept, with its row count: ")
                            html.element("a", text: "the privacy receipt", attributes: ["href": Self.privacyPath])
                            html.text(" (a page of its own: counting reads every analytics table, which takes long on a large store).")
                        }
                    }
                    Self.writeKeys(keys.map { $0.mapError { ConsoleReadFailure(message: $0.problem.detail) } }, session: session, into: &page.html)
                    if let audit {
                        Self.writeAudit(audit.mapError { ConsoleReadFailure(message: $0.problem.detail) }, into: &page.html)
                    }
                    responder.respond(page.response())
                }
            }
        }
    }

    package static let privacyPath = "/console/system/privacy"

    /// `GET /console/system/privacy`: the analytics privacy receipt, every table with every
    /// column kept and its row count (as `GET /v1/analytics/privacy`).
    package func privacyReceipt(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder), let caller = OperatorCaller(request) else { return }
        reports.privacy(by: caller) { receipt in
            var page = ConsolePage(title: "Privacy receipt", section: .system, session: session)
            Self.writeReceipt(receipt.map(\.tables).mapError { ConsoleReadFailure(message: $0.problem.detail) }, into: &page.html)
            responder.respond(page.response())
        }
    }

    /// Version, store, rate limits and retention.
    private func writeServer(problem: String?, into html: inout HTMLDocument) {
        html.element("h2", text: "Server")
        html.element("dl") { html in
            for (term, value) in [("Version", SceneLinkVersion.current), ("Store", storeDescription),
                                  ("Store health", problem.map { "cannot write: \($0)" } ?? "writable"),
                                  ("Routes", "\(routes.value.routeCount) (\(routes.value.appName))"),
                                  ("Console sessions", "\(sessions.count) in memory (a restart signs everyone out)")] {
                html.element("dt", text: term)
                html.element("dd", text: value)
            }
        }

        html.element("h2", text: "Rate limits")
        Self.table(caption: "Budget per client and class (--rate-limit)", headings: ["Class", "Budget", "Instance ceiling"],
                   rows: RateLimitClass.allCases.map { kind in
                       [kind.rawValue, settings.rateLimits.policies[kind]?.description ?? "off",
                        settings.rateLimits.instancePolicies[kind]?.description ?? "none"]
                   }, into: &html)

        html.element("h2", text: "Retention")
        let text = ValueParser.text(of:)
        Self.table(caption: "How long each kind of data is kept", headings: ["Data", "Kept", "Flag"], rows: [
            ["Sessions (apps' scene state), after last use", text(settings.sessionTimeToLive), "--session-ttl"],
            ["Claims", text(settings.claimLifetime), "--claim-ttl"],
            ["Short links, after they expire", text(ShortLink.expiredRetention), "(fixed)"],
            ["Analytics hourly breakdowns", text(settings.analyticsDetailRetention), "--analytics-detail-retention"],
            ["Analytics counts", text(settings.analyticsRetention), "--analytics-retention"],
            ["Audit log", "\(Int(AuditEntry.retention / 86_400))d", "(fixed)"],
            ["Console sessions: idle / lifetime", "\(text(configuration.idleTimeout)) / \(text(configuration.lifetime))",
             "--console-idle, --console-lifetime"],
        ], into: &html)
    }

    /// The association files as served now, checked: whether each is valid JSON, and the app ids
    /// it names (Apple's `appIDs`, Android's package names), or why there is none.
    package static func writeAssociationCheck(_ files: AssociationAnswers, into html: inout HTMLDocument) {
        html.element("h2", text: "Association files")
        func check(_ response: HTTPResponse, ids: (JSONValue) -> [String]) -> [String] {
            guard response.status.code == 200 else { return ["none", problemText(response)] }
            guard let document = try? JSONParser.parse(response.body) else { return ["not valid JSON", ""] }
            let found = ids(document)
            return ["valid JSON, \(response.body.count) bytes", found.isEmpty ? "(no app id)" : found.joined(separator: ", ")]
        }
        let apple = check(files.apple) { document in
            (document["applinks"]?["details"]?.arrayValue ?? []).flatMap { detail in
                (detail["appIDs"]?.arrayValue ?? []).compactMap(\.stringValue) + [detail["appID"]?.stringValue].compactMap { $0 }
            }
        }
        let android = check(files.android) { document in
            (document.arrayValue ?? []).compactMap { $0["target"]?["package_name"]?.stringValue }
        }
        table(caption: "What the app stores fetch, checked as served now", headings: ["File", "Check", "App ids"], rows: [
            ["/.well-known/apple-app-site-association"] + apple,
            ["/.well-known/assetlinks.json"] + android,
        ], into: &html)
    }

    /// The analytics privacy receipt: each table, its columns and its rows.
    package static func writeReceipt(_ result: Result<[AnalyticsTableReceipt], ConsoleReadFailure>, into html: inout HTMLDocument) {
        switch result {
        case .success(let tables):
            table(caption: "Every analytics table with every column kept and its row count; no address, User-Agent or visitor id",
                  headings: ["Table", "Columns", "Rows"],
                  rows: tables.map { [$0.table, $0.columns.joined(separator: ", "), String($0.rows)] }, into: &html)
        case .failure(let failure):
            html.element("p", text: "The receipt could not be read: \(failure.message)", attributes: ["class": "error"])
        }
    }

    /// The keys with the create form and revoke buttons, for a session that may manage them (the
    /// admin token's); for any other (nil: it may not list keys, as on the API) a sentence saying who does.
    package static func writeKeys(_ result: Result<[APIKey], ConsoleReadFailure>?, session: ConsoleSession, into html: inout HTMLDocument) {
        html.element("h2", text: "API keys", attributes: ["id": "keys"])
        guard let result, session.may(.createKey) else {
            html.element("p", text: "Only a session signed in with the admin token makes and revokes keys.",
                         attributes: ["class": "muted"])
            return
        }
        switch result {
        case .success(let keys):
            if keys.isEmpty { html.element("p", text: "No API keys yet.") }
            else {
                html.table(caption: "Every key, revoked ones too, oldest first; a key's text is shown only when it is made",
                           headings: ["Name", "Id", "Scopes", "Created", "Revoked", "Action"]) { html in
                    for key in keys {
                        html.element("tr") { html in
                            html.element("th", text: key.name, attributes: ["scope": "row"])
                            html.element("td", text: key.id)
                            html.element("td", text: key.scopes.map(\.rawValue).joined(separator: ", "))
                            html.element("td", text: RFC3339.string(key.createdAt))
                            html.element("td", text: key.revokedAt.map { RFC3339.string($0) } ?? "no")
                            html.element("td") { html in
                                if key.revokedAt == nil {
                                    html.element("form", attributes: ["method": "post",
                                                                      "action": "/console/system/keys/\(key.id)/revoke"]) { html in
                                        ConsolePage.formTokenField(session.formToken, into: &html)
                                        html.element("button", text: "Revoke", attributes: ["type": "submit",
                                                                                            "aria-label": "Revoke the key \(key.name)"])
                                    }
                                }
                            }
                        }
                    }
                }
            }
        case .failure(let failure):
            html.element("p", text: "The keys could not be read: \(failure.message)", attributes: ["class": "error"])
        }
        html.element("h3", text: "Make a key")
        html.element("form", attributes: ["method": "post", "action": keysPath]) { html in
            ConsolePage.formTokenField(session.formToken, into: &html)
            html.element("label", text: "Name (letters, digits, . _ - and spaces)", attributes: ["for": "key-name"])
            html.void(.input, attributes: ["type": "text", "id": "key-name", "name": "name",
                                           "required": "required", "maxlength": String(APIKey.maximumNameLength)])
            html.element("fieldset") { html in
                html.element("legend", text: "Scopes")
                for scope in APIKeyScope.allCases {
                    let id = "scope-" + scope.rawValue.replacingOccurrences(of: ":", with: "-")
                    html.void(.input, attributes: ["type": "checkbox", "id": id, "name": "scopes", "value": scope.rawValue])
                    html.element("label", text: scope.rawValue, attributes: ["for": id])
                }
            }
            html.element("button", text: "Make the key", attributes: ["type": "submit"])
        }
    }

    /// The newest audit entries, as the session may see them (`AuditOperations.read`).
    package static func writeAudit(_ result: Result<AuditPage, ConsoleReadFailure>, into html: inout HTMLDocument) {
        html.element("h2", text: "Audit log")
        switch result {
        case .success(let page):
            table(caption: "The newest \(auditEntriesShown) changes (GET /v1/audit reads them all)",
                  headings: ["When", "Who", "What", "Subject", "Detail"],
                  rows: page.entries.map { entry in
                      [RFC3339.string(entry.at), entry.actor, entry.action, entry.subject,
                       entry.detail.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")]
                  }, into: &html)
        case .failure(let failure):
            html.element("p", text: "The audit log could not be read: \(failure.message)", attributes: ["class": "error"])
        }
    }

    /// A table whose first column heads each row; every cell is text.
    package static func table(caption: String, headings: [String], rows: [[String]], into html: inout HTMLDocument) {
        html.table(caption: caption, headings: headings) { html in
            for row in rows {
                html.element("tr") { html in
                    for (index, cell) in row.enumerated() {
                        if index == 0 { html.element("th", text: cell, attributes: ["scope": "row"]) }
                        else { html.element("td", text: cell) }
                    }
                }
            }
        }
    }

    // MARK: - Keys

    /// `POST /console/system/keys` (`name`, `scopes`…): makes a key through `APIKeyOperations`
    /// (the API's own operation, its checks and audit entry); the page shows its text this once.
    package func createKey(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder), let caller = OperatorCaller(request) else { return }
        let form = ConsoleForm(body: request.body)
        let scopes: [APIKeyScope]
        do {
            scopes = try APIKeyScope.parse(form.values(named: "scopes"))
        } catch {
            return responder.respond(ConsolePage.notice(status: .badRequest, title: "Key not made", detail: error.description))
        }
        keys.create(name: form["name"] ?? "", scopes: scopes, by: caller) { result in
            switch result {
            case .success(let made):
                var page = ConsolePage(title: "Key made", section: .system, session: session)
                page.html.element("p", text: "The key '\(made.key.name)' (\(made.key.id)) holds \(made.key.scopes.map(\.rawValue).joined(separator: ", ")). "
                                  + "Copy its text now: it is shown this once, and the server keeps only a hash of it.")
                page.html.element("p", text: made.token.text, attributes: ["class": "secret", "id": "key-text"])
                page.html.element("p") { html in
                    html.element("a", text: "Back to System", attributes: ["href": ConsoleSection.system.path])
                }
                responder.respond(page.response(status: .created))
            case .failure(let error):
                responder.respond(Self.notice(error, title: "Key not made"))
            }
        }
    }

    /// `POST /console/system/keys/{id}/revoke`: revokes a key through `APIKeyOperations`; its
    /// console sessions end too. 303 back to System.
    package func revokeKey(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard session(of: request, responder) != nil, let caller = OperatorCaller(request) else { return }
        keys.revoke(id: request.pathParameters["id"] ?? "", by: caller) { [sessions] result in
            switch result {
            case .success(let key):
                sessions.end(keyID: key.id)
                responder.respond(ConsoleHeaders.redirect(to: ConsoleSection.system.path + "#keys"))
            case .failure(let error):
                responder.respond(Self.notice(error, title: "Key not revoked"))
            }
        }
    }

    /// The page of an operation that did not happen: its status, `title` and the operation's own sentence.
    package static func notice(_ error: OperationError, title: String) -> HTTPResponse {
        var response = ConsolePage.notice(status: error.problem.status, title: title, detail: error.problem.detail)
        for field in error.headers { response.headers.add(field.name, field.value) }
        return response
    }
}
