import Foundation

/// A branch of an lcov `BRDA` record: its block and branch numbers.
package struct Pair: Hashable, Sendable {
    package var block: Int
    package var branch: Int
    package init(_ block: Int, _ branch: Int) { self.block = block; self.branch = branch }
}

/// An lcov tracefile read back: per source file, the count of each line and branch.
package struct LcovData: Sendable {
    package struct File: Sendable {
        package var lines: [Int: Int] = [:]
        /// Taken counts; a branch whose action never ran (`-`) counts 0.
        package var branches: [Pair: Int] = [:]
    }

    package var files: [String: File] = [:]

    package struct Problem: Error, Sendable {
        package var line: Int
        package var message: String
    }

    package init(parsing text: String) throws(Problem) {
        var current: String?
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("TN:") { continue }
            if line == "end_of_record" { current = nil; continue }
            guard let colon = line.firstIndex(of: ":") else {
                throw Problem(line: i + 1, message: "not an lcov record: \(line)")
            }
            let (key, value) = (String(line[..<colon]), String(line[line.index(after: colon)...]))
            if key == "SF" { current = value; files[value] = files[value] ?? File(); continue }
            guard let file = current else { continue }
            let fields = value.split(separator: ",").map(String.init)
            switch key {
            case "DA":
                guard fields.count >= 2, let number = Int(fields[0]), let count = Int(fields[1]) else {
                    throw Problem(line: i + 1, message: "DA takes line,count: \(line)")
                }
                files[file]!.lines[number, default: 0] += count
            case "BRDA":
                guard fields.count >= 4, Int(fields[0]) != nil, let block = Int(fields[1]), let branch = Int(fields[2]) else {
                    throw Problem(line: i + 1, message: "BRDA takes line,block,branch,taken: \(line)")
                }
                files[file]!.branches[Pair(block, branch), default: 0] += Int(fields[3]) ?? 0
            default:
                continue   // LF, LH, BRF, BRH, FN…: totals and functions are not needed here
            }
        }
    }

    /// The record of a document, by the name its actions carry (a relative path matches the absolute one).
    package func file(named name: String?) -> File? {
        guard let name else { return nil }
        return files[name] ?? files[Coverage.absolute(name)]
    }
}
