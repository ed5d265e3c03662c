import Foundation
import JasonActions
import JasonJSON
import JasonRuntime
import Testing

/// `$global`, `$cache` and `$session` (R30), in memory and in files.
@Suite struct StorageTests {
    @Test func globalSetMergesAndReturnsTheWholeDictionary() async throws {
        let r = try await run(#"""
            {"type": "$global.set", "options": {"a": 1},
             "success": {"type": "$global.set", "options": {"b": "{{$jason.a + 1}}"},
               "success": {"type": "$util.toast", "options": {"text": "{{JSON.stringify($jason)}} {{$global.b}}"}}}}
            """#)
        #expect(r.printed == [#"[toast] {"a":1,"b":2} 2"#])
    }

    @Test func s4UnresolvedExpressionsAreNotStored() async throws {
        let shared = SharedStores()
        let stores = shared.stores
        let r = try await run(#"""
            {"type": "$global.set", "options": {"ok": 1, "who": "{{$get.missing}}"},
             "error": {"type": "$util.toast", "options": {"text": "{{$jason.message}}"}}}
            """#, stores: stores)
        #expect(r.printed == ["[toast] 'who' still holds a {{ }} expression that could not be evaluated, so nothing was stored"])
        #expect(try shared.global.load().value.isEmpty)
        let cache = try await run(#"{"type": "$cache.set", "options": {"k": "{{nope}}"}}"#, stores: stores)
        #expect(cache.diagnostics.first?.message.contains("nothing was stored") == true)
    }

    @Test func globalResetRemovesTheListedKeys() async throws {
        let shared = SharedStores()
        let stores = shared.stores
        _ = try shared.global.update { $0 = ["a": 1, "b": 2, "c": 3] }
        let r = try await run(#"""
            {"type": "$global.reset", "options": {"items": ["a", "c"]},
             "success": {"type": "$util.toast", "options": {"text": "{{JSON.stringify($jason)}}"}}}
            """#, stores: stores)
        #expect(r.printed == [#"[toast] {"b":2}"#])
    }

    @Test func cacheIsPerViewAndResetLeavesJasonUndefined() async throws {
        let shared = SharedStores()
        let stores = shared.stores
        _ = try await run(#"{"type": "$cache.set", "options": {"seen": true}}"#, stores: stores, viewURL: "file:///A.json")
        let other = try await run(#"{"type": "$util.toast", "options": {"text": "{{$cache.seen}}"}}"#, stores: stores,
                                  viewURL: "file:///B.json")
        #expect(other.printed == ["[toast] {{$cache.seen}}"])
        let same = try await run(#"""
            {"type": "$util.toast", "options": {"text": "{{$cache.seen}}"},
             "success": {"type": "$cache.reset", "success": {"type": "$util.toast", "options": {"text": "{{$jason}} {{JSON.stringify($cache)}}"}}}}
            """#, stores: stores, viewURL: "FILE:///A.json")
        #expect(same.printed == ["[toast] true", "[toast] {{$jason}} {}"])
    }

    @Test func sessionIsKeptPerDomain() async throws {
        let shared = SharedStores()
        let stores = shared.stores
        _ = try await run(#"{"type": "$session.set", "options": {"url": "https://Api.Example.com/v1", "header": {"token": "t"}}}"#,
                          stores: stores)
        #expect(try shared.session.load().value == ["api.example.com": ["header": ["token": "t"], "body": [:]]])
        let missing = try await run(#"{"type": "$session.reset", "options": {}}"#, stores: stores)
        #expect(missing.diagnostics.first?.message.hasPrefix("$session.reset needs a url or a domain") == true)
    }

    @Test func fileStoresPersistAcrossRuns() async throws {
        let folder = try temporaryFolder()
        _ = try await run(#"{"type": "$global.set", "options": {"user": {"name": "Ann"}}}"#, stores: .files(in: folder))
        let again = try await run(#"{"type": "$util.toast", "options": {"text": "{{$global.user.name}}"}}"#,
                                  stores: .files(in: folder))
        #expect(again.printed == ["[toast] Ann"])
        let text = try String(contentsOfFile: folder + "/global.json", encoding: .utf8)
        #expect(try JSONParser.parse(text) == ["user": ["name": "Ann"]])
    }

    @Test func aDamagedStoreIsSetAsideAndReportedNeverWiped() async throws {
        let folder = try temporaryFolder()
        try "{\"user\": ".write(toFile: folder + "/global.json", atomically: true, encoding: .utf8)
        let r = try await run(#"{"type": "$util.toast", "options": {"text": "{{$global.user}}"}}"#, stores: .files(in: folder))
        #expect(r.printed == ["[toast] {{$global.user}}"])
        let warning = try #require(r.diagnostics.first)
        #expect(warning.severity == .warning && warning.id == .store)
        #expect(warning.message.contains("moved to"))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        let aside = try #require(names.first { $0.hasPrefix("global.json.damaged-") })
        #expect(try String(contentsOfFile: folder + "/" + aside, encoding: .utf8) == "{\"user\": ")
    }
}
