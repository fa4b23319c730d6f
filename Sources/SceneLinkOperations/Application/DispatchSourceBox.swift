import Dispatch

/// A dispatch source held for cancelling at shutdown. Sources are thread-safe objects;
/// Dispatch on Linux does not mark them Sendable.
package struct DispatchSourceBox: @unchecked Sendable {
    package let source: any DispatchSourceProtocol

    package init(source: any DispatchSourceProtocol) {
        self.source = source
    }
}
