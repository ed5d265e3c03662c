import Foundation
import JasonJSON

/// RSS 2.0, RSS 1.0 (RDF) and Atom feeds as the array of articles node-feedparser gave Jasonette:
/// `title`, `description`, `summary`, `link`, `guid`, `author`, `pubdate`, `categories`, `image`,
/// `enclosures` and the feed's `meta`. XML is read by `FeedXML`.
enum Feed {
    final class Element {
        let name: String
        let attributes: [String: String]
        var text = ""
        var children: [Element] = []

        init(name: String, attributes: [String: String]) {
            self.name = name
            self.attributes = attributes
        }

        func first(_ names: String...) -> Element? {
            for name in names { if let hit = children.first(where: { $0.name == name }) { return hit } }
            return nil
        }

        func all(_ name: String) -> [Element] { children.filter { $0.name == name } }

        func text(_ names: String...) -> String? {
            for name in names {
                if let hit = children.first(where: { $0.name == name }) {
                    return hit.text.trimmingCharacters(in: .whitespacesAndNewlines)
                }
            }
            return nil
        }
    }

    struct ParseError: Error {
        var message: String
    }

    static func articles(_ xml: String) throws(ParseError) -> JSON {
        let root = try parse(xml)
        let channel: Element
        let items: [Element]
        switch root.name {
        case "rss":
            channel = root.first("channel") ?? root
            items = channel.all("item")
        case "rdf:RDF":
            channel = root.first("channel") ?? root
            items = root.all("item")
        case "feed":
            channel = root
            items = root.all("entry")
        default:
            throw ParseError(message: "not a feed: the document element is <\(root.name)>, not <rss>, <rdf:RDF> or <feed>")
        }
        let meta = JSON.object(compact([
            "title": channel.text("title"),
            "description": channel.text("description", "subtitle"),
            "link": link(channel),
        ]))
        return .array(items.map { article($0, meta: meta) })
    }

    static func article(_ item: Element, meta: JSON) -> JSON {
        let link = link(item)
        // feedparser's shape: every normal field is present, null when the item lacks it, and an item
        // without a guid takes its link as guid.
        var object = nullable([
            "title": item.text("title"),
            "description": item.text("content:encoded", "description", "content", "summary"),
            "summary": item.text("description", "summary", "content"),
            "link": link,
            "guid": item.text("guid", "id") ?? link,
            "author": item.text("dc:creator") ?? item.first("author")?.text("name") ?? item.text("author"),
            "pubdate": item.text("pubDate", "dc:date", "published", "updated"),
            "comments": item.text("comments"),
        ])
        object["categories"] = .array(item.all("category").map { .string($0.attributes["term"] ?? $0.text) })
        let media = item.first("media:content", "media:thumbnail", "enclosure")
        if let url = media?.attributes["url"] { object["image"] = ["url": .string(url)] }
        object["enclosures"] = .array(item.all("enclosure").map { e in
            .object(compact(["url": e.attributes["url"], "type": e.attributes["type"], "length": e.attributes["length"]]))
        })
        object["meta"] = meta
        return .object(object)
    }

    /// RSS writes `<link>URL</link>`; Atom `<link href="URL" rel="alternate"/>`.
    static func link(_ element: Element) -> String? {
        let links = element.all("link")
        if let atom = links.first(where: { $0.attributes["href"] != nil && ($0.attributes["rel"] ?? "alternate") == "alternate" }) {
            return atom.attributes["href"]
        }
        return links.first.map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    static func nullable(_ members: KeyValuePairs<String, String?>) -> JSONObject {
        var object: JSONObject = [:]
        for (key, value) in members { object[key] = value.map(JSON.string) ?? .null }
        return object
    }

    static func compact(_ members: [(String, String?)]) -> JSONObject {
        var object: JSONObject = [:]
        for (key, value) in members { if let value { object[key] = .string(value) } }
        return object
    }

    static func compact(_ members: KeyValuePairs<String, String?>) -> JSONObject {
        compact(members.map { ($0.key, $0.value) })
    }

    static func parse(_ xml: String) throws(ParseError) -> Element {
        try FeedXML.parse(xml)
    }
}
