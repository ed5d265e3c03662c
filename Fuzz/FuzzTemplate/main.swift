import FuzzHarness
import FuzzSupport
import Glibc

let harness = TemplateHarness()
exit(runFuzzer { bytes in harness.run(bytes) })
