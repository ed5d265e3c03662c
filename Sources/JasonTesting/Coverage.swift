import Foundation
import JasonJSON
import JasonRuntime

/// What ran of one document: each action site with how often it ran and how often each of its
/// branches was taken.
package struct FileCoverage: Sendable {
    package struct Site: Sendable {
        package var site: ActionSite
        package var hits: Int
        /// The written ways out, in order: `success`, `error`, or a conditional branch's condition.
        package var branches: [(name: String, taken: Int)]
    }

    /// The document's file, as its actions' paths name it.
    package var file: String
    package var sites: [Site]

    package var actionsRun: Int { sites.filter { $0.hits > 0 }.count }
    package var branchCount: Int { sites.reduce(0) { $0 + $1.branches.count } }
    package var branchesTaken: Int { sites.reduce(0) { $0 + $1.branches.filter { $0.taken > 0 }.count } }
}

package enum Coverage {
    /// Counts `visits` against the actions written in `document`: one result for its file and one for
    /// each mixin file its actions came from.
    package static func measure(_ document: Document, visits: [Visit]) -> [FileCoverage] {
        let file = document.fileName ?? "<input>"
        let files = Set([document.fileName] + document.mixinSources.map(\.name))
        var hits: [JSONPointer: (count: Int, success: Int, error: Int)] = [:]
        for visit in visits where files.contains(visit.path.file) {
            var entry = hits[visit.path.pointer] ?? (0, 0, 0)
            if !visit.resumed { entry.count += 1 }
            if visit.branch == .success { entry.success += 1 }
            if visit.branch == .error { entry.error += 1 }
            hits[visit.path.pointer] = entry
        }
        let sites = document.actionSites
        let conditionals = Dictionary(sites.compactMap { site -> (JSONPointer, [JSONPointer])? in
            guard case .conditional(let branches) = site.kind else { return nil }
            return (site.pointer, branches.map(\.pointer))
        }, uniquingKeysWith: { a, _ in a })
        /// How often the action written at `pointer` was reached (through nested conditionals too).
        func reached(_ pointer: JSONPointer) -> Int {
            if let inner = conditionals[pointer] { return inner.reduce(0) { $0 + reached($1) } }
            return hits[pointer]?.count ?? 0
        }
        let measured = sites.map { site -> FileCoverage.Site in
            let count = reached(site.pointer)
            switch site.kind {
            case .call(_, _, let success, let error):
                let h = hits[site.pointer] ?? (0, 0, 0)
                var branches: [(name: String, taken: Int)] = []
                // A branch also counts as taken when the action it leads to ran: `$href`'s success runs
                // in a later chain, resumed by `$ok`, after its own step took no branch.
                if success { branches.append(("success", max(h.success, reached(site.pointer.appending("success"))))) }
                if error { branches.append(("error", max(h.error, reached(site.pointer.appending("error"))))) }
                return FileCoverage.Site(site: site, hits: count, branches: branches)
            case .conditional(let branches):
                return FileCoverage.Site(site: site, hits: count, branches: branches.map { branch in
                    (branch.condition.map { "{{#if \($0)}}" } ?? "{{#else}}", reached(branch.pointer))
                })
            case .template:
                return FileCoverage.Site(site: site, hits: count, branches: [])
            }
        }
        var order = [file]
        var byFile: [String: [FileCoverage.Site]] = [file: []]
        for site in measured {
            let written = site.site.path.file ?? file
            if byFile[written] == nil { order.append(written) }
            byFile[written, default: []].append(site)
        }
        return order.map { FileCoverage(file: $0, sites: byFile[$0]!) }
    }

    /// Several runs of the same document added up.
    package static func merge(_ runs: [FileCoverage]) -> [FileCoverage] {
        var byFile: [String: FileCoverage] = [:]
        var order: [String] = []
        for run in runs {
            guard var total = byFile[run.file] else { byFile[run.file] = run; order.append(run.file); continue }
            for (i, site) in run.sites.enumerated() where i < total.sites.count {
                total.sites[i].hits += site.hits
                for (j, branch) in site.branches.enumerated() where j < total.sites[i].branches.count {
                    total.sites[i].branches[j].taken += branch.taken
                }
            }
            byFile[run.file] = total
        }
        return order.compactMap { byFile[$0] }
    }

    /// The lcov tracefile: per source file, `DA` per line that holds actions (how often they ran) and
    /// `BRDA` per written branch (`-` when its action never ran). Paths are made absolute.
    package static func lcov(_ files: [FileCoverage], testName: String = "") -> String {
        var out = ""
        for file in files {
            out += "TN:\(testName)\nSF:\(absolute(file.file))\n"
            var lines: [Int: Int] = [:]
            for site in file.sites { if let line = site.site.line { lines[line, default: 0] += site.hits } }
            var branchLines: [String] = []
            for (block, site) in file.sites.enumerated() {
                guard let line = site.site.line else { continue }
                for (i, branch) in site.branches.enumerated() {
                    branchLines.append("BRDA:\(line),\(block),\(i),\(site.hits == 0 ? "-" : String(branch.taken))")
                }
            }
            for line in lines.keys.sorted() { out += "DA:\(line),\(lines[line]!)\n" }
            out += "LF:\(lines.count)\nLH:\(lines.values.filter { $0 > 0 }.count)\n"
            out += branchLines.map { $0 + "\n" }.joined()
            out += "BRF:\(file.branchCount)\nBRH:\(file.branchesTaken)\nend_of_record\n"
        }
        return out
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") || path.hasPrefix("<") ? path : URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// The text summary: per file, actions and branches covered, then what never ran, by line.
    package static func summary(_ files: [FileCoverage]) -> String {
        var out = ""
        for file in files {
            out += "coverage \(FormatReader.display(file.file)): actions \(ratio(file.actionsRun, file.sites.count)), "
                + "branches \(ratio(file.branchesTaken, file.branchCount))\n"
            for site in file.sites {
                let line = site.site.line.map { "line \($0)" } ?? site.site.pointer.description
                if site.hits == 0 {
                    out += "  never ran: \(line) \(label(site.site))\n"
                    continue
                }
                for branch in site.branches where branch.taken == 0 {
                    out += "  never taken: \(line) \(branch.name) of \(label(site.site))\n"
                }
            }
        }
        return out
    }

    static func ratio(_ part: Int, _ whole: Int) -> String {
        let percent = whole == 0 ? 100 : Double(part) * 100 / Double(whole)
        return "\(part)/\(whole) (\(String(format: "%.1f", percent))%)"
    }

    package static func label(_ site: ActionSite) -> String {
        switch site.kind {
        case .call(.type(let type), _, _, _): type
        case .call(.trigger(let name), _, _, _): "trigger " + name
        case .conditional: "conditional"
        case .template(let text): text
        }
    }
}

extension Coverage {
    /// `main`, and the other documents the visits ran in that can be read from disk (views opened by
    /// `$href` to a local file), so that their lines are counted too.
    package static func documents(_ main: Document, visits: [Visit]) -> [Document] {
        var documents = [main]
        var seen = Set([main.fileName ?? ""] + main.mixinSources.map(\.name))
        for visit in visits {
            guard let name = visit.path.file, seen.insert(name).inserted else { continue }
            let path = name.hasPrefix("file://") ? (URL(string: name)?.path ?? name) : name
            guard case .success(let data) = LocalFile.read(path, maximumSize: LocalFile.defaultMaximumSize),
                  let document = try? Document.load(SourceFile(name: name, bytes: data)) else { continue }
            documents.append(document)
        }
        return documents
    }

    /// Coverage of every document the visits ran in.
    package static func measureAll(_ main: Document, visits: [Visit]) -> [FileCoverage] {
        documents(main, visits: visits).flatMap { measure($0, visits: visits) }
    }
}
