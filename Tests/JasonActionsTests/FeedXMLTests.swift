@testable import JasonActions
import Testing

/// The XML reader behind `$convert.rss` (it replaced Foundation's XMLParser, see FeedXML.swift).
@Suite struct FeedXMLTests {
    func message(_ xml: String) -> String? {
        do {
            _ = try FeedXML.parse(xml)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func readsElementsAttributesTextAndCDATA() throws {
        let xml = """
            \u{FEFF}<?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE rss [ <!ENTITY x "y"> <!-- a ">" inside --> ]>
            <!-- a comment -->
            <rss version='2.0'><channel a = "1 &amp; 2">
              <title>Fish &amp; Chips &lt;3 &#233;&#x1F41F;</title>
              <description><![CDATA[<p>kept <b>as is</b> & raw</p>]]></description>
              <enclosure url="https://e.example/a.mp3" length="1"/>
            </channel></rss>
            """
        let root = try FeedXML.parse(xml)
        #expect(root.name == "rss")
        #expect(root.attributes == ["version": "2.0"])
        let channel = try #require(root.children.first)
        #expect(channel.attributes == ["a": "1 & 2"])
        #expect(channel.children.map(\.name) == ["title", "description", "enclosure"])
        #expect(channel.children[0].text == "Fish & Chips <3 é🐟")
        #expect(channel.children[1].text == "<p>kept <b>as is</b> & raw</p>")
        #expect(channel.children[2].attributes["url"] == "https://e.example/a.mp3")
        #expect(channel.children[2].children.isEmpty)
    }

    @Test func prefixedNamesStayAsWritten() throws {
        let root = try FeedXML.parse(#"<item xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Al</dc:creator></item>"#)
        #expect(root.children.first?.name == "dc:creator")
        #expect(root.children.first?.text == "Al")
    }

    @Test func whatIsNotWellFormedIsSaidWithItsPlace() {
        #expect(message("<rss><channel>") == "not well-formed XML at line 1, column 15: <channel> is never closed")
        #expect(message("<a>\n  <b></a>") == "not well-formed XML at line 2, column 9: </a> where </b> was expected")
        #expect(message("<a>&nbsp;</a>") == "not well-formed XML at line 1, column 10: the entity &nbsp; is not defined in XML")
        #expect(message("<a>1 & 2</a>") == "not well-formed XML at line 1, column 9: a & that starts no entity (write &amp;)")
        #expect(message("<a href=x/>") == "not well-formed XML at line 1, column 9: the value of attribute href is not quoted")
        #expect(message("<a/><b/>") == "not well-formed XML at line 1, column 6: content after the document element")
        #expect(message("hello") == "not well-formed XML at line 1, column 6: text before the document element")
        #expect(message("") == "not well-formed XML at line 1, column 1: no document element")
        #expect(message("<a><![CDATA[x</a>") == "not well-formed XML at line 1, column 18: ]]> never comes")
        #expect(message("<a") == "not well-formed XML at line 1, column 3: <a is never finished")
    }
}
