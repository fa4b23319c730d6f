import Foundation
import SceneLinkCore
import SceneLinkOperations

extension CommandLineTool {
    /// `scenelink qr TEXT`: prints the QR code of TEXT as SVG. With `--batch FILE --output DIR`
    /// it encodes each line of FILE into DIR/N.svg (N from 0) and prints `N VERSION MODE` for
    /// each, so a proof or a benchmark pays for one process, not one per code.
    /// Exit 1 when a text is too long for a QR code, 2 for a usage error.
    func qr(_ arguments: [String]) -> Int32 {
        var level = QRErrorCorrectionLevel.standard
        var margin = QRCode.standardQuietZone
        var mode: QRMode?
        let parsed: CommandArguments
        do throws(ConfigurationError) {
            parsed = try parse(arguments, as: "qr")
            if let text = parsed["ecc"] {
                guard let chosen = QRErrorCorrectionLevel(letter: text) else {
                    throw ConfigurationError("--ecc takes L, M, Q or H, not '\(text)'.")
                }
                level = chosen
            }
            if let text = parsed["margin"] {
                guard let number = Int(text), (0...64).contains(number) else {
                    throw ConfigurationError("--margin takes a whole number of modules from 0 to 64, not '\(text)'.")
                }
                margin = number
            }
            if let text = parsed["mode"] {
                guard let chosen = QRMode(rawValue: text) else {
                    throw ConfigurationError("--mode takes byte, alphanumeric or numeric, not '\(text)'.")
                }
                mode = chosen
            }
            if parsed["batch"] != nil {
                guard parsed["output"] != nil, parsed.positionals.isEmpty else {
                    throw ConfigurationError("--batch needs --output DIR and no TEXT.")
                }
            } else {
                guard parsed["output"] == nil else { throw ConfigurationError("--output goes with --batch FILE; one TEXT prints to standard output.") }
                guard parsed.positionals.count == 1 else {
                    throw ConfigurationError(parsed.positionals.isEmpty ? "Name the TEXT to encode."
                                             : "One TEXT, please; quote a text with spaces ('\(parsed.positionals[1])' is a second one).")
                }
            }
        } catch {
            return usageError("qr", error)
        }
        if let batch = parsed["batch"], let output = parsed["output"] {
            return qrBatch(input: batch, output: output, level: level, margin: margin, mode: mode)
        }
        do {
            out(try QRCode(encoding: parsed.positionals[0], level: level, mode: mode).svg(quietZone: margin))
            return 0
        } catch {
            err("scenelink qr: \(error.description)")
            return 1
        }
    }

    private func qrBatch(input: String, output: String, level: QRErrorCorrectionLevel, margin: Int, mode: QRMode?) -> Int32 {
        let content: String
        do {
            content = try String(contentsOfFile: input, encoding: .utf8)
        } catch {
            err("scenelink qr: cannot read \(input): \(error.localizedDescription)")
            return 1
        }
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            err("scenelink qr: cannot create \(output): \(error.localizedDescription)")
            return 1
        }
        var lines = content.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        var report = ""
        for (number, line) in lines.enumerated() {
            do {
                let code = try QRCode(encoding: String(line), level: level, mode: mode)
                let path = output + "/\(number).svg"
                guard FileManager.default.createFile(atPath: path, contents: Data(code.svg(quietZone: margin).utf8)) else {
                    err("scenelink qr: cannot write \(path).")
                    return 1
                }
                report += "\(number) \(code.version.number) \(code.mode.rawValue)\n"
            } catch {
                err("scenelink qr: line \(number + 1): \(error.description)")
                return 1
            }
        }
        if !report.isEmpty { out(String(report.dropLast())) }
        return 0
    }
}
