/// A value in memory of its own, read and changed through a pointer.
///
/// Every access to a class's stored `var` that the compiler cannot prove exclusive pays a
/// runtime exclusivity check (a thread-local lookup and a table insert); a connection's
/// decoder and a queue's output buffer are touched a dozen times per request, and those
/// checks were about a tenth of a request's instructions. Use this only for state confined
/// to one serial queue, where no two accesses can overlap: it gives up the runtime check,
/// not the rule.
///
/// The value is destroyed and its memory freed when the owner goes away.
struct ConfinedValue<Value: ~Copyable>: ~Copyable {
    private let pointer: UnsafeMutablePointer<Value>

    init(_ value: consuming Value) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: value)
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }

    /// The value, changed in place.
    var value: Value {
        unsafeAddress { UnsafePointer(pointer) }
        nonmutating unsafeMutableAddress { pointer }
    }
}
