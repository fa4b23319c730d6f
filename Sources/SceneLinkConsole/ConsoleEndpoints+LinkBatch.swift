import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

extension ConsoleEndpoints {
    /// Not under `/console/links/`, so no path of a batch ever hides a link's page (`batch` is a valid code).
    package static let linkBatchPath = "/console/links-batch"
    package static let linkBatchDeletePath = "/console/links-batch/delete"

    /// The sentence of a batch without a filter: the API's rule (`tag=` or `q=` required), in the console's words.
    package static let batchNeedsFilter = "Name the links first: search for them or choose a tag, then change them; "
        + "a batch never acts on every link."

    /// `POST /console/links-batch` (`q`, `tag`: the Links page's filter; `action`: `add-tag`,
    /// `remove-tag` or `expiry`; `batchTag`; `expiresAt`, empty for never): the change read by the
    /// API's own rules (`ShortLinkBatchChange`) and made to every link the filter keeps through
    /// `ShortLinkOperations.changeAll` (its permission, one audit entry); 303 to the Links page
    /// with the filter and "12 links changed". Without a filter, or a change refused, the Links
    /// page with the sentence beside the field it is about.
    package func changeLinks(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder), let caller = OperatorCaller(request) else { return }
        let form = ConsoleForm(body: request.body)
        let refuse: @Sendable (String, String, HTTPStatus) -> Void = { [self] field, sentence, status in
            showLinks(request, session: session, item: { form[$0] }, batchError: ConsoleFieldError(fieldID: field, message: sentence),
                      status: status, responder)
        }
        let filter: ShortLinkFilter
        do {
            filter = try Self.linkFilter { form[$0] }
        } catch {
            return refuse("batch", error.problem.detail, error.problem.status)
        }
        guard filter.tag != nil || filter.text != nil else { return refuse("batch", Self.batchNeedsFilter, .badRequest) }
        let tag = (form["batchTag"] ?? "").trimmingCharacters(in: .whitespaces)
        let member: (key: String, value: JSONValue)
        switch ConsoleLinkBatchForm.Action(rawValue: form["action"] ?? "") {
        case .addTag? where tag.isEmpty, .removeTag? where tag.isEmpty:
            return refuse("batch-tag", "Give the tag to add or remove.", .badRequest)
        case .addTag?: member = ("addTags", JSONValue.array([.string(tag)]))
        case .removeTag?: member = ("removeTags", JSONValue.array([.string(tag)]))
        case .expiry?:
            let expiry = form["expiresAt"].flatMap { $0.isEmpty ? nil : Self.instant(fromLocal: $0) }
            member = ("expiresAt", expiry.map { JSONValue.string($0) } ?? JSONValue.null)
        case nil:
            return refuse("batch-action", "Choose what to change: add a tag, remove a tag or set the expiry.", .badRequest)
        }
        let change: ShortLinkBatchChange
        do {
            change = try ShortLinkBatchChange(document: .object([member]))
        } catch {
            return refuse(Self.batchField(error.detail), error.detail, error.status)
        }
        links.changeAll(filter: filter, change: change, by: caller) { result in
            switch result {
            case .success(let batch):
                let banner = ConsoleBanner(.linksChanged, subject: String(batch.changed))
                responder.respond(ConsoleHeaders.redirect(to: banner.redirect(to: ConsoleSection.links.path, keeping: Self.filterItems(form))))
            case .failure(let error):
                refuse(Self.batchField(error.problem.detail), error.problem.detail, error.problem.status)
            }
        }
    }

    /// `GET /console/links-batch/delete?q&tag`: the page that asks before a batch deletion,
    /// naming how many links the filter keeps now (every page of the listing read through
    /// `ShortLinkOperations.list`); nothing is deleted. Without a filter, 400.
    package func confirmDeleteLinks(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder), let caller = OperatorCaller(request) else { return }
        let filter: ShortLinkFilter
        do {
            filter = try Self.linkFilter { request.queryItem($0) }
        } catch {
            return responder.respond(Self.notice(error, title: "Nothing deleted"))
        }
        guard filter.tag != nil || filter.text != nil else {
            return responder.respond(ConsolePage.notice(status: .badRequest, title: "Nothing deleted", detail: Self.batchNeedsFilter))
        }
        collectCodes(filter: filter, after: nil, into: [], by: caller) { result in
            switch result {
            case .success(let codes):
                let view = ConsoleLinkBatchDeleteView(codes: codes, q: filter.text ?? "", tag: filter.tag?.rawValue ?? "",
                                                      formToken: session.formToken)
                responder.respond(view.response(session: session))
            case .failure(let error):
                responder.respond(Self.notice(error, title: "Links not read"))
            }
        }
    }

    /// `POST /console/links-batch/delete` (`q`, `tag`, `confirm=yes`): every link the filter keeps
    /// deleted through `ShortLinkOperations.deleteAll` (its permission, one audit entry); 303 to
    /// the Links page with the filter and "3 links deleted". Without a filter or the confirmation,
    /// 400 and nothing deleted.
    package func deleteLinks(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let caller = OperatorCaller(request) else { return }
        let form = ConsoleForm(body: request.body)
        let filter: ShortLinkFilter
        do {
            filter = try Self.linkFilter { form[$0] }
        } catch {
            return responder.respond(Self.notice(error, title: "Nothing deleted"))
        }
        guard filter.tag != nil || filter.text != nil else {
            return responder.respond(ConsolePage.notice(status: .badRequest, title: "Nothing deleted", detail: Self.batchNeedsFilter))
        }
        guard form["confirm"] == "yes" else {
            return responder.respond(ConsolePage.notice(status: .badRequest, title: "Nothing deleted",
                                                        detail: "The deletion was not confirmed; delete the links from the page that counts them."))
        }
        links.deleteAll(filter: filter, by: caller) { result in
            switch result {
            case .success(let batch):
                let banner = ConsoleBanner(.linksDeleted, subject: String(batch.changed))
                responder.respond(ConsoleHeaders.redirect(to: banner.redirect(to: ConsoleSection.links.path, keeping: Self.filterItems(form))))
            case .failure(let error):
                responder.respond(Self.notice(error, title: "Nothing deleted"))
            }
        }
    }

    /// The form's filter (`q`, `tag`) as query items, an empty one left out.
    private static func filterItems(_ form: ConsoleForm) -> [(String, String)] {
        ["q", "tag"].compactMap { name in form[name].flatMap { $0.isEmpty ? nil : (name, String($0.prefix(256))) } }
    }

    /// The batch form's field a refusal's sentence is about: the expiry's, the tag's, else the action's.
    package static func batchField(_ sentence: String) -> String {
        let lowered = sentence.lowercased()
        if lowered.contains("expir") { return "batch-expiry" }
        if lowered.contains("tag") { return "batch-tag" }
        return "batch-action"
    }

    /// The codes of every link `filter` keeps, oldest first, a listing page at a time.
    private func collectCodes(filter: ShortLinkFilter, after cursor: Int64?, into codes: [String], by caller: OperatorCaller,
                              _ completion: @escaping @Sendable (Result<[String], OperationError>) -> Void) {
        links.list(after: cursor, limit: ShortLinkOperations.maximumPageSize, filter: filter, by: caller) { [self] result in
            switch result {
            case .failure(let error):
                completion(.failure(error))
            case .success(let page):
                let all = codes + page.links.map(\.link.code.rawValue)
                guard let next = page.nextCursor else { return completion(.success(all)) }
                collectCodes(filter: filter, after: next, into: all, by: caller, completion)
            }
        }
    }
}
