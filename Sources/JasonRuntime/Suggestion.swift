/// "Did you mean …?": the known name closest to a misspelt one.
package enum Suggestion {
    /// The candidate nearest to `name` by edit distance (case-insensitive; a swap of two neighbouring
    /// characters counts as one edit), or nil when none is close enough to be a plausible typo: at most
    /// one edit for names up to four characters, two up to eight, three beyond. Ties go to the first.
    package static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        let wanted = Array(name.lowercased())
        guard !wanted.isEmpty else { return nil }
        let allowed = wanted.count <= 4 ? 1 : wanted.count <= 8 ? 2 : 3
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let other = Array(candidate.lowercased())
            guard abs(other.count - wanted.count) <= allowed else { continue }
            let distance = editDistance(wanted, other)
            if distance <= allowed, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, before[j - 2] + 1)
                }
                current[j] = value
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
