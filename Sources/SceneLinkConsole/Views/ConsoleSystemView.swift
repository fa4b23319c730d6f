import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// The System page (`GET /console/system`): the server (version, store and its health, routes,
/// sessions), rate limits, retention, the association files checked as served now, a link to
/// the privacy receipt, the API keys and the newest audit entries.
///
/// What a session may not see or do is decided here: the keys with their forms only for a
/// session that may list and make them (the admin token's), the audit log with `audit:read`,
/// the privacy receipt's link with `analytics:read`.
package struct ConsoleSystemView: ConsolePageView {
    /// The API keys part.
    package enum Keys: Sendable {
        /// The session may not manage keys: a sentence says who does.
        case hidden
        /// The keys (or why they could not be read), each with its revoke form, and the form that makes one.
        case shown(Result<[Key], ConsoleReadFailure>, form: ConsoleKeyForm)
    }

    /// One API key as its row shows it.
    package struct Key: Sendable, Equatable {
        package let name: String
        package let id: String
        package let scopes: String
        package let created: String
        /// When it was revoked, or "no".
        package let revoked: String
        /// Where its revoke form posts; nil for a key already revoked (no form).
        package let revokePath: String?
    }

    package var title: String { ConsoleSection.system.title }
    package var section: ConsoleSection { .system }
    package let status: HTTPStatus
    /// A refused key form's fields, linked from the top of the page.
    package var errorSummary: ConsoleErrorSummary? {
        guard case .shown(_, let form) = keys else { return nil }
        return ConsoleErrorSummary(form.errors)
    }
    /// The server's facts, term and value, in order.
    package let server: [(term: String, value: String)]
    /// Rows of class, budget and instance ceiling.
    package let rateLimits: [[String]]
    /// Rows of data, how long it is kept and the flag that sets it.
    package let retention: [[String]]
    /// Rows of file, check and app ids.
    package let associationFiles: [[String]]
    package let showsPrivacyReceipt: Bool
    package let keys: Keys
    /// Rows of when, who, what, subject and detail, newest first; nil for a session without `audit:read`.
    package let audit: Result<[[String]], ConsoleReadFailure>?

    /// - Parameters:
    ///   - storeProblem: nil when the store can write, else why not.
    ///   - sessionCount: the console sessions in memory.
    ///   - routes: the route table in force; `associationFiles` are its answers as served now.
    ///   - sessionIdle, sessionLifetime: the console's own session limits.
    ///   - keys: every key (nil: not read, the session may not list keys).
    ///   - audit: the newest audit entries the session may see (nil: not read).
    ///   - session: whose permissions decide which parts and forms are shown.
    ///   - keyForm: the key form as a refused attempt left it (nil: a fresh one); the page's
    ///     status is then `status`.
    package init(storeProblem: String?, storeDescription: String, sessionCount: Int, routes: RouteTable,
                 associationFiles: AssociationAnswers, settings: ConsoleServerSettings, sessionIdle: Duration, sessionLifetime: Duration,
                 keys: Result<[APIKey], OperationError>?, audit: Result<AuditPage, OperationError>?, session: ConsoleSession,
                 keyForm: ConsoleKeyForm? = nil, status: HTTPStatus = .ok) {
        self.status = status
        server = [("Version", SceneLinkVersion.current), ("Store", storeDescription),
                  ("Store health", storeProblem.map { "cannot write: \($0)" } ?? "writable"),
                  ("Routes", "\(routes.routeCount) (\(routes.appName))"),
                  ("Console sessions", "\(sessionCount) in memory (a restart signs everyone out)")]
        rateLimits = RateLimitClass.allCases.map { kind in
            [kind.rawValue, settings.rateLimits.policies[kind]?.description ?? "off",
             settings.rateLimits.instancePolicies[kind]?.description ?? "none"]
        }
        let text = ValueParser.text(of:)
        retention = [
            ["Sessions (apps' scene state), after last use", text(settings.sessionTimeToLive), "--session-ttl"],
            ["Claims", text(settings.claimLifetime), "--claim-ttl"],
            ["Short links, after they expire", text(ShortLink.expiredRetention), "(fixed)"],
            ["Analytics hourly breakdowns", text(settings.analyticsDetailRetention), "--analytics-detail-retention"],
            ["Analytics counts", text(settings.analyticsRetention), "--analytics-retention"],
            ["Audit log", "\(Int(AuditEntry.retention / 86_400))d", "(fixed)"],
            ["Console sessions: idle / lifetime", "\(text(sessionIdle)) / \(text(sessionLifetime))", "--console-idle, --console-lifetime"],
        ]
        self.associationFiles = Self.check(associationFiles)
        showsPrivacyReceipt = session.may(.analyticsPrivacy)
        if let keys, session.may(.createKey) {
            self.keys = .shown(keys.map { $0.map(Self.key) }.mapError { ConsoleReadFailure(message: $0.problem.detail) },
                               form: keyForm ?? ConsoleKeyForm(formToken: session.formToken))
        } else {
            self.keys = .hidden
        }
        self.audit = audit.map { result in
            result.map { page in
                page.entries.map { entry in
                    [RFC3339.string(entry.at), entry.actor, entry.action, entry.subject,
                     entry.detail.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")]
                }
            }.mapError { ConsoleReadFailure(message: $0.problem.detail) }
        }
    }

    private static func key(_ key: APIKey) -> Key {
        Key(name: key.name, id: key.id, scopes: key.scopes.map(\.rawValue).joined(separator: ", "), created: RFC3339.string(key.createdAt),
            revoked: key.revokedAt.map { RFC3339.string($0) } ?? "no",
            revokePath: key.revokedAt == nil ? "/console/system/keys/\(key.id)/revoke" : nil)
    }

    /// The association files as served: whether each is valid JSON, and the app ids it names
    /// (Apple's `appIDs` and `appID`, Android's package names), or why there is none.
    package static func check(_ files: AssociationAnswers) -> [[String]] {
        func check(_ response: HTTPResponse, ids: (JSONValue) -> [String]) -> [String] {
            guard response.status.code == 200 else { return ["none", ConsoleEndpoints.problemText(response)] }
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
        return [["/.well-known/apple-app-site-association"] + apple, ["/.well-known/assetlinks.json"] + android]
    }

    package func write(into html: inout HTMLDocument) {
        html.element("h2", text: "Server")
        html.element("dl") { html in
            for (term, value) in server {
                html.element("dt", text: term)
                html.element("dd", text: value)
            }
        }
        html.cards { html in
            html.card { html in
                html.element("h2", text: "Rate limits")
                ConsoleEndpoints.table(caption: "Budget per client and class (--rate-limit)", headings: ["Class", "Budget", "Instance ceiling"],
                                       rows: rateLimits, into: &html)
            }
            html.card { html in
                html.element("h2", text: "Retention")
                ConsoleEndpoints.table(caption: "How long each kind of data is kept", headings: ["Data", "Kept", "Flag"], rows: retention, into: &html)
            }
        }
        html.element("h2", text: "Association files")
        ConsoleEndpoints.table(caption: "What the app stores fetch, checked as served now", headings: ["File", "Check", "App ids"],
                               rows: associationFiles, into: &html)
        if showsPrivacyReceipt {
            html.element("h2", text: "Privacy receipt (analytics)")
            html.element("p") { html in
                html.text("Every analytics column kept, with its row count: ")
                html.element("a", text: "the privacy receipt", attributes: ["href": ConsoleEndpoints.privacyPath])
                html.text(" (a page of its own: counting reads every analytics table, which takes long on a large store).")
            }
        }
        Self.write(keys, into: &html)
        if let audit { Self.write(audit, into: &html) }
    }

    /// The keys with the create form and revoke buttons, or a sentence saying who manages them.
    private static func write(_ keys: Keys, into html: inout HTMLDocument) {
        html.element("h2", text: "API keys", attributes: ["id": "keys"])
        guard case .shown(let result, let form) = keys else {
            html.element("p", text: "Only a session signed in with the admin token makes and revokes keys.", attributes: ["class": "muted"])
            return
        }
        switch result {
        case .success(let keys) where keys.isEmpty:
            html.element("p", text: "No API keys yet.")
        case .success(let keys):
            html.consoleTable(caption: "Every key, revoked ones too, oldest first; a key's text is shown only when it is made",
                       headings: ["Name", "Id", "Scopes", "Created", "Revoked", "Action"]) { html in
                for key in keys {
                    html.element("tr") { html in
                        html.element("th", text: key.name, attributes: ["scope": "row"])
                        html.element("td", text: key.id)
                        html.element("td", text: key.scopes)
                        html.element("td", text: key.created)
                        html.element("td", text: key.revoked)
                        html.element("td") { html in
                            if let revokePath = key.revokePath {
                                html.element("form", attributes: ["method": "post", "action": revokePath]) { html in
                                    ConsolePage.formTokenField(form.formToken, into: &html)
                                    html.element("button", text: "Revoke", attributes: ["type": "submit", "aria-label": "Revoke the key \(key.name)"])
                                }
                            }
                        }
                    }
                }
            }
        case .failure(let failure):
            html.element("p", text: "The keys could not be read: \(failure.message)", attributes: ["class": "error"])
        }
        form.write(into: &html)
    }

    /// The newest audit entries, as the session may see them.
    private static func write(_ audit: Result<[[String]], ConsoleReadFailure>, into html: inout HTMLDocument) {
        html.element("h2", text: "Audit log")
        switch audit {
        case .success(let rows):
            ConsoleEndpoints.table(caption: "The newest \(ConsoleEndpoints.auditEntriesShown) changes (GET /v1/audit reads them all)",
                                   headings: ["When", "Who", "What", "Subject", "Detail"], rows: rows, into: &html)
        case .failure(let failure):
            html.element("p", text: "The audit log could not be read: \(failure.message)", attributes: ["class": "error"])
        }
    }
}
