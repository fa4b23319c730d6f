extension HTMLDocument {
    /// The iOS page's claim: "Enter this code in the app: ABCD-EFGH" (when the page has the
    /// code), the claim URL as text, and the button that copies it (`LinkPage.claimScript`),
    /// in the language of `strings`.
    mutating func claim(_ claim: LinkPageClaim, strings: LinkPageStrings) {
        open("section", attributes: [(name: "class", value: "claim"), (name: "id", value: "claim")])
        if let code = claim.code {
            open("p")
            text(strings[.enterCode])
            text(" ")
            element("strong", text: code.displayed, attributes: [(name: "id", value: "claim-code")])
            close("p")
        }
        if let url = claim.url {
            element("p", text: strings[claim.code == nil ? .copyLinkThenOpen : .orCopyLink])
            element("p", text: url, attributes: [(name: "class", value: "claim-url"), (name: "id", value: "claim-url")])
            element("button", text: strings[.copyLink],
                    attributes: [(name: "type", value: "button"), (name: "id", value: "copy"), (name: "data-copy", value: url),
                                 (name: "data-copied", value: strings[.copied])])
            script(LinkPage.claimScript)
        }
        close("section")
    }
}
