/// When a breakpoint stops, by how often it was hit (its condition holding): a debug adapter's
/// `hitCondition`. A bare number N stops at the Nth hit and every one after (as `ignore N-1` does);
/// `== N` only at the Nth; `> N`, `>= N`, `< N`, `<= N` compare; `% N` stops at every Nth.
package struct HitCondition: Sendable, Equatable, CustomStringConvertible {
    package enum Comparison: String, Sendable, CaseIterable {
        case atLeast = ">=", atMost = "<=", equal = "==", greater = ">", less = "<", every = "%"
    }

    package var comparison: Comparison
    package var count: Int

    /// Nil for text that is none of the forms above.
    package init?(_ text: String) {
        var rest = Substring(text.filter { $0 != " " && $0 != "\t" })
        var comparison = Comparison.atLeast
        // `>=` before `>`: allCases lists the two-character operators first.
        if let found = Comparison.allCases.first(where: { rest.hasPrefix($0.rawValue) }) {
            comparison = found
            rest = rest.dropFirst(found.rawValue.count)
        } else if rest.hasPrefix("=") {
            comparison = .equal
            rest = rest.dropFirst()
        }
        guard let count = Int(rest), count >= 0, comparison != .every || count > 0 else { return nil }
        self.comparison = comparison
        self.count = count
    }

    package func holds(_ hits: Int) -> Bool {
        switch comparison {
        case .atLeast: hits >= count
        case .atMost: hits <= count
        case .equal: hits == count
        case .greater: hits > count
        case .less: hits < count
        case .every: hits % count == 0
        }
    }

    package var description: String { comparison.rawValue + " \(count)" }
}
