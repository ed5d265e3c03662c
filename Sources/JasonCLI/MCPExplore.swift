import JasonJSON

extension MCPTools {
    /// `explore`: the exploration `jasonrun explore --json` makes, from the same plain values; its files
    /// confined to the server's folders.
    func explore(_ args: MCPArguments) async throws -> MCPResult {
        guard let path = try args.string("path") else { throw MCPFailure("explore takes \"path\": the flow's file") }
        var options = ExploreOptions(file: try folders.resolve(path))
        options.stubs = try args.string("stubs").map { stubs throws in try folders.resolve(stubs) }
        options.taps = try args.bool("taps") ?? false
        if let paths = try args.int("max_paths") {
            guard paths >= 1 else { throw MCPFailure("max_paths must be 1 or more") }
            options.maxPaths = paths
        }
        options.files = FileOptions.Values(allowRead: folders.roots)
        switch await options.explore() {
        case .failure(let failure):
            return MCPResult(failure.message, ["paths": 0, "endings": [], "exit": .int(Int(failure.status)), "error": .string(failure.plain)],
                             isError: true)
        case .success(let explored):
            var structured = explored.report.json.objectValue ?? [:]
            structured["flow"] = nil
            let exit = explored.report.failed ? 1 : 0
            structured["exit"] = .int(exit)
            return MCPResult(explored.report.text + "exit: \(exit)\n", .object(structured), isError: false)
        }
    }
}
