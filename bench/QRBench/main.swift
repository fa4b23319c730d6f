import Foundation
import SceneLinkCore

// In-process QR benchmark: each line of INPUT encoded at level M (byte mode, automatic version
// and mask), as bench/qrencode_peer.c does with libqrencode. Run through bench/qr.sh.
//
//   QRBench INPUT ROUNDS [svg]
//
// Each round encodes every line once and prints "round R: NS ns/code"; then the median. With
// `svg`, each code is also written as SVG (QRCode.svg()). The sizes and dark modules are summed
// so no work can be optimised away, and printed with the versions seen.

let arguments = CommandLine.arguments
guard arguments.count >= 3, let rounds = Int(arguments[2]), rounds > 0,
      let text = try? String(contentsOfFile: arguments[1], encoding: .utf8) else {
    FileHandle.standardError.write(Data("usage: QRBench INPUT ROUNDS [svg]\n".utf8))
    exit(2)
}
let withSVG = arguments.count > 3 && arguments[3] == "svg"
let inputs = text.split(separator: "\n").map { Array($0.utf8) }
var perCode: [Double] = []
var checksum = 0
var versions = Set<Int>()
for round in 1...rounds {
    let start = DispatchTime.now().uptimeNanoseconds
    for input in inputs {
        guard let code = try? QRCode(bytes: input, level: .medium, mode: .byte) else {
            FileHandle.standardError.write(Data("QRBench: an input does not fit\n".utf8))
            exit(1)
        }
        checksum &+= code.modules.count &+ Int(code.modules[code.size * 9 + 9])
        if withSVG { checksum &+= code.svg().utf8.count }
        if round == 1 { versions.insert(code.version.number) }
    }
    let nanoseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(inputs.count)
    perCode.append(nanoseconds)
    print("round \(round): \(Int(nanoseconds.rounded())) ns/code")
}
let median = perCode.sorted()[perCode.count / 2]
print("SceneLink QRCode\(withSVG ? " + svg()" : ""): \(inputs.count) inputs, versions \(versions.sorted()), median \(Int(median.rounded())) ns/code (checksum \(checksum))")
