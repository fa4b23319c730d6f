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
        showSystem(request, session: session, banner: ConsoleBanner(query: request.queryItem), responder)
    }

    /// The System page for `session`, with a change's `banner`, or with `keyForm` as a refused
    /// attempt left it and `status`.
    private func showSystem(_ request: HTTPRequest, session: ConsoleSession, banner: ConsoleBanner? = nil, keyForm: ConsoleKeyForm? = nil,
                            status: HTTPStatus = .ok, _ responder: HTTPResponder) {
        guard let caller = OperatorCaller(request) else { return }
        readIf(session.may(.listKeys), { keys.listEvery(by: caller, completion: $0) }) { [self] keys in
            readIf(session.may(.readAudit), { auditReads.read(AuditQuery(limit: Self.auditEntriesShown), by: caller, completion: $0) }) { [self] audit in
                storeHealth { [self] problem in
                    let table = routes.value
                    let view = ConsoleSystemView(storeProblem: problem, storeDescription: storeDescription, sessionCount: sessions.count,
                                                 routes: table, associationFiles: AssociationAnswers(for: table), settings: settings,
                                                 sessionIdle: configuration.idleTimeout, sessionLifetime: configuration.lifetime,
                                                 keys: keys, audit: audit, session: session, keyForm: keyForm, status: status)
                    responder.respond(view.response(session: session, banner: banner))
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
            responder.respond(ConsolePrivacyView(receipt).response(session: session))
        }
    }

    /// A table whose first column heads each row; every cell is text, the columns at `numeric`
    /// numbers (right-aligned, `class="number"`). It scrolls in its own box on a narrow screen.
    package static func table(caption: String, headings: [String], numeric: Set<Int> = [], rows: [[String]], into html: inout HTMLDocument) {
        html.consoleTable(caption: caption, headings: headings, numeric: numeric) { html in
            for row in rows {
                html.element("tr") { html in
                    for (index, cell) in row.enumerated() {
                        if index == 0 { html.element("th", text: cell, attributes: ["scope": "row"]) }
                        else if numeric.contains(index) { html.numberCell(cell) }
                        else { html.element("td", text: cell) }
                    }
                }
            }
        }
    }

    // MARK: - Keys

    /// `POST /console/system/keys` (`name`, `scopes`…): makes a key through `APIKeyOperations`
    /// (the API's own operation, its checks and audit entry); the page shows its text this once.
    /// A name or scopes the operation would refuse (an empty form, too) are the System page again
    /// (400) with an error summary, each field's message beside it, and what was entered.
    package func createKey(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder), let caller = OperatorCaller(request) else { return }
        let form = ConsoleForm(body: request.body)
        let name = form["name"] ?? "", names = form.values(named: "scopes")
        let errors = ConsoleKeyForm.errors(name: name, scopes: names)
        guard errors.isEmpty, let scopes = try? APIKeyScope.parse(names) else {
            let entered = ConsoleKeyForm(name: String(name.prefix(APIKey.maximumNameLength * 2)),
                                         scopes: Set(names.compactMap(APIKeyScope.init(rawValue:))), errors: errors, formToken: session.formToken)
            return showSystem(request, session: session, keyForm: entered, status: .badRequest, responder)
        }
        keys.create(name: name, scopes: scopes, by: caller) { result in
            switch result {
            case .success(let made):
                responder.respond(ConsoleKeyMadeView(made).response(session: session, banner: ConsoleBanner(.keyCreated, subject: made.key.name)))
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
                let banner = ConsoleBanner(.keyRevoked, subject: key.name)
                responder.respond(ConsoleHeaders.redirect(to: banner.redirect(to: ConsoleSection.system.path + "#keys")))
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
