import SceneLinkHTTP

extension HTTPResponder {
    /// This responder, with every response naming `principal` for the access log
    /// (`HTTPResponse.principal`: `admin-token`, `key:ID`, `console:PREFIX`; never a secret).
    package func naming(_ principal: String) -> HTTPResponder {
        HTTPResponder { response in
            var response = response
            response.principal = principal
            respond(response)
        }
    }
}
