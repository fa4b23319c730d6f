import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// The body of `POST /v1/claims/redeem`: `{"claim": …, "install": UUID}`.
///
/// `claim` is what the app found: a Play referrer string, a claim URL, a typed code or a bare
/// token (`ClaimReference`). `install` is the UUID the app made on its first launch and keeps;
/// retrying with the same one gets the same answer. Any other member is refused.
struct ClaimRedeemRequest: Sendable {
    static let members = ["claim", "install"]
    /// More than any referrer string, URL or code needs.
    static let maximumClaimBytes = 2_048

    var reference: ClaimReference
    var install: UUID

    /// Reads the body; a code reads as a claim id with `codes` at `now` (`ClaimReference`).
    /// - Throws: the 400 problem saying what is wrong.
    init(body: [UInt8], hosts: [String], codes: ClaimCodeCipher, at now: Date) throws(HTTPProblem) {
        let body = try JSONObjectBody(body, members: Self.members, example: #"{"claim": "ABCD-EFGH", "install": "UUID"}"#,
                                      problem: ClaimProblems.badBody)
        let claim = try body.requiredString(
            "claim", "a Play referrer string, a claim URL, a code like ABCD-EFGH or a token", maximumBytes: Self.maximumClaimBytes)
        let installText = try body.requiredString("install", "the UUID the app keeps for this install")
        guard let install = UUID(uuidString: installText) else {
            throw ClaimProblems.badBody(
                "\"install\" must be a UUID such as \"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\", not \"\(JSONObjectBody.echo(installText))\".")
        }
        do {
            reference = try ClaimReference(reading: claim, hosts: hosts, codes: codes, at: now)
        } catch {
            throw ClaimProblems.badBody(error.description)
        }
        self.install = install
    }
}
