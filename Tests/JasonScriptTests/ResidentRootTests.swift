import JasonJSON
@testable import JasonScript
import Testing

/// The resident top-level data: unchanged members are recognised by identity, not by comparing them.
@Suite struct ResidentRootTests {
    @Test func identityIsCheapAndExact() {
        let big: JSON = .array((0..<10_000).map { JSON.int($0) })
        let same = big
        let rebuilt: JSON = .array((0..<10_000).map { JSON.int($0) })
        #expect(big.isIdentical(to: same))
        #expect(!big.isIdentical(to: rebuilt))
        let object: JSON = ["a": big, "b": 1]
        let copy = object
        #expect(object.isIdentical(to: copy))
        var changed = object
        if case .object(var o) = changed { o["b"] = 2; changed = .object(o) }
        #expect(!object.isIdentical(to: changed))
        #expect(JSON.string("x").isIdentical(to: "x"))
    }

    /// Values Swift calls equal but JavaScript tells apart are not the same value to the resident data.
    @Test func textAndZeroesJavaScriptTellsApartAreConvertedAnew() {
        #expect(!JSON.string("\u{E9}").isIdentical(to: "e\u{301}"))
        #expect(!JSON.double(-0.0).isIdentical(to: .double(0)))
        #expect(!JSONObject(dictionaryLiteral: ("\u{E9}", 1)).hasIdenticalMembers(["e\u{301}": 1]))
        let engine = ScriptEngine()
        #expect(engine.evaluate("escape(a)", root: ["a": "\u{E9}"]) == .value("%E9"))
        #expect(engine.evaluate("escape(a)", root: ["a": "e\u{301}"]) == .value("e%u0301"))
        #expect(engine.evaluate("1 / z", root: ["z": 0]) == .value(.double(.infinity)))
        #expect(engine.evaluate("1 / z", root: ["z": .double(-0.0)]) == .value(.double(-.infinity)))
    }

    @Test func aRenderSyncsOnceAndUnchangedDataIsNotConvertedAgain() {
        let engine = ScriptEngine()
        var data: JSONObject = ["items": .array((0..<1000).map { ["n": .int($0)] }), "$get": ["n": 1]]
        var generation: Int? = nil
        _ = engine.residentRoot(data, syncedAt: &generation)
        let first = generation
        // The same values again (a new render): nothing converted, the generation stays.
        var next: Int? = nil
        _ = engine.residentRoot(data, syncedAt: &next)
        #expect(next == first)
        data["$get"] = ["n": 2]
        var third: Int? = nil
        _ = engine.residentRoot(data, syncedAt: &third)
        #expect(third != first)
        #expect(engine.evaluate("$get.n + items.length", root: data) == .value(1002))
    }

    /// Members are compared by position while the names keep their order, by name when they do not; a
    /// name that went away is gone from the resident object too, and `$root` is always the object itself.
    @Test func membersThatComeGoOrMoveAreSyncedByName() {
        let engine = ScriptEngine()
        let shared: JSON = ["n": 1]
        #expect(engine.evaluate("[typeof a, b.n, typeof c].join()", root: ["a": 1, "b": shared]) == .value("number,1,undefined"))
        #expect(engine.evaluate("[typeof a, b.n, c].join()", root: ["b": shared, "c": 3]) == .value("undefined,1,3"))
        #expect(engine.evaluate("[a, b.n, c].join()", root: ["c": 3, "a": 2, "b": ["n": 5]]) == .value("2,5,3"))
        #expect(engine.evaluate("[a, b.n, c].join()", root: ["c": 4, "a": 2, "b": ["n": 5]]) == .value("2,5,4"))
        #expect(engine.evaluate("$root === this && $root.$root === this", root: ["$root": 1, "a": 2]) == .value(true))
        #expect(engine.evaluate("Object.keys(this).sort().join()", root: ["x": 1]) == .value("$root,x"))
    }

