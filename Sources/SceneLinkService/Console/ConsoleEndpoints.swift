/// The operator console: server-rendered pages under `/console/` for the holder of the admin
/// token or of an API key with the `console` scope (its routes come in the next steps).
public struct ConsoleEndpoints: Sendable {}
