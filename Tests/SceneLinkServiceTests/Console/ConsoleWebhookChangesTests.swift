import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkText
import Testing
@testable import SceneLinkConsole
@testable import SceneLinkOperations
@testable import SceneLinkService

/// Changing and deleting a webhook endpoint from the console, through the webhook API's own
/// handlers (its target checks, its audit entries), over a real socket.
@Suite struct ConsoleWebhookChangesTests {
    typealias Console = ConsoleEndpointsTests

    @Test func aRefusedEndpointIsTheFormAgainWithWhatWasTypedAndTheErrorSummary() async throws {
        try await Console.withConsole { client, _ in
            let id = try #require(try await Console.signIn(client).id)
            let cookie = Console.cookie(id)
            let headers = Console.sameOrigin.merging(cookie) { a, _ in a }
            let csrf = try Console.formToken(try await client.send("GET", "/console/webhooks", headers: cookie))
            let refused = try await client.send("POST", "/console/webhooks", headers: headers, body: Console.form([
                ("url", "http://127.0.0.1:9/\"><b>"), ("description", "kept"), ("events", "short_link.deleted"), ("csrf", csrf),
            ]))
            #expect(refused.status >= 400 && refused.status < 500)
            #expect(refused.text.contains("There is a problem"))
            #expect(refused.text.contains(##"<a href="#webhook-url">"##), "a private or plain-http target is the URL's fault")
            #expect(refused.text.contains(#"value="http://127.0.0.1:9/&quot;&gt;&lt;b&gt;""#))
            #expect(!refused.text.contains("<b>"))
            #expect(refused.text.contains(#"value="kept""#))
            #expect(refused.text.contains(#"value="short_link.deleted" checked="checked""#))
            #expect(refused.text.contains("<title>Error: Webhooks"))
            let document = try JSONParser.parse(try await client.send("GET", "/v1/webhooks", headers: Console.admin).body)
            #expect(document["webhooks"]?.arrayValue?.isEmpty == true, "nothing was added")
        }
    }

    @Test func anEventsRefusalIsAboutTheEventsBoxes() {
        #expect(ConsoleWebhookView.fieldID(for: "Give at least one event.") == "edit-event-short-link-created")
        #expect(ConsoleWebhookView.fieldID(for: "The URL must be https.") == "edit-url")
        #expect(ConsoleWebhooksView.fieldID(for: "Give at least one event.") == "event-short-link-created")
        #expect(ConsoleWebhooksView.fieldID(for: "\"description\" is too long") == "webhook-description")
        #expect(ConsoleWebhooksView.fieldID(for: "The URL must be https.") == "webhook-url")
    }

    @Test func anEndpointIsEditedRotatedAndDeletedThroughTheAPIsHandlers() async throws {
        try await Console.withConsole({ $0.webhooks.allowPrivate = true }) { client, _ in
            let id = try #require(try await Console.signIn(client).id)
            let cookie = Console.cookie(id)
            let headers = Console.sameOrigin.merging(cookie) { a, _ in a }
            let list = try await client.send("GET", "/console/webhooks", headers: cookie)
            let csrf = try Console.formToken(list)
            let made = try await client.send("POST", "/console/webhooks", headers: headers, body: Console.form([
                ("url", "http://127.0.0.1:9/hook"), ("events", "short_link.created"), ("csrf", csrf),
            ]))
            #expect(made.status == 201)
            let document = try JSONParser.parse(try await client.send("GET", "/v1/webhooks", headers: Console.admin).body)
            let endpoint = try #require(document["webhooks"]?.arrayValue?.first?["id"]?.stringValue)

            let page = try await client.send("GET", "/console/webhooks/\(endpoint)", headers: cookie)
            #expect(page.text.contains("<form method=\"post\" action=\"/console/webhooks/\(endpoint)/edit\">"))
            #expect(page.text.contains("value=\"short_link.created\" checked=\"checked\">"))
            #expect(page.text.contains("id=\"edit-enabled\" name=\"enabled\" value=\"yes\" checked=\"checked\">"))
            Console.expectConsoleHeaders(page, "an endpoint's page")

            let edited = try await client.send("POST", "/console/webhooks/\(endpoint)/edit", headers: headers, body: Console.form([
                ("csrf", csrf), ("url", "http://127.0.0.1:9/other?x=<b>"), ("events", "short_link.created"), ("events", "short_link.deleted"),
            ]))
            #expect(edited.status == 303)
            #expect(edited.headers["location"] == "/console/webhooks/\(endpoint)?done=webhook-changed")
            let api = try JSONParser.parse(try await client.send("GET", "/v1/webhooks/\(endpoint)", headers: Console.admin).body)
            #expect(api["url"]?.stringValue == "http://127.0.0.1:9/other?x=<b>")
            #expect(api["events"]?.arrayValue?.compactMap(\.stringValue) == ["short_link.created", "short_link.deleted"])
            #expect(api["enabled"] == .bool(false), "the box left unticked disables it")
            let shown = try await client.send("GET", "/console/webhooks/\(endpoint)", headers: cookie)
            #expect(!shown.text.contains("<b>"))
            #expect(shown.text.contains("id=\"edit-enabled\" name=\"enabled\" value=\"yes\">"))

            let refused = try await client.send("POST", "/console/webhooks/\(endpoint)/edit", headers: headers, body: Console.form([
                ("csrf", csrf), ("url", "ftp://example.com/"), ("events", "short_link.created"), ("enabled", "yes"),
            ]))
            #expect([400, 422].contains(refused.status), "\(refused.status)")
            #expect(refused.headers["content-type"]?.hasPrefix("text/html") == true)
            Console.expectConsoleHeaders(refused, "a refused change")
            #expect(refused.text.contains("There is a problem") && refused.text.contains(##"<a href="#edit-url">"##),
                    "the endpoint's page again, the summary linking to the URL")
            #expect(refused.text.contains(#"id="edit-url" name="url" value="ftp://example.com/" required="required" aria-invalid="true""#),
                    "what was typed is kept")
            let forged = try await client.send("POST", "/console/webhooks/\(endpoint)/edit", headers: headers, body: Console.form([
                ("url", "http://127.0.0.1:9/forged"), ("events", "short_link.created"),
            ]))
            #expect(forged.status == 403)
            let unchanged = try JSONParser.parse(try await client.send("GET", "/v1/webhooks/\(endpoint)", headers: Console.admin).body)
            #expect(unchanged["url"]?.stringValue == "http://127.0.0.1:9/other?x=<b>")

