import Testing
import SceneLinkCore

@Suite struct QRCodeSVGTests {
    /// The dark modules the path draws, read back from its `M x y h n v1 H x z` runs.
    private func modules(of svg: String, side: Int) -> [UInt8] {
        var grid = [UInt8](repeating: 0, count: side * side)
        guard let start = svg.range(of: " d=\"")?.upperBound, let end = svg[start...].firstIndex(of: "\"") else { return grid }
        for run in svg[start..<end].split(separator: "z") {
            let numbers = run.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            guard numbers.count == 5 else { return [] }
            for x in numbers[0]..<(numbers[0] + numbers[2]) { grid[numbers[1] * side + x] = 1 }
        }
        return grid
    }

    @Test func oneCrispPathInAViewBoxOfModulesWithAFourModuleQuietZone() throws {
        let code = try QRCode(encoding: "https://fuelmoney.example.com/s/abc")
        let svg = code.svg()
        let side = code.size + 8
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\" shape-rendering=\"crispEdges\">"))
        #expect(svg.components(separatedBy: "<path").count == 2)
        #expect(svg.hasSuffix("\"/></svg>"))
        var expected = [UInt8](repeating: 0, count: side * side)
        for y in 0..<code.size { for x in 0..<code.size { expected[(y + 4) * side + x + 4] = code.modules[y * code.size + x] } }
        #expect(modules(of: svg, side: side) == expected)
    }

    @Test func theQuietZoneIsTheMarginAskedForAndNeverNegative() throws {
        let code = try QRCode(encoding: "A")
        #expect(code.svg(quietZone: 1).contains("viewBox=\"0 0 23 23\""))
        #expect(code.svg(quietZone: 1).contains("M1 1h7v1H1z"))
        #expect(code.svg(quietZone: -3).contains("viewBox=\"0 0 21 21\""))
        #expect(code.svg(quietZone: Int.max).contains("viewBox=\"0 0 2021 2021\""))
        #expect(code.svg(quietZone: 995).contains("M995 995h7v1H995z"))
    }
}
