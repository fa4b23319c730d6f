import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// The page that confirms a batch deletion (`GET /console/links-batch/delete?q&tag`): how many
/// links the filter keeps now ("Delete 12 links tagged spring?"), a few of their codes, and the
/// button that deletes them (`POST /console/links-batch/delete`, `ShortLinkOperations.deleteAll`),
/// or, when none matches, that there is nothing to delete. Nothing is deleted before the button.
package struct ConsoleLinkBatchDeleteView: ConsolePageView {
    /// How many codes the page names at most.
    package static let namedCodes = 10

    package var title: String { "Delete links" }
    package var section: ConsoleSection { .links }
    /// The question ("Delete 12 links tagged spring?") or that none matches.
    package let question: String
    /// The links kept now.
    package let count: Int
    /// The first `namedCodes` codes, each with its page.
    package let codes: [ConsoleLinksView.Tag]
    /// The filter, sent back with the confirmation.
    package let filterItems: [(String, String)]
    /// The Links page with the filter, where "Cancel" goes.
    package let backPath: String
    package let formToken: String

    /// - Parameters:
    ///   - codes: the codes of every link the filter keeps, oldest first.
    ///   - q, tag: the filter (one at least not empty).
    package init(codes: [String], q: String, tag: String, formToken: String) {
        count = codes.count
        let filter = ConsoleLinkBatchForm.describe(q: q, tag: tag).replacingOccurrences(of: "is tagged", with: "tagged")
            .replacingOccurrences(of: "matches", with: "matching")
        question = codes.isEmpty ? "No link is \(filter): nothing to delete."
            : "Delete \(codes.count == 1 ? "1 link" : "\(codes.count) links") \(filter)?"
        self.codes = codes.prefix(Self.namedCodes).map { ConsoleLinksView.Tag(name: $0, path: ConsoleEndpoints.linkPath($0)) }
        filterItems = (q.isEmpty ? [] : [("q", q)]) + (tag.isEmpty ? [] : [("tag", tag)])
        backPath = ConsoleSection.links.path + "?" + ConsoleEndpoints.encode(filterItems)
        self.formToken = formToken
    }

    package func write(into html: inout HTMLDocument) {
        html.element("p", text: question, attributes: ["id": "batch-question"])
        if !codes.isEmpty {
            html.element("ul") { html in
                for code in codes {
                    html.element("li") { html in html.element("a", text: code.name, attributes: ["href": code.path]) }
                }
                if count > codes.count { html.element("li", text: "and \(count - codes.count) more") }
            }
            html.element("p", text: "Each answers 404 from now on, and its code is free again. This cannot be undone.")
            html.element("form", attributes: ["method": "post", "action": ConsoleEndpoints.linkBatchDeletePath]) { html in
                ConsolePage.formTokenField(formToken, into: &html)
                for (name, value) in filterItems { html.void(.input, attributes: ["type": "hidden", "name": name, "value": value]) }
                html.void(.input, attributes: ["type": "hidden", "name": "confirm", "value": "yes"])
                html.element("button", text: count == 1 ? "Delete 1 link" : "Delete \(count) links", attributes: ["type": "submit"])
            }
        }
        html.element("p") { html in
            html.element("a", text: codes.isEmpty ? "Back to the links" : "Cancel: back to the links", attributes: ["href": backPath])
        }
    }
}
