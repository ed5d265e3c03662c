import Foundation
import JasonJSON
import JasonRuntime

/// `--params`, `--jason` and `--global`: values a batch run starts with, given as JSON text or as
/// `@file`. A value that is not JSON (or not an object where one is needed) is a located usage error.
struct RunSeeds {
    var params: JSONObject?
    var jason: JSON?
    var global: JSONObject?

    struct Problem: Error {
        var diagnostic: Diagnostic
        var source: SourceFile?
        var isMissingFile = false
    }

    init(params: String?, jason: String?, global: String?) throws(Problem) {
        if let params { self.params = try Self.object(params, option: "--params") }
        if let jason { self.jason = try Self.value(jason, option: "--jason") }
        if let global { self.global = try Self.object(global, option: "--global") }
    }

    /// The text of `argument` (or of the file it names after `@`) as a source named for diagnostics.
    static func source(_ argument: String, option: String) throws(Problem) -> SourceFile {
        guard argument.hasPrefix("@") else { return SourceFile(name: option, bytes: Array(argument.utf8)) }
        let path = String(argument.dropFirst())
        switch LocalFile.read(path, maximumSize: LocalFile.defaultMaximumSize) {
        case .success(let bytes): return SourceFile(name: path, bytes: bytes)
        case .failure(let problem):
            let message = problem.isMissing ? "no such file or not readable" : problem.description
            throw Problem(diagnostic: Diagnostic(.invalidSeed, .error, "\(option): \(message)", file: path),
                          isMissingFile: problem.isMissing)
        }
    }

    static func value(_ argument: String, option: String) throws(Problem) -> JSON {
        let file = try source(argument, option: option)
        do {
            return try JSONParser.parseDocument(file).value
        } catch {
            throw Problem(diagnostic: Diagnostic(.invalidSeed, .error, "\(option) takes JSON: \(error.message)",
                                                 file: file.name, location: error.location), source: file)
        }
    }

    static func object(_ argument: String, option: String) throws(Problem) -> JSONObject {
        let json = try value(argument, option: option)
        guard case .object(let members) = json else {
            let file = try source(argument, option: option)
            throw Problem(diagnostic: Diagnostic(.invalidSeed, .error, "\(option) takes a JSON object, found \(json.kindName)",
                                                 file: file.name, location: SourceLocation(line: 1, column: 1)),
                          source: file)
        }
        return members
    }

    /// The stores of the run, with `$global` in memory, starting from the saved one with the seed over it.
    func stores(_ stores: Stores) -> Stores {
        guard let global else { return stores }
        var seeded = (try? stores.global?.load().value) ?? stores.initial["$global"] ?? [:]
        for (key, value) in global { seeded[key] = value }
        var result = stores
        result.global = nil
        result.initial["$global"] = seeded
        return result
    }
}
