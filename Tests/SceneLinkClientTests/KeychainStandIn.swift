// Where there is no Security framework (Linux CI), the Keychain calls the guides use, with
// the signatures Apple documents for them (copied by hand; CI cannot check them against the
// SDK), over an in-memory Keychain, so the guides' Keychain code compiles and runs in
// `swift test`. On Apple platforms the real framework is used and this file is empty.
#if !canImport(Security)
import Foundation
import Synchronization

typealias OSStatus = Int32
typealias CFString = String
typealias CFTypeRef = AnyObject
typealias CFDictionary = NSDictionary

let errSecSuccess: OSStatus = 0
let errSecParam: OSStatus = -50
let errSecDuplicateItem: OSStatus = -25299
let errSecItemNotFound: OSStatus = -25300

let kSecClass: CFString = "class"
let kSecClassGenericPassword: CFString = "genp"
let kSecAttrService: CFString = "svce"
let kSecAttrAccount: CFString = "acct"
let kSecAttrAccessible: CFString = "pdmn"
let kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: CFString = "cku"
let kSecAttrAccessibleAfterFirstUnlock: CFString = "ck"
let kSecValueData: CFString = "v_Data"
let kSecReturnData: CFString = "r_Data"
let kSecMatchLimit: CFString = "m_Limit"
let kSecMatchLimitOne: CFString = "m_LimitOne"

/// The in-memory Keychain: generic-password items by service and account.
enum KeychainStandIn {
    struct Item: Sendable {
        var data: Data
        var accessible: String?
    }

    static let items = Mutex<[String: Item]>([:])

    static func key(_ query: CFDictionary) -> String? {
        guard query[kSecClass] as? String == kSecClassGenericPassword,
              let service = query[kSecAttrService] as? String, let account = query[kSecAttrAccount] as? String else { return nil }
        return service + "\u{0}" + account
    }

    /// The item stored for `service`, as the guides' code left it (for tests).
    static func item(service: String, account: String = "session") -> Item? {
        items.withLock { $0[service + "\u{0}" + account] }
    }

    /// Replaces an item's bytes, as a damaged Keychain item would hold (for tests).
    static func damage(service: String, account: String = "session", with data: Data) {
        items.withLock { $0[service + "\u{0}" + account]?.data = data }
    }
}

func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    guard let key = KeychainStandIn.key(query) else { return errSecParam }
    guard let item = KeychainStandIn.items.withLock({ $0[key] }) else { return errSecItemNotFound }
    if query[kSecReturnData] as? Bool == true { result?.pointee = item.data as NSData }
    return errSecSuccess
}

func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    guard let key = KeychainStandIn.key(attributes), let data = attributes[kSecValueData] as? Data else { return errSecParam }
    let item = KeychainStandIn.Item(data: data, accessible: attributes[kSecAttrAccessible] as? String)
    return KeychainStandIn.items.withLock { items in
        guard items[key] == nil else { return errSecDuplicateItem }
        items[key] = item
        return errSecSuccess
    }
}

func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus {
    guard let key = KeychainStandIn.key(query) else { return errSecParam }
    return KeychainStandIn.items.withLock { items in
        guard var item = items[key] else { return errSecItemNotFound }
        if let data = attributesToUpdate[kSecValueData] as? Data { item.data = data }
        if let accessible = attributesToUpdate[kSecAttrAccessible] as? String { item.accessible = accessible }
        items[key] = item
        return errSecSuccess
    }
}
#endif
