import JasonActions
import JasonJSON
import JasonRuntime
import Testing

/// `$convert.*`, `$script.*` and `$parse`.
@Suite struct ConvertScriptTests {
    func convert(_ type: String, _ data: String, extra: String = "") async throws -> [String] {
        let options: JSON = ["data": .string(data)]
        let flow = #"""
            {"type": "\#(type)", "options": \#(JSONPrinter.compact(options).dropLast())\#(extra)},
             "success": {"type": "$util.toast", "options": {"text": "{{JSON.stringify($jason)}}"}},
             "error": {"type": "$util.toast", "options": {"text": "error {{$jason.message}}"}}}
            """#
        return try await run(flow).printed
    }

    @Test func csvRowsBecomeObjectsKeyedByTheHeader() async throws {
        let text = "name, description, url\ngithub, social coding, https://github.com\n\"a, b\", \"say \"\"hi\"\"\", \"x\ny\"\n"
        #expect(try await convert("$convert.csv", text) == [
            #"[toast] [{"name":"github","description":"social coding","url":"https://github.com"},{"name":"a, b","description":"say \"hi\"","url":"x\ny"}]"#,
        ])
        #expect(try await convert("$convert.csv", "a;b\n1;2", extra: #", "delimiter": ";", "header": "false""#)
            == [#"[toast] [["a","b"],["1","2"]]"#])
        #expect(try await convert("$convert.csv", "") == ["[toast] {{JSON.stringify($jason)}}"])
        // Windows line ends, a blank line skipped, an unterminated quote running to the end.
        #expect(try await convert("$convert.csv", "a,b\r\n1,2\r\n\r\n3,\"x\n4", extra: #", "header": false"#)
            == [#"[toast] [["a","b"],["1","2"],["3","x\n4"]]"#])
    }

    @Test func feedsBecomeArticles() async throws {
        let rss = """
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Reviews</title><link>https://r.example</link>
            <item><title><![CDATA[Album &amp; Review]]></title><dc:creator>Pitchfork</dc:creator>
            <description>Reviewer&apos;s pick</description><link>https://r.example/1</link>
            <enclosure url="https://r.example/1.jpg" type="image/jpeg" length="10"/><category>music</category></item></channel></rss>
            """
        let printed = try await convert("$convert.rss", rss)
        let articles = try JSONParser.parse(String(printed[0].dropFirst("[toast] ".count)))
        #expect(articles[0]?["title"] == "Album &amp; Review")
        #expect(articles[0]?["author"] == "Pitchfork")
        #expect(articles[0]?["description"] == "Reviewer's pick")
        #expect(articles[0]?["link"] == "https://r.example/1")
        #expect(articles[0]?["image"] == ["url": "https://r.example/1.jpg"])
        #expect(articles[0]?["categories"] == ["music"])
        #expect(articles[0]?["meta"]?["title"] == "Reviews")
        let atom = #"<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><entry><title>E</title><link href="https://e.example/1"/><summary>S</summary><author><name>Al</name></author></entry></feed>"#
        let entry = try JSONParser.parse(String(try await convert("$convert.rss", atom)[0].dropFirst("[toast] ".count)))
        #expect(entry[0]?["link"] == "https://e.example/1")
        #expect(entry[0]?["author"] == "Al")
        let broken = try await convert("$convert.rss", "<rss><channel>")
        #expect(broken.first?.hasPrefix("[toast] error not well-formed XML at line 1") == true, "\(broken)")
    }

    @Test func stringsParseAsJSON() async throws {
        #expect(try await convert("$convert.string", #"{"a": [1, 2]}"#) == [#"[toast] {"a":[1,2]}"#])
        // The phone's `success(nil)`: `$jason` is `{}`, while a parsed `{}` and empty text leave it undefined (R17).
        #expect(try await convert("$convert.string", "not json") == ["[toast] {}"])
        #expect(try await convert("$convert.string", "{}") == ["[toast] {{JSON.stringify($jason)}}"])
        #expect(try await convert("$convert.string", "") == ["[toast] {{JSON.stringify($jason)}}"])
    }

    @Test func aToastWithoutTextSaysUpdatedAsThePhoneDoes() async throws {
        #expect(try await run(#"{"type": "$util.toast"}"#).printed == ["[toast] Updated"])
        #expect(try await run(#"{"type": "$util.toast", "options": {"text": "hi"}}"#).printed == ["[toast] hi"])
    }

    @Test func includedScriptsServeTemplatesUntilCleared() async throws {
        let r = try await run(#"""
            {"type": "$script.include", "options": {"items": [{"text": "function shout(s) { return s.toUpperCase() + '!'; } var greeting = 'hej';"}]},
             "success": {"type": "$util.toast", "options": {"text": "{{shout('hi')}} {{greeting}}"},
               "success": {"type": "$script.clear",
                 "success": {"type": "$util.toast", "options": {"text": "{{shout('hi')}} {{greeting}}"}}}}}
            """#)
        #expect(r.printed == ["[toast] HI! hej", "[toast] {{shout('hi')}} {{greeting}}"])
        let broken = try await run(#"{"type": "$script.include", "options": {"items": [{"text": "function ("}]}}"#)
        #expect(broken.diagnostics.first?.message.hasPrefix("items[0]: SyntaxError") == true)
    }

    @Test func parseRendersATemplate() async throws {
        let r = try await run(#"""
            {"$jason": {"head": {"templates": {"row": {"label": "{{name}} ({{age}})"}},
              "actions": {"$load": {"type": "$parse", "options": {"template": "row", "data": {"name": "Ann", "age": 40}},
                "success": {"type": "$util.toast", "options": {"text": "{{$jason.label}}"}}}}}}}
            """#)
        #expect(r.printed == ["[toast] Ann (40)"])
    }
}