            // The endpoint's page rotates with a chosen overlap; the API checks it and says what to fix.
            #expect(shown.text.contains("<option value=\"\" selected=\"selected\">24 hours (the default)</option>"))
            #expect(shown.text.contains("<label for=\"rotate-overlap\">"))
            let atOnce = try await client.send("POST", "/console/webhooks/\(endpoint)/rotate", headers: headers,
                                               body: Console.form([("csrf", csrf), ("overlap", "0")]))
            #expect(atOnce.status == 200)
            #expect(atOnce.text.contains("id=\"webhook-secret\">whsec_"))
            let noOverlap = try JSONParser.parse(try await client.send("GET", "/v1/webhooks/\(endpoint)", headers: Console.admin).body)
            #expect(noOverlap["previousSecretExpiresAt"] == .null, "with no overlap the old secret stops at once")
            let anHour = try await client.send("POST", "/console/webhooks/\(endpoint)/rotate", headers: headers,
                                               body: Console.form([("csrf", csrf), ("overlap", "3600")]))
            #expect(anHour.status == 200)
            let overlapping = try JSONParser.parse(try await client.send("GET", "/v1/webhooks/\(endpoint)", headers: Console.admin).body)
            // The test's clock stands still, so the rotation happened at the endpoint's creation time.
            let created = try #require(overlapping["createdAt"]?.stringValue.flatMap(RFC3339.date))
            let until = try #require(overlapping["previousSecretExpiresAt"]?.stringValue.flatMap(RFC3339.date))
            #expect(until == created.addingTimeInterval(3600), "the old secret signs for an hour: \(until)")
            for bad in ["604801", "-1", "soon"] {
                let refusedOverlap = try await client.send("POST", "/console/webhooks/\(endpoint)/rotate", headers: headers,
                                                           body: Console.form([("csrf", csrf), ("overlap", bad)]))
                #expect(refusedOverlap.status == 400, "\(bad)")
                #expect(refusedOverlap.text.contains("takes a whole number of seconds from 0 to 604800"), "\(bad)")
                Console.expectConsoleHeaders(refusedOverlap, "a refused rotation")
            }

            let unconfirmed = try await client.send("POST", "/console/webhooks/\(endpoint)/delete", headers: headers,
                                                    body: Console.form([("csrf", csrf)]))
            #expect(unconfirmed.status == 400)
            #expect(unconfirmed.text.contains(##"<a href="#delete-confirm">Tick the box"##))
            #expect(try await client.send("GET", "/v1/webhooks/\(endpoint)", headers: Console.admin).status == 200)
            let deleted = try await client.send("POST", "/console/webhooks/\(endpoint)/delete", headers: headers,
                                                body: Console.form([("csrf", csrf), ("confirm", "yes")]))
            #expect(deleted.status == 303)
            #expect(deleted.headers["location"] == "/console/webhooks?done=webhook-deleted")
            #expect(try await client.send("GET", "/v1/webhooks/\(endpoint)", headers: Console.admin).status == 404)
            let again = try await client.send("POST", "/console/webhooks/\(endpoint)/delete", headers: headers,
                                              body: Console.form([("csrf", csrf), ("confirm", "yes")]))
            #expect(again.status == 404)

            let actor = "console:" + ConsoleSessions.hash(id).prefix(8)
            let log = try await client.send("GET", "/v1/audit?subject=webhook%3A\(endpoint)", headers: Console.admin)
            for action in ["webhook.updated", "webhook.secret_rotated", "webhook.deleted"] {
                #expect(log.text.contains("\"actor\":\"\(actor)\",\"action\":\"\(action)\""), "\(action)")
            }
        }
    }
}
