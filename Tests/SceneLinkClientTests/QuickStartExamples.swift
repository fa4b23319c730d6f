// The non-SwiftUI code of docs/ios-quick-start.md, verbatim, so that it compiles
// (QuickStartExamplesTests runs it against the live server; on Linux the Keychain calls go to
// KeychainStandIn.swift). Edit both together.
import Foundation
import SceneLinkClient
#if canImport(Security)
import Security
#endif

// MARK: The session in the Keychain

/// The app's SceneLink session, kept in the Keychain as one generic-password item.
///
/// `AfterFirstUnlockThisDeviceOnly`: readable whenever the device has been unlocked once
/// since it started (a launch in the background included), and never copied to another
/// device, by a backup or by a migration. A new device starts with no item: a new session.
struct SessionKeychain: Sendable {
    var service = "com.example.fuelmoney.scenelink"
    var account = "session"

    /// The stored session; nil when there is none (the first launch on this device).
    func load() -> SceneLinkSession? {
        let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                    kSecAttrService as String: service,
                                    kSecAttrAccount as String: account,
                                    kSecReturnData as String: true,
                                    kSecMatchLimit as String: kSecMatchLimitOne]
        var item: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess, let data = item as? Data else {
            return nil
        }
        return try? JSONDecoder().decode(SceneLinkSession.self, from: data)
    }

    /// Stores `session` in place of the one stored before.
    /// - Returns: `errSecSuccess`, or the Keychain's error (then the next launch opens a new session).
    @discardableResult
    func save(_ session: SceneLinkSession) -> OSStatus {
        guard let data = try? JSONEncoder().encode(session) else { return errSecParam }
        let item: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                   kSecAttrService as String: service,
                                   kSecAttrAccount as String: account]
        let contents: [String: Any] = [kSecValueData as String: data,
                                       kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly]
        let status = SecItemUpdate(item as CFDictionary, contents as CFDictionary)
        guard status == errSecItemNotFound else { return status }
        return SecItemAdd(item.merging(contents) { $1 } as CFDictionary, nil)
    }
}

// MARK: Launch

/// Launch: the path saved in the Keychain's session, repaired.
///
/// With no session (the first launch on this device) or one that expired or was ended, it
/// opens a new session, keeps it in the Keychain and returns nil: start at the root.
/// A token the server does not know throws `.unknownToken` and changes nothing: the state saved
/// under the real token is still on the server, and a new session would leave it behind. Start
/// at the root without saving over the Keychain item, report the error, and fix how the app
/// stores the session.
func restoreAtLaunch(_ navigation: NavigationState, keychain: SessionKeychain) async throws(SceneLinkError) -> Data? {
    do {
        return try await navigation.restore()
    } catch .noSession, .sessionExpired {
        let session = try await navigation.client.openSession()
        keychain.save(session)
        await navigation.useSession(session)
        return nil
    }
}
