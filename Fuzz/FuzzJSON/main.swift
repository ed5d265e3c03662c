import FuzzHarness
import FuzzSupport
import Glibc

exit(runFuzzer { bytes in
    let problems = JSONHarness.check(bytes)
    if !problems.isEmpty { fatalError(problems.joined(separator: "\n")) }
})
