import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

extension ShortLinkEndpoints {
    /// `PATCH /v1/short-links?tag=T&q=TEXT` (or `?all=true`) with `ShortLinkBatchChange`'s body:
    /// adds or removes tags and sets the expiry of every link the filter keeps. 200
    /// `{"matched","changed","skipped":[codes]}`; one audit entry for the whole batch.
    func changeAll(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        let caller = try OperatorCaller.of(request)
        let filter = try Self.batchFilter(request)
        let change = try ShortLinkBatchChange(body: request.body)
        operations.changeAll(filter: filter, change: change, by: caller) { result in
            responder.respond(Self.batchAnswer(result, counted: "changed"))
        }
    }

    /// `DELETE /v1/short-links?tag=T&q=TEXT` (or `?all=true`): deletes every link the filter
    /// keeps. 200 `{"matched","deleted","skipped":[codes]}`; one audit entry for the whole batch.
    func deleteAll(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        let caller = try OperatorCaller.of(request)
        let filter = try Self.batchFilter(request)
        operations.deleteAll(filter: filter, by: caller) { result in
            responder.respond(Self.batchAnswer(result, counted: "deleted"))
        }
    }

    /// The links a batch acts on: `tag` and `q` as the listing takes them; with neither, `all=true`
    /// must say that every link is meant (a forgotten filter must not change every link).
    private static func batchFilter(_ request: HTTPRequest) throws(HTTPProblem) -> ShortLinkFilter {
        for item in ["limit", "cursor"] where request.queryItem(item) != nil {
            throw HTTPProblem.invalidQuery("\(item) pages the listing; a batch acts on every link its tag= and q= keep.")
        }
        let (_, _, filter) = try ShortLinkOperations.listing(request.queryItem)
        let all = request.queryItem("all")
        guard all == nil || all == "true" else { throw HTTPProblem.invalidQuery("all takes true, not '\(all?.prefix(32) ?? "")'.") }
        guard filter.tag != nil || filter.text != nil || all == "true" else {
            throw HTTPProblem.invalidQuery("Name the links with tag= or q=, or say all=true to act on every link.")
        }
        return filter
    }

    private static func batchAnswer(_ result: Result<ShortLinkOperations.BatchResult, OperationError>, counted: String) -> HTTPResponse {
        switch result {
        case .success(let batch):
            return noStore(.json(.object([
                ("matched", .number(String(batch.matched))), (counted, .number(String(batch.changed))),
                ("skipped", .array(batch.skipped.map { .string($0.rawValue) })),
            ])))
        case .failure(let error):
            return error.response
        }
    }
}
