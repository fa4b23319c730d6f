/// A store read a console page could not make: the page still renders, saying what failed.
package struct ConsoleReadFailure: Error, Sendable {
    /// The store error's sentence.
    package let message: String
}
