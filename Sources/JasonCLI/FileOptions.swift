import ArgumentParser
import Foundation
import JasonActions
import JasonJSON
import JasonRuntime

/// `--allow-read DIR` and `--max-file-size BYTES`: which local files `file://` URLs may read, and how large
/// a document or a file may be.
struct FileOptions: ParsableArguments {
    @Option(name: .customLong("allow-read"), help: ArgumentHelp(
        "Let file:// URLs read this folder too (repeatable; by default only the first document's folder and below).",
        valueName: "dir"))
    var allowRead: [String] = []

    @Option(help: ArgumentHelp("The largest document or file:// file read, in bytes (default 52428800, 50 MB).",
                               valueName: "bytes"))
    var maxFileSize: Int = FileAccess.defaultMaximumSize

    var values: Values { Values(allowRead: allowRead, maxFileSize: maxFileSize) }

    func validate() throws { if let problem = values.problem { throw ValidationError(problem) } }

    func access(home: String?) -> FileAccess { values.access(home: home) }

    func source(_ path: String, io: any TerminalIO) throws(Problem) -> SourceFile { try values.source(path, io: io) }

    static func folder(of document: String) -> String { LocalPath(document).folder }

    struct Problem: Error {
        var message: String
        var status: Int32
    }

    /// What the options say, as plain values: RunArguments fills these without ArgumentParser's types.
    struct Values {
        var allowRead: [String] = []
        var maxFileSize = FileAccess.defaultMaximumSize

        var problem: String? {
            if maxFileSize <= 0 { return "--max-file-size must be a number of bytes above 0" }
            for folder in allowRead {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                    return "--allow-read \(folder): no such folder"
                }
            }
            return nil
        }

        /// `home` (the first document's folder; none for standard input) and the folders allowed by name.
        func access(home: String?) -> FileAccess {
            FileAccess(folders: (home.map { [$0] } ?? []) + allowRead, maximumSize: maxFileSize)
        }

        /// The bytes of the document at `path`, its size checked before it is read.
        func readDocument(_ path: String) -> Result<[UInt8], Problem> {
            guard FileManager.default.isReadableFile(atPath: path) else {
                return .failure(Problem(message: "no such file or not readable", status: ExitStatus.noInput))
            }
            return FileAccess.readCapped(path, maximumSize: maxFileSize).mapError { refusal in
                Problem(message: refusal.description.replacingOccurrences(of: path + " is", with: "the document is"),
                        status: ExitStatus.invalidDocument)
            }
        }

        /// The document at `path` as a source file; when it cannot be read, says why on standard error and
        /// throws the exit status to end with.
        func source(_ path: String, io: any TerminalIO) throws(Problem) -> SourceFile {
            switch readDocument(path) {
            case .success(let bytes): return SourceFile(name: path, bytes: bytes)
            case .failure(let problem):
                io.writeErr("jasonrun: \(path): \(problem.message)\n")
                throw problem
            }
        }
    }
}
