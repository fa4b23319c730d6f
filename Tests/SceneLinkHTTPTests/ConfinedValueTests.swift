import Testing
@testable import SceneLinkHTTP

@Suite struct ConfinedValueTests {
    final class Tracker {
        var destroyed: () -> Void
        init(_ destroyed: @escaping () -> Void) { self.destroyed = destroyed }
        deinit { destroyed() }
    }

    final class Owner {
        let numbers = ConfinedValue<[Int]>([1])
        let tracker: ConfinedValue<Tracker?>
        init(_ tracker: Tracker) { self.tracker = ConfinedValue(tracker) }
    }

    @Test func changesItsValueInPlaceThroughALetProperty() {
        let owner = Owner(Tracker {})
        owner.numbers.value.append(2)
        owner.numbers.value[0] = 10
        #expect(owner.numbers.value == [10, 2])
    }

    @Test func destroysItsValueWithItsOwner() {
        var destroyed = false
        var owner: Owner? = Owner(Tracker { destroyed = true })
        #expect(owner != nil)
        #expect(!destroyed)
        owner = nil
        #expect(destroyed)
    }

    @Test func destroysAReplacedValueAtOnce() {
        var destroyed = false
        let owner = Owner(Tracker { destroyed = true })
        owner.tracker.value = nil
        #expect(destroyed)
    }
}
