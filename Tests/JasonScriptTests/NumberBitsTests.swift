import CJavaScriptCore
import JasonJSON
@testable import JasonScript
import Testing

/// Numbers read from their bits must be the numbers the engine would have given through its API.
@Suite struct NumberBitsTests {
    init() { _ = jsc_load() }

    @Test func theEngineOnThisMachineEncodesNumbersAsExpected() {
        let context = EngineContext(limits: ScriptLimits(), watch: RunawayWatch(grace: 1) { _, _ in })
        // If this fails, results are still right (read through the API) but the fast path is gone.
        #expect(context.numbers.agrees)
    }

    @Test func resultsComputedInJavaScriptReadTheSameAsThroughTheAPI() {
        let context = EngineContext(limits: ScriptLimits(), watch: RunawayWatch(grace: 1) { _, _ in })
        let expressions = ["1 + 1", "-7", "0.1 + 0.2", "-0", "2147483647 + 1", "-2147483648", "-2147483649",
                           "Math.pow(2, 53) + 2", "1e308 * 10", "-1 / 0", "0 / 0", "5e-324", "[3].map(function(x){return x + 1;})[0]",
                           "Number.MAX_VALUE", "(1 << 30) * 4", "~~3.7", "x.n * 2"]
        let receiver = context.receiver(for: ["x": ["n": 21.5]], extras: [:])
        for expression in expressions {
            var mayMutate = false
            guard case .value(let value) = context.invoke(expression, on: receiver, extras: [], mayMutate: &mayMutate) else {
                Issue.record("\(expression) did not evaluate")
                continue
            }
            let read = context.numbers.number(value)
            let api = JSValueToNumber(context.context, value, nil)
            #expect(read?.bitPattern == api.bitPattern || (read?.isNaN == true && api.isNaN), "\(expression)")
        }
    }
}
