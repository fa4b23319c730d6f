import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkService

/// One link, changes, labels and the listing's filters: what the console needs.
extension ShortLinkEndpointsTests {
    static func patch(_ client: LoopbackClient, _ code: String, _ body: String, headers: [String: String] = [:],
                      contentType: String = "application/merge-patch+json") async throws -> LoopbackClient.Response {
        try await client.send("PATCH", "/v1/short-links/\(code)",
                              headers: admin.merging(headers.merging(["Content-Type": contentType]) { a, _ in a }) { a, _ in a },
                              body: Array(body.utf8))
    }

    static func listedCodes(_ client: LoopbackClient, _ query: String) async throws -> [String] {
        let listed = try await client.send("GET", "/v1/short-links?\(query)", headers: admin)
        #expect(listed.status == 200)
        return (try document(listed)["shortLinks"] as? [[String: Any]])?.compactMap { $0["code"] as? String } ?? []
    }

    @Test(arguments: Store.all)
    func oneLinkIsAnsweredAsTheListingShowsItWithItsETag(store: Store) async throws {
        try await Self.withService(store: store) { client, _ in
            let created = try await Self.create(client, #"{"link": "fuelmoney://explain", "alias": "spring", "title": "Spring \"sale\" <b>", "tags": ["sale", "email", "sale"]}"#)
            #expect(created.status == 201)
            let made = try Self.document(created)
            #expect(made["title"] as? String == "Spring \"sale\" <b>")
            #expect(made["tags"] as? [String] == ["email", "sale"])

            let one = try await client.send("GET", "/v1/short-links/spring", headers: Self.admin)
            #expect(one.status == 200)
            #expect(one.headers["etag"] == "\"l1\"")
            #expect(one.headers["cache-control"] == "no-store")
            let doc = try Self.document(one)
            #expect(doc["code"] as? String == "spring")
            #expect(doc["title"] as? String == "Spring \"sale\" <b>")
            #expect(doc["tags"] as? [String] == ["email", "sale"])
            #expect(doc["clicks"] as? Int == 0)
            #expect(doc["expired"] as? Bool == false)
            #expect(doc["visits"] as? [String: Int] == ["human": 0, "preview": 0, "bot": 0])
            let listed = try await Self.listedLinks(client) { _ in true }
            #expect(Set(listed[0].keys) == Set(doc.keys))

            let unknown = try await client.send("GET", "/v1/short-links/autumn", headers: Self.admin)
            #expect(unknown.status == 404)
            #expect(Self.problemType(unknown) == "short-link-not-found")
            #expect(try await client.send("GET", "/v1/short-links/a%20b", headers: Self.admin).status == 404)
            #expect(try await client.send("GET", "/v1/short-links/spring").status == 401)
        }
    }

    @Test(arguments: Store.all)
    func aPatchChangesTheLinkExpiryTitleAndTagsAndAnswersTheLink(store: Store) async throws {
        try await Self.withService(store: store) { client, _ in
            #expect(try await Self.create(client, #"{"link": "fuelmoney://explain", "alias": "sale", "title": "Old", "tags": ["a"], "expiresAt": "2030-01-01T00:00:00Z"}"#).status == 201)
            let changed = try await Self.patch(client, "sale", #"{"title": "New", "tags": ["b", "c"], "expiresAt": null}"#)
            #expect(changed.status == 200)
            #expect(changed.headers["etag"] == "\"l2\"")
            let doc = try Self.document(changed)
            #expect(doc["title"] as? String == "New")
            #expect(doc["tags"] as? [String] == ["b", "c"])
            #expect(doc["expiresAt"] is NSNull)
            #expect(doc["link"] as? String == "fuelmoney://explain")
            #expect(doc["visits"] != nil)

            // application/json is accepted too; a left-out member keeps its value, null removes it.
            let relinked = try await Self.patch(client, "sale", #"{"link": "fuelmoney://information", "title": null}"#,
                                                contentType: "application/json")
            #expect(relinked.status == 200)
            let after = try Self.document(relinked)
            #expect(after["link"] as? String == "fuelmoney://information")
            #expect(after["title"] is NSNull)
            #expect(after["tags"] as? [String] == ["b", "c"])
            let followed = try await client.send("GET", "/s/sale", headers: Self.json)
            #expect(try Self.document(followed)["route"] as? String == "information")
            #expect(try await Self.listedCodes(client, "tag=a") == [])
            #expect(try await Self.listedCodes(client, "tag=c") == ["sale"])
        }
    }

    @Test(arguments: Store.all)
    func ifMatchGuardsAChangeWithTheLinksETag(store: Store) async throws {
        try await Self.withService(store: store) { client, _ in
            #expect(try await Self.create(client, #"{"link": "fuelmoney://explain", "alias": "guarded"}"#).status == 201)
            let stale = try await Self.patch(client, "guarded", #"{"title": "x"}"#, headers: ["If-Match": "\"l7\""])
            #expect(stale.status == 412)
            #expect(Self.problemType(stale) == "precondition-failed")
            #expect(stale.headers["etag"] == "\"l1\"")
            let current = try await Self.patch(client, "guarded", #"{"title": "x"}"#, headers: ["If-Match": "\"l0\", \"l1\""])
            #expect(current.status == 200)
            #expect(current.headers["etag"] == "\"l2\"")
            #expect(try await Self.patch(client, "guarded", #"{"title": "y"}"#, headers: ["If-Match": "\"l1\""]).status == 412)
            #expect(try await Self.patch(client, "guarded", #"{"title": "y"}"#, headers: ["If-Match": "*"]).status == 200)
            let malformed = try await Self.patch(client, "guarded", #"{"title": "y"}"#, headers: ["If-Match": "l3"])
            #expect(malformed.status == 400)
            #expect(Self.problemType(malformed) == "invalid-precondition")
        }
    }

    @Test("a patch that cannot be applied says why", arguments: [
        (#"{"code": "other"}"#, 400, "invalid-short-link", "The body has the member \"code\", which is not one of link, expiresAt, title, tags, preview, fallbacks, skipPage, campaign."),
        (#"{"link": null}"#, 400, "invalid-short-link", "\"link\" cannot be null"),
        (#"{"tags": ["Sale"]}"#, 400, "invalid-tag", "The tag 'Sale' contains the character U+53"),
        (#"{"tags": "sale"}"#, 400, "invalid-short-link", "\"tags\" must be an array"),
        (#"{"tags": ["a","b","c","d","e","f","g","h","i","j","k","l","m","n","o","p","q","r","s","t","u"]}"#, 400,
         "invalid-short-link", "A link has 21 tags; give at most 20."),
        (#"{"title": "\#(String(repeating: "é", count: 201))"}"#, 400, "invalid-short-link", "\"title\" is 201 characters long; give at most 200."),
        (#"{"link": "fuelmoney://settings/acount"}"#, 422, "no-route", "No route"),
        (#"{"link": "https://fuelmoney.example.com/s/abc"}"#, 422, "target-is-short-link", "The link is itself a short link"),
        (#"{"expiresAt": "2020-01-01T00:00:00Z"}"#, 422, "expiry-in-past", "expiresAt 2020-01-01T00:00:00Z has already passed"),
    ])
    func refusedPatches(body: String, status: Int, type: String, detail: String) async throws {
        try await Self.withService { client, _ in
            #expect(try await Self.create(client, #"{"link": "fuelmoney://explain", "alias": "fixed"}"#).status == 201)
            let response = try await Self.patch(client, "fixed", body)
            #expect(response.status == status)
            #expect(Self.problemType(response) == type)
            let text = try Self.document(response)["detail"] as? String ?? ""
            #expect(text.hasPrefix(detail) || type == "no-route", "\(text)")
            // Nothing changed.
            #expect(try await client.send("GET", "/v1/short-links/fixed", headers: Self.admin).headers["etag"] == "\"l1\"")
        }
    }

    @Test func aPatchOfAnUnknownLinkOrInAnotherMediaTypeIsRefused() async throws {
        try await Self.withService { client, _ in
            let unknown = try await Self.patch(client, "nobody", #"{"title": "x"}"#)
            #expect(unknown.status == 404)
            #expect(Self.problemType(unknown) == "short-link-not-found")
            #expect(try await Self.create(client, #"{"link": "fuelmoney://explain", "alias": "typed"}"#).status == 201)
            let text = try await Self.patch(client, "typed", #"{"title": "x"}"#, contentType: "text/plain")
            #expect(text.status == 415)
            #expect(Self.problemType(text) == "unsupported-media-type")
            #expect(try await client.send("PATCH", "/v1/short-links/typed", body: Array(#"{"title": "x"}"#.utf8)).status == 401)
        }
    }

    @Test(arguments: Store.all)
    func theListingFindsLinksByTagAndByText(store: Store) async throws {
        try await Self.withService(store: store) { client, _ in
            for body in [#"{"link": "fuelmoney://explain", "alias": "spring", "title": "Spring 50% off", "tags": ["sale"]}"#,
                         #"{"link": "fuelmoney://information", "alias": "autumn", "tags": ["sale", "email"]}"#,
                         #"{"link": "fuelmoney://explain", "alias": "under_score"}"#] {
                #expect(try await Self.create(client, body).status == 201)
            }
            #expect(try await Self.listedCodes(client, "tag=sale") == ["spring", "autumn"])
            #expect(try await Self.listedCodes(client, "tag=email") == ["autumn"])
            #expect(try await Self.listedCodes(client, "q=SPRING") == ["spring"])
            #expect(try await Self.listedCodes(client, "q=information") == ["autumn"])
            #expect(try await Self.listedCodes(client, "q=50%25") == ["spring"])
            #expect(try await Self.listedCodes(client, "q=_") == ["under_score"])
            #expect(try await Self.listedCodes(client, "q=explain&tag=sale") == ["spring"])
            #expect(try await Self.listedCodes(client, "tag=sale&limit=1").count == 1)
            let badTag = try await client.send("GET", "/v1/short-links?tag=Sale", headers: Self.admin)
            #expect(badTag.status == 400)
            #expect(Self.problemType(badTag) == "invalid-query")
            let long = String(repeating: "a", count: 201)
            #expect(try await client.send("GET", "/v1/short-links?q=\(long)", headers: Self.admin).status == 400)
        }
    }
}
