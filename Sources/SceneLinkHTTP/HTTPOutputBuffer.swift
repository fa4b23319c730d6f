#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable run of bytes in memory of its own: what a response is encoded into before
/// its one `send`.
///
/// Each write is a capacity check and a `memcpy`. Appending to an `[UInt8]` also checks
/// that the array is uniquely referenced and goes through generic code, and a response
/// head is a dozen writes. Not copyable, so the memory has one owner and is freed once.
struct HTTPOutputBuffer: ~Copyable {
    private var base: UnsafeMutableRawPointer
    private var capacity: Int
    /// Bytes written since the last `removeAll()`.
    private(set) var count = 0

    init(capacity: Int = 4_096) {
        self.capacity = max(capacity, 64)
        base = .allocate(byteCount: self.capacity, alignment: 16)
    }

    deinit {
        base.deallocate()
    }

    /// The bytes written, valid until the next write or `removeAll()`.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// Forgets the bytes written. Memory grown past `keepingAtMost` bytes (one large
    /// response) is given back, so an idle connection's queue does not hold it.
    mutating func removeAll(keepingAtMost limit: Int = 65_536) {
        count = 0
        if capacity > limit {
            base.deallocate()
            capacity = max(limit, 64)
            base = .allocate(byteCount: capacity, alignment: 16)
        }
    }

    mutating func write(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    mutating func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    mutating func write(_ text: StaticString) {
        text.withUTF8Buffer { write(UnsafeRawBufferPointer($0)) }
    }

    /// Writes the UTF-8 bytes of `text`.
    mutating func write(utf8 text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    mutating func write(_ byte: UInt8) {
        reserve(1)
        base.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    /// Writes `value` in decimal; negative values are written as 0.
    mutating func write(decimal value: Int) {
        reserve(20)
        var rest = max(value, 0)
        var digits = 1
        var scale = 10
        while digits < 19, rest >= scale {
            digits += 1
            scale &*= 10
        }
        var index = count + digits
        repeat {
            index -= 1
            base.storeBytes(of: UInt8(48 + rest % 10), toByteOffset: index, as: UInt8.self)
            rest /= 10
        } while rest > 0
        count += digits
    }

    /// Makes room for `extra` more bytes, at least doubling the capacity when it grows.
    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let grown = max(capacity * 2, count + extra)
        let larger = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 16)
        larger.copyMemory(from: base, byteCount: count)
        base.deallocate()
        base = larger
        capacity = grown
    }
}
