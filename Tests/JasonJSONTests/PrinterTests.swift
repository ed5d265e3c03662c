import JasonJSON
import Testing

@Suite struct PrinterTests {
    @Test(arguments: [
        (3.0, "3"), (1.5, "1.5"), (-0.0, "0"), (1e21, "1e+21"), (1e20, "100000000000000000000"),
        (1e-7, "1e-7"), (0.000001, "0.000001"), (123.456, "123.456"), (0.1 + 0.2, "0.30000000000000004"),
        (1.5e300, "1.5e+300"), (-2.5e-8, "-2.5e-8"), (Double.nan, "NaN"), (-Double.infinity, "-Infinity"),
    ])
    func numbersPrintAsJavaScriptPrintsThem(value: Double, text: String) {
        #expect(JSNumber.format(value) == text)
    }

    @Test func compactAndPrettyAreStable() throws {
        let value: JSON = ["b": [1, 2.5, "x\n\u{1}"], "a": ["empty": [:], "list": []], "n": nil, "t": true]
        #expect(JSONPrinter.compact(value) == #"{"b":[1,2.5,"x\n\u0001"],"a":{"empty":{},"list":[]},"n":null,"t":true}"#)
        #expect(JSONPrinter.pretty(value) == """
            {
              "b": [
                1,
                2.5,
                "x\\n\\u0001"
              ],
              "a": {
                "empty": {},
                "list": []
              },
              "n": null,
              "t": true
            }
            """)
        #expect(try JSONParser.parse(JSONPrinter.pretty(value)) == value)
    }
}
