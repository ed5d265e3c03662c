import Foundation
import JasonActions
import JasonJSON
import JasonRuntime
import TestSupport
import Testing

/// The state directory: one lock file for it all, leftovers of killed writers removed on open, and a
/// `$global.set` whose options read `$global` made against the stored value, not a stale copy.
@Suite struct StoreFileTests {
    func contents(_ folder: String) throws -> [String] {
        let top = try FileManager.default.contentsOfDirectory(atPath: folder)
        let cache = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/cache")) ?? []
        return (top.filter { $0 != "cache" } + cache.map { "cache/" + $0 }).sorted()
    }

    @Test func oneLockFileForTheDirectoryNotOnePerStore() async throws {
        let folder = try temporaryFolder()
        let stores = Stores.files(in: folder)
        for url in ["file:///a.json", "file:///b.json", "https://x.example/c.json"] {
            _ = try stores.cache!(url).update { $0["k"] = 1 }
        }
        _ = try stores.global!.update { $0["g"] = 1 }
        _ = try stores.session!.update { $0["s"] = 1 }
        let names = try contents(folder)
        #expect(names.filter { $0.hasSuffix("lock") } == [".lock"], "\(names)")
        #expect(names.count == 6)
    }

    @Test func openingTheStoresRemovesWhatKilledWritersLeft() throws {
        let folder = try temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/cache", withIntermediateDirectories: true)
        let keep = ["global.json", "global.json.damaged-1700000000-12", "cache/http___x.tmp-1-abc.json"]
        let stale = ["global.json.tmp-4242", "cache/file____a.json-1f.json.tmp-77", "global.json.lock", "cache/x.json.lock"]
        for name in keep + stale { try "{}".write(toFile: folder + "/" + name, atomically: false, encoding: .utf8) }
        _ = Stores.files(in: folder)
        #expect(try contents(folder) == (keep + [".lock"]).sorted())
    }

    @Test func anotherProcessesWriteIsSeenByTheNextSet() async throws {
        // The view read $global when it opened (n = 0); then another writer stored n = 5. The increment
        // must build on 5: before, it stored 1 and the other process's update was lost.
        let folder = try temporaryFolder()
        let stores = Stores.files(in: folder)
        _ = try stores.global!.update { $0["n"] = 0 }
        let document = try Document.load(SourceFile(name: "flow.json", text: #"""
            {"$jason": {"head": {"actions": {"$load":
              {"type": "$global.set", "options": {"n": "{{($global.n || 0) + 1}}"},
               "success": {"type": "$util.toast", "options": {"text": "{{$jason.n}} {{$global.n}}"}}}}}}}
            """#))
        let console = RecordingConsole()
        let interpreter = Interpreter(document: document, registry: StandardLibrary.registry,
                                      environment: ActionEnvironment(console: console, stores: stores))
        await interpreter.start()
        _ = try FileStore(path: folder + "/global.json", lockPath: folder + "/.lock").update { $0["n"] = 5 }
        await interpreter.runUntilIdle()
        #expect(console.printed == ["[toast] 6 6"])
        #expect(try stores.global!.load().value["n"] == 6)
    }
}
