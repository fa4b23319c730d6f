extension HTMLDocument {
    /// The iOS page's claim: "Enter this code in the app: ABCD-EFGH" (when the page has the
    /// code), the claim URL as text, and the button that copies it (`LinkPage.claimScript`),
    /// in the language of `strings`.
    package mutating func claim(_ claim: LinkPageClaim, strings: LinkPageStrings) {
        element("section", attributes: ["class": "claim", "id": "claim"]) { html in
            if let code = claim.code {
                html.element("p") { html in
                    html.text(strings[.enterCode])
                    html.text(" ")
                    html.element("strong", text: code.displayed, attributes: ["id": "claim-code"])
                }
            }
            if let url = claim.url {
                html.element("p", text: strings[claim.code == nil ? .copyLinkThenOpen : .orCopyLink])
                html.element("p", text: url, attributes: ["class": "claim-url", "id": "claim-url"])
                html.element("button", text: strings[.copyLink],
                             attributes: ["type": "button", "id": "copy", "data-copy": url, "data-copied": strings[.copied]])
                html.script(LinkPage.claimScript)
            }
        }
    }
}
