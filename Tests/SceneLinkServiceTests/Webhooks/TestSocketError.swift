/// A test socket call that failed, with errno in its sentence.
struct TestSocketError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
