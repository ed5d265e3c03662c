import Foundation
import JasonJSON
import JasonRuntime

/// What the state folder holds, for `jasonrun state show|clear`: one `$global` and one `$session` for
/// every flow run on this machine, and a `$cache` per view URL.
package struct SavedState {
    package enum Part: String, CaseIterable, Sendable {
        case global, session, cache
    }

    package let directory: String

    package init(directory: String) { self.directory = directory }

    package var exists: Bool { FileManager.default.fileExists(atPath: directory) }

    /// `$global` as saved (empty when nothing is).
    package func global() throws(StoreError) -> JSONObject { try load(directory + "/global.json") }

    /// `$session`, by domain, with the values of credential headers replaced: they are secrets.
    package func session() throws(StoreError) -> JSONObject {
        var domains = try load(directory + "/session.json")
        for (domain, entry) in domains {
            guard case .object(var members) = entry, case .object(let headers)? = members["header"] else { continue }
            members["header"] = .object(JSONObject(headers.map { name, value in
                (name, Secrets.headers.contains(name.lowercased()) ? JSON.string("[redacted]") : value)
            }, uniquingKeysWith: { $1 }))
            domains[domain] = .object(members)
        }
        return domains
    }

    /// Each view's `$cache`, by file name (the view URL, made a file name).
    package func caches() throws(StoreError) -> [(file: String, value: JSONObject)] {
        let folder = directory + "/cache"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".json") && !FileStore.isTemporary($0) }.sorted()
        var found: [(String, JSONObject)] = []
        for name in names { found.append((name, try load(folder + "/" + name))) }
        return found
    }

    /// Removes the saved parts, under the folder's lock; returns the files removed.
    package func clear(_ parts: Set<Part>) throws(StoreError) -> [String] {
        guard exists else { return [] }
        try StateFolder.prepare(directory)
        var targets: [String] = []
        if parts.contains(.global) { targets.append(directory + "/global.json") }
        if parts.contains(.session) { targets.append(directory + "/session.json") }
        if parts.contains(.cache) { targets += (try caches()).map { directory + "/cache/" + $0.file } }
        let lock = directory + "/.lock"
        return try FileStore.locked(lock, path: lock) { () throws(StoreError) -> [String] in
            targets.filter { unlink($0) == 0 }
        }
    }

    private func load(_ path: String) throws(StoreError) -> JSONObject {
        guard FileManager.default.fileExists(atPath: path) else { return [:] }
        return try FileStore(path: path, lockPath: directory + "/.lock").load().value
    }
}
