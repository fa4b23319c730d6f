/// How a status reads at a glance: the colour of its badge (`class="status status-ok"`), each
/// colour at least 4.5:1 against its background in the light and the dark scheme. The word
/// itself always says the status too: colour is never the only sign.
package enum ConsoleTone: String, Sendable {
    /// Working: delivered, enabled, writable.
    case ok
    /// Waiting: pending, retrying.
    case warn
    /// Failing: failed, disabled, cannot write.
    case bad
}
