import Foundation
import SceneLinkCore
import SceneLinkHTTP

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
        let document: JSONValue
        do {
            document = try JSONParser.parse(body)
        } catch {
            throw ClaimProblems.badBody("The body is not JSON (\(error)); send {\"claim\": \"…\", \"install\": \"UUID\"}.")
        }
        guard let members = document.objectMembers else {
            throw ClaimProblems.badBody("The body must be a JSON object such as {\"claim\": \"ABCD-EFGH\", \"install\": \"UUID\"}.")
        }
        for member in members where !Self.members.contains(member.key) {
            throw ClaimProblems.badBody("The body has the member \"\(member.key.prefix(64))\", which is not one of claim, install.")
        }
        for name in Self.members where members.filter({ $0.key == name }).count > 1 {
            throw ClaimProblems.badBody("The body has the member \"\(name)\" more than once; give it once.")
        }
        guard let claim = document["claim"]?.stringValue, !claim.isEmpty else {
            throw ClaimProblems.badBody("\"claim\" must be a non-empty string: a Play referrer string, a claim URL, a code like ABCD-EFGH or a token.")
        }
        guard claim.utf8.count <= Self.maximumClaimBytes else {
            throw ClaimProblems.badBody("\"claim\" is \(claim.utf8.count) bytes long; a claim is at most \(Self.maximumClaimBytes).")
        }
        guard let installText = document["install"]?.stringValue else {
            throw ClaimProblems.badBody("\"install\" must be the UUID the app keeps for this install, as a string.")
        }
        guard let install = UUID(uuidString: installText) else {
            throw ClaimProblems.badBody("\"install\" must be a UUID such as \"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\", not \"\(installText.prefix(64))\".")
        }
        do {
            reference = try ClaimReference(reading: claim, hosts: hosts, codes: codes, at: now)
        } catch {
            throw ClaimProblems.badBody(error.description)
        }
        self.install = install
    }
}
