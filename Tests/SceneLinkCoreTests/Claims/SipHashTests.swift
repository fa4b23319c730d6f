@testable import SceneLinkCore
import Testing

@Suite struct SipHashTests {
    /// SipHash-2-4: the reference implementation's vectors (siphash24.c, `vectors[len]`): key
    /// 00 01 … 0f, message 00 01 … of each length. Lengths around the 8-byte words, and the
    /// paper's example (15).
    @Test(arguments: [
        (0, 0x726f_db47_dd0e_0e31 as UInt64), (1, 0x74f8_39c5_93dc_67fd), (7, 0xab02_00f5_8b01_d137),
        (8, 0x93f5_f579_9a93_2462), (15, 0xa129_ca61_49be_45e5), (16, 0x3f2a_cc7f_57c2_9bdb),
    ])
    func sipHash24ReproducesTheReferenceVectors(length: Int, expected: UInt64) {
        let key = SipHash.key((0..<16).map { UInt8($0) })
        #expect(SipHash.hash((0..<length).map { UInt8($0) }, key: key, rounds: .sipHash24) == expected)
    }

    /// SipHash-1-3: the vectors of an independent implementation (Rust's `digest-sip_hash`
    /// tests), key of 16 zero bytes.
    @Test(arguments: [
        ("", 0xd1fb_a762_150c_532c as UInt64), ("siphash", 0x8264_ceec_cb16_bcbe),
        ("digest-sip_hash", 0xce31_007e_3413_0c0a),
    ])
    func sipHash13ReproducesAnIndependentImplementationsVectors(message: String, expected: UInt64) {
        #expect(SipHash.hash(Array(message.utf8), key: (0, 0), rounds: .sipHash13) == expected)
    }

    @Test func theTwoVariantsDiffer() {
        let key = SipHash.key((0..<16).map { UInt8($0) })
        #expect(SipHash.hash([1, 2, 3], key: key, rounds: .sipHash13) != SipHash.hash([1, 2, 3], key: key, rounds: .sipHash24))
    }

    @Test(arguments: [SipHash.Rounds.sipHash24, .sipHash13])
    func twoWordsAndAByteHashAsTheirSeventeenLittleEndianBytes(rounds: SipHash.Rounds) {
        let key = SipHash.key(Array(0..<16))
        let words: [UInt64] = [0x0706_0504_0302_0100, 0xFFFF_CB00_7101_0000]
        let bytes = words.flatMap { word in (0..<8).map { UInt8(truncatingIfNeeded: word >> UInt64($0 * 8)) } } + [UInt8(17)]
        #expect(SipHash.hash(words: words[0], words[1], byte: 17, key: key, rounds: rounds)
                    == SipHash.hash(bytes, key: key, rounds: rounds))
    }
}
