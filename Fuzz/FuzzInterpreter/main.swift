import FuzzHarness
import FuzzSupport
import Glibc

let folder: String = {
    var template = Array("/tmp/jasonrun-fuzz-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { fatalError("cannot make a temporary folder") }
    return String(cString: made)
}()
let harness = InterpreterHarness(folder: folder)
exit(runFuzzer { bytes in waitFor { await harness.run(bytes) } })
