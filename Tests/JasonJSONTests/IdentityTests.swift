import Testing
@testable import JasonJSON

/// `JSON.identical` tells values apart where they lie, without copying an array or object out.
@Suite struct IdentityTests {
    func identical(_ a: JSON, _ b: JSON) -> Bool {
        withUnsafePointer(to: a) { x in withUnsafePointer(to: b) { y in JSON.identical(x, y) } }
    }

    @Test func theSameStorageIsIdentical() {
        let object: JSON = .object(["n": .int(1), "list": .array([.string("a")])])
        let list: JSON = .array([.int(1), .int(2)])
        #expect(identical(object, object))
        #expect(identical(list, list))
    }

    @Test func equalTextAndNumbersInOtherBitsAreIdentical() {
        let long = String(repeating: "jason ", count: 10)
        let other = String(long.utf8.map { Character(UnicodeScalar($0)) })
        #expect(identical(.string(long), .string(other)))
        #expect(identical(.int(7), .int(7)))
        #expect(!identical(.double(0), .double(-0.0)))
    }

    /// Containers in other storage count as changed, even when equal or both empty: the caller converts
    /// again rather than copying each out to look inside.
    @Test func containersInOtherStorageAreNot() {
        var emptied: [JSON] = [.int(1)]
        emptied.removeAll(keepingCapacity: true)
        #expect(!identical(.array(emptied), .array([])))
        #expect(!identical(.array([.int(1)]), .array([.int(1)])))
        #expect(!identical(.object(["a": .null]), .object(["a": .null])))
        #expect(!identical(.array([]), .object([:])))
    }
}
