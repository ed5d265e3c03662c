import Foundation
import JasonCLI

let status = await Jasonrun.main(Array(CommandLine.arguments.dropFirst()), io: StandardIO())
exit(status)
