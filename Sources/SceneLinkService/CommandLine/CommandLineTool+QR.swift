import Foundation
import SceneLinkCore

extension CommandLineTool {
    static let qrUsage = """
        usage: scenelink qr TEXT [--ecc L|M|Q|H] [--margin N] [--mode byte|alphanumeric|numeric]
               scenelink qr --batch FILE --output DIR [--ecc L|M|Q|H] [--margin N] [--mode M]
        """

    /// `scenelink qr TEXT`: prints the QR code of TEXT as SVG. With `--batch FILE --output DIR`
    /// it encodes each line of FILE into DIR/N.svg (N from 0) and prints `N VERSION MODE` for
    /// each, so a proof or a benchmark pays for one process, not one per code.
    /// Exit 1 when a text is too long for a QR code, 2 for a usage error.
    func qr(_ arguments: [String]) -> Int32 {
        var level = QRErrorCorrectionLevel.medium
        var margin = QRCode.standardQuietZone
        var mode: QRMode?
        var batch: String?
        var output: String?
        var texts: [String] = []
        var index = 0
        func value(_ flag: String) -> String? {
            index += 1
            return index < arguments.count ? arguments[index] : nil
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--ecc":
                guard let text = value(argument), let chosen = QRErrorCorrectionLevel(letter: text) else {
                    err("scenelink qr: --ecc takes L, M, Q or H.\n\(Self.qrUsage)")
                    return 2
                }
                level = chosen
            case "--margin":
                guard let text = value(argument), let number = Int(text), (0...64).contains(number) else {
                    err("scenelink qr: --margin takes a whole number of modules from 0 to 64.\n\(Self.qrUsage)")
                    return 2
                }
                margin = number
            case "--mode":
                guard let text = value(argument), let chosen = QRMode(rawValue: text) else {
                    err("scenelink qr: --mode takes byte, alphanumeric or numeric.\n\(Self.qrUsage)")
                    return 2
                }
                mode = chosen
            case "--batch", "--output":
                guard let text = value(argument) else {
                    err("scenelink qr: \(argument) needs a value.\n\(Self.qrUsage)")
                    return 2
                }
                if argument == "--batch" { batch = text } else { output = text }
            default:
                if argument.hasPrefix("--") {
                    err("scenelink qr: unknown flag \(argument).\n\(Self.qrUsage)")
                    return 2
                }
                texts.append(argument)
            }
            index += 1
        }
        if let batch {
            guard let output, texts.isEmpty else {
                err("scenelink qr: --batch needs --output DIR and no TEXT.\n\(Self.qrUsage)")
                return 2
            }
            return qrBatch(input: batch, output: output, level: level, margin: margin, mode: mode)
        }
        guard texts.count == 1, output == nil else {
            err(Self.qrUsage)
            return 2
        }
        do {
            out(try QRCode(encoding: texts[0], level: level, mode: mode).svg(quietZone: margin))
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
