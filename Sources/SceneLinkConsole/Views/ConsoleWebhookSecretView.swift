import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// The page that shows a webhook endpoint's signing secret this once: after it is added
/// (`POST /console/webhooks`, 201) or its secret rotated (`…/rotate`, 200).
package struct ConsoleWebhookSecretView: ConsolePageView {
    package let title: String
    package var section: ConsoleSection { .webhooks }
    package let status: HTTPStatus
    /// The endpoint's URL the secret signs for.
    package let url: String
    /// The secret's text (`whsec_…`).
    package let secret: String

    /// The page of `endpoint`'s new secret, titled `title`.
    package init(title: String, endpoint: WebhookEndpoint, status: HTTPStatus) {
        self.title = title
        url = endpoint.url
        secret = endpoint.secret.text
        self.status = status
    }

    package func write(into html: inout HTMLDocument) {
        html.element("p", text: "The signing secret of \(url). Copy it now: it is shown this once.")
        html.element("p", text: secret, attributes: ["class": "secret", "id": "webhook-secret"])
        html.element("p") { html in
            html.element("a", text: "Back to the webhooks", attributes: ["href": ConsoleSection.webhooks.path])
        }
    }
}
