import Testing
@testable import SceneLinkCore

@Suite struct LiteralHashTableTests {
    /// Keys are (hash, parent, child); `matches` accepts only the child the test expects.
    static func find(_ table: LiteralHashTable, hash: UInt32, parent: UInt32, child: UInt32) -> UInt32? {
        table.find(hash: hash, parent: parent) { $0 == child }
    }

    @Test func findsWhatWasInsertedAndNothingElse() {
        var table = LiteralHashTable()
        table.insert(hash: 10, parent: 1, child: 100)
        table.insert(hash: 11, parent: 1, child: 101)
        #expect(Self.find(table, hash: 10, parent: 1, child: 100) == 100)
        #expect(Self.find(table, hash: 11, parent: 1, child: 101) == 101)
        #expect(Self.find(table, hash: 12, parent: 1, child: 102) == nil)
        // Same hash, other parent: absent.
        #expect(Self.find(table, hash: 10, parent: 2, child: 100) == nil)
        // Same hash and parent, but the bytes differ (matches says no): absent.
        #expect(table.find(hash: 10, parent: 1) { _ in false } == nil)
        #expect(table.count == 2)
    }

    @Test func collidingKeysProbeOnToTheirOwnSlot() {
        var table = LiteralHashTable(minimumCapacity: 8)
        // Equal hashes (a collision of the whole 32 bits), told apart by parent or bytes.
        for child in UInt32(0)..<3 { table.insert(hash: 7, parent: 0, child: child) }
        table.insert(hash: 7, parent: 9, child: 50)
        for child in UInt32(0)..<3 { #expect(Self.find(table, hash: 7, parent: 0, child: child) == child) }
        #expect(Self.find(table, hash: 7, parent: 9, child: 50) == 50)
        #expect(Self.find(table, hash: 7, parent: 0, child: 3) == nil)
        // Slot 7 is the last of 8: probes wrap around to slot 0.
        #expect(table.slots.count == 16 || table.slots[0].child != LiteralHashTable.Slot.emptyChild)
    }

    @Test func probesWrapAroundTheEnd() {
        var table = LiteralHashTable(minimumCapacity: 8)
        table.insert(hash: 7, parent: 0, child: 1)
        table.insert(hash: 15, parent: 0, child: 2)  // also slot 7 (mod 8): wraps to slot 0
        #expect(table.slots.count == 8)
        #expect(table.slots[0].child == 2)
        #expect(Self.find(table, hash: 15, parent: 0, child: 2) == 2)
        #expect(Self.find(table, hash: 23, parent: 0, child: 3) == nil)
    }

    @Test func growsAndKeepsEveryKeyFindable() {
        var table = LiteralHashTable()
        for child in UInt32(0)..<5_000 {
            table.insert(hash: child &* 2_654_435_761 % 64, parent: child % 3, child: child)
        }
        #expect(table.count == 5_000)
        #expect(table.slots.count >= 10_000)
        #expect(table.slots.count & (table.slots.count - 1) == 0)
        for child in UInt32(0)..<5_000 {
            #expect(Self.find(table, hash: child &* 2_654_435_761 % 64, parent: child % 3, child: child) == child)
        }
        #expect(Self.find(table, hash: 64, parent: 0, child: 0) == nil)
    }

    @Test func hashDependsOnParentAndEveryByte() {
        func hash(_ parent: UInt32, _ text: String) -> UInt32 {
            Array(text.utf8).withUnsafeBytes { LiteralHashTable.hash(parent: parent, $0) }
        }
        #expect(hash(0, "detail") == hash(0, "detail"))
        #expect(hash(0, "detail") != hash(1, "detail"))
        #expect(hash(0, "detail") != hash(0, "detaim"))
        #expect(hash(0, "") != hash(1, ""))
        // Low bits (the slot) spread over sequential names.
        let slots = Set((0..<1_000).map { hash(0, "s\($0)") & 1023 })
        #expect(slots.count > 500)
    }
}
