import JasonJSON
import JasonRuntime

/// `jasonrun test --update`: the expectations of failing cases rewritten from what the run did.
package enum SnapshotUpdate {
    package struct Change: Sendable {
        package var caseName: String
        package var before: String
        package var after: String
    }

    /// The test file's new contents and what changed; nil contents when nothing could be updated.
    /// Cases stopped by a limit or a bad event keep their expectations (a run that never ended is no snapshot).
    package static func update(_ result: FileResult) -> (text: String?, changes: [Change]) {
        guard case .object(var top) = result.file.root, case .array(var cases)? = top["cases"] else { return (nil, []) }
        var changes: [Change] = []
        for (i, outcome) in result.cases.enumerated() where !outcome.passed && outcome.run.stopped == nil {
            guard i < cases.count, case .object(var members) = cases[i] else { continue }
            let old = members["expect"] ?? .object([:])
            let new = expectations(replacing: old, with: outcome.run)
            members["expect"] = new
            cases[i] = .object(members)
            changes.append(Change(caseName: outcome.name, before: ReadablePrinter.print(old, expanded: 0),
                                  after: ReadablePrinter.print(new, expanded: 0)))
        }
        guard !changes.isEmpty else { return (nil, []) }
        top["cases"] = .array(cases)
        return (ReadablePrinter.print(.object(top)) + "\n", changes)
    }

    /// Each expectation written is replaced by the actual value; with none written, `printed` and
    /// `exit` (and `error` after a failure) are.
    static func expectations(replacing old: JSON, with run: CaseRun) -> JSON {
        var keys = old.objectValue.map { Array($0.keys) } ?? []
        if keys.isEmpty { keys = ["printed", "exit"] + (run.exit == 1 ? ["error"] : []) }
        var out = JSONObject()
        for key in keys {
            switch key {
            case "printed": out[key] = .array(run.printed.map(JSON.string))
            case "logged": out[key] = .array(run.logged.map(JSON.string))
            case "get": out[key] = .object(run.get)
            case "global": out[key] = .object(run.global)
            case "cache": out[key] = .object(run.cache)
            case "rendered": out[key] = run.rendered ?? .null
            case "exit": out[key] = .int(run.exit)
            case "visited": out[key] = .array(run.visits.map { .string($0.path.pointer.description) })
            case "error":
                guard let error = run.firstError else { continue }
                let pointer = JSON.string(error.pointer?.description ?? "")
                if case .string? = old["error"] { out[key] = pointer; continue }
                out[key] = ["pointer": pointer, "id": .string(error.id.rawValue), "message": .string(error.message)]
            default: out[key] = old[key]
            }
        }
        return .object(out)
    }

    /// `before` and `after` as a line diff: `-` lines removed, `+` lines added, two spaces for kept ones.
    package static func diff(_ before: String, _ after: String) -> [String] {
        let a = before.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = after.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var lcs = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var out: [String] = []
        var (i, j) = (0, 0)
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] { out.append("  " + a[i]); i += 1; j += 1 }
            else if i < a.count, j == b.count || lcs[i + 1][j] >= lcs[i][j + 1] { out.append("- " + a[i]); i += 1 }
            else { out.append("+ " + b[j]); j += 1 }
        }
        return out
    }
}

/// Pretty JSON with 2-space indents that keeps an object or array on one line when it fits; the top
/// three levels (the file, its `cases` and each case) always get a line per member.
package enum ReadablePrinter {
    package static func print(_ value: JSON, width: Int = 100, expanded: Int = 3) -> String {
        var out = ""
        write(value, into: &out, level: 0, width: width, expanded: expanded)
        return out
    }

    /// Levels below `expanded` always get a line per member.
    static func write(_ value: JSON, into out: inout String, level: Int, width: Int, expanded: Int) {
        let compact = JSONPrinter.compact(value)
        let inline = level >= expanded && compact.count + level * 2 <= width - 10
        switch value {
        case .array(let items) where !items.isEmpty && !inline:
            out += "["
            for (i, item) in items.enumerated() {
                out += (i > 0 ? "," : "") + "\n" + String(repeating: "  ", count: level + 1)
                write(item, into: &out, level: level + 1, width: width, expanded: expanded)
            }
            out += "\n" + String(repeating: "  ", count: level) + "]"
        case .object(let members) where !members.isEmpty && !inline:
            out += "{"
            for (i, member) in members.enumerated() {
                out += (i > 0 ? "," : "") + "\n" + String(repeating: "  ", count: level + 1)
                JSONPrinter.writeString(member.key, into: &out)
                out += ": "
                write(member.value, into: &out, level: level + 1, width: width, expanded: expanded)
            }
            out += "\n" + String(repeating: "  ", count: level) + "}"
        default:
            out += spaced(value)
        }
    }

    /// Compact JSON with a space after `:` and `,`, as people write it on one line.
    static func spaced(_ value: JSON) -> String {
        switch value {
        case .array(let items): "[" + items.map(spaced).joined(separator: ", ") + "]"
        case .object(let members):
            "{" + members.map { member in
                var key = ""
                JSONPrinter.writeString(member.key, into: &key)
                return key + ": " + spaced(member.value)
            }.joined(separator: ", ") + "}"
        default: JSONPrinter.compact(value)
        }
    }
}
