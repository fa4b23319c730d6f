import Foundation
import Synchronization
import Testing
import SceneLinkCore
@testable import SceneLinkService

@Suite struct CommandLineToolQRTests {
    private func run(_ arguments: [String]) -> CommandLineRun { CommandLineRun(arguments) }

    @Test func printsTheCodeAsSVGAtTheLevelAndMarginAsked() throws {
        let link = "https://fuelmoney.example.com/settings"
        #expect(run(["qr", link]).out == (try QRCode(encoding: link).svg()))
        #expect(run(["qr", "--ecc", "H", "--margin", "1", link]).out == (try QRCode(encoding: link, level: .high).svg(quietZone: 1)))
        #expect(run(["qr", "12345", "--mode", "byte"]).out == (try QRCode(encoding: "12345", mode: .byte).svg()))
    }

    @Test func badFlagsAreUsageErrorsAndTooLongATextIsARunTimeFailure() {
        let level = run(["qr", "--ecc", "X", "a"])
        #expect(level.status == 2 && level.err.hasPrefix("scenelink qr: --ecc takes L, M, Q or H, not 'X'.\nusage: scenelink qr TEXT"))
        let margin = run(["qr", "--margin", "65", "a"])
        #expect(margin.status == 2 && margin.err.hasPrefix("scenelink qr: --margin takes a whole number of modules from 0 to 64, not '65'."))
        #expect(run(["qr"]).status == 2)
        #expect(run(["qr", "a", "b"]).status == 2)
        let long = run(["qr", "--ecc", "H", String(repeating: "a", count: 1274)])
        #expect(long.status == 1)
        #expect(long.err == "scenelink qr: The text is 1274 bytes; the largest QR code (version 40) at level H holds at most 1273 in byte mode: shorten it or choose a lower error-correction level.")
        let mode = run(["qr", "--mode", "numeric", "abc"])
        #expect(mode.status == 1 && mode.err == "scenelink qr: The text has characters numeric mode cannot write: use byte mode.")
    }

    @Test func aBatchWritesOneSVGPerLineAndReportsEachVersion() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("qr-batch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let input = folder.appendingPathComponent("in.txt")
        try Data("https://a.example/x\n0123\n\nHELLO WORLD\n".utf8).write(to: input)
        let output = folder.appendingPathComponent("svg").path
        let result = run(["qr", "--batch", input.path, "--output", output, "--ecc", "Q"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == "0 2 byte\n1 1 numeric\n2 1 numeric\n3 1 alphanumeric")
        let third = try String(contentsOfFile: output + "/3.svg", encoding: .utf8)
        #expect(third == (try QRCode(encoding: "HELLO WORLD", level: .quartile).svg()))
        #expect(run(["qr", "--batch", input.path]).status == 2)
        let missing = run(["qr", "--batch", folder.appendingPathComponent("none.txt").path, "--output", output])
        #expect(missing.status == 1 && missing.err.hasPrefix("scenelink qr: cannot read "))
    }
}
