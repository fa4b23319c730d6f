/// A value bound to a statement parameter.
enum StatementArgument {
    case text(String)
    case integer(Int64)
    case blob([UInt8])
    case null
}
