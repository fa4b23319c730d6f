extension HTMLDocument {
    /// The iOS page's claim: "Enter this code in the app: ABCD-EFGH" (when the page has the
    /// code), the claim URL as text, and the button that copies it (`LinkPage.claimScript`).
    mutating func claim(_ claim: LinkPageClaim) {
        open("section", attributes: [(name: "class", value: "claim"), (name: "id", value: "claim")])
        if let code = claim.code {
            open("p")
            text("Enter this code in the app: ")
            element("strong", text: code.displayed, attributes: [(name: "id", value: "claim-code")])
            close("p")
        }
        if let url = claim.url {
            element("p", text: claim.code == nil ? "Copy this link, then open the app:" : "Or copy this link for the app:")
            element("p", text: url, attributes: [(name: "class", value: "claim-url"), (name: "id", value: "claim-url")])
            element("button", text: "Copy the link for the app",
                    attributes: [(name: "type", value: "button"), (name: "id", value: "copy"), (name: "data-copy", value: url)])
            script(LinkPage.claimScript)
        }
        close("section")
    }
}