    /// An object member whose names stay (`$get` at every `$set`) keeps its JavaScript object, with its
    /// changed values set; other names, another order or a `__proto__` name make it anew.
    @Test func anObjectMemberWithTheSameNamesIsUpdatedInPlace() {
        let engine = ScriptEngine()
        // A set made by an assignment (which makes the next sync convert everything), filled by a call
        // that is not taken for a change of the data.
        #expect(engine.evaluate("globalThis.seen = new Set(), 0", root: [:]) == .value(0))
        #expect(engine.evaluate("seen.add($get), $get.n", root: ["$get": ["n": 1, "s": "a"]]) == .value(1))
        #expect(engine.evaluate("[seen.has($get), $get.n, $get.s].join()", root: ["$get": ["n": 2, "s": "a"]])
                == .value("true,2,a"))
        #expect(engine.evaluate("[seen.has($get), Object.keys($get).join('')].join()", root: ["$get": ["s": "b", "n": 2]])
                == .value("false,sn"))
        #expect(engine.evaluate("[Object.keys($get).join(''), $get.t].join()", root: ["$get": ["s": "b", "t": 3]])
                == .value("st,3"))
        let proto: JSON = .object(JSONObject(dictionaryLiteral: ("__proto__", ["x": 1])))
        #expect(engine.evaluate("Object.keys($get).join()", root: ["$get": proto]) == .value("__proto__"))
        let changed: JSON = .object(JSONObject(dictionaryLiteral: ("__proto__", ["x": 2])))
        #expect(engine.evaluate("[Object.keys($get).join(), $get.x].join()", root: ["$get": changed]) == .value("__proto__,"))
    }

    /// A script that freezes the data (so a set would be ignored) is taken as one that changes it: the
    /// next sync makes every member anew.
    @Test func frozenDataIsMadeAnew() {
        let engine = ScriptEngine()
        #expect(engine.evaluate("Object.freeze($get) && $get.n", root: ["$get": ["n": 1]]) == .value(1))
        #expect(engine.evaluate("$get.n", root: ["$get": ["n": 2]]) == .value(2))
    }

    @Test func aMutationIsKeptWithinTheRenderAndUndoneAtTheNextSync() {
        let engine = ScriptEngine()
        let data: JSONObject = ["arr": [1]]
        var generation: Int? = nil
        let root = engine.residentRoot(data, syncedAt: &generation)
        #expect(engine.evaluate("arr.push(2)", on: root, extras: []).mayMutate)
        #expect(engine.evaluate("arr.length", on: engine.residentRoot(data, syncedAt: &generation), extras: []).result
                == .value(2))
        var fresh: Int? = nil
        #expect(engine.evaluate("arr.length", on: engine.residentRoot(data, syncedAt: &fresh), extras: []).result
                == .value(1))
    }

    /// The engine keeps what it synced apart from the caller's object: the caller's next change to its
    /// data (a `$set`'s new `$get` in the template data, at every round of a loop) is made in place, not
    /// in a copy of every member; and the sync after it still sees what changed.
    @Test func theCallersDataIsNotHeldByTheSync() {
        let engine = ScriptEngine()
        var data: JSONObject = ["$jason": 1, "$get": ["n": 1], "$global": [:], "items": [1, 2, 3]]
        #expect(engine.evaluate("$get.n + items.length", root: data) == .value(4))
        let before = data.values.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        data.values[1] = ["n": 2]
        let after = data.values.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        #expect(after == before)
        #expect(engine.evaluate("$get.n + items.length", root: data) == .value(5))
        data.values[3] = [1]
        #expect(engine.evaluate("$get.n + items.length", root: data) == .value(3))
    }
}

@Suite struct ConversionTests {
    @Test func valuesReachJavaScriptIntact() {
        let engine = ScriptEngine()
        let value: JSON = ["s": "a\"b\\c\n\u{1}é😀", "n": [0, 7, -12, 1.5, 1e300, nil, true, false],
                           "o": ["": [:], "k": []]]
        #expect(engine.evaluate("v", this: ["v": value]) == .value(value))
    }
}
