#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JasonJSON

/// What counts as a credential in what jasonrun writes down (recordings, trace files, `state show`), and
/// how it is hidden: the value is replaced by a note, the name kept, so a reader still sees what was sent.
/// Names are compared without case; Docs/Stubs.md lists them.
package enum Secrets {
    /// Headers whose values are credentials.
    package static let headers: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie",
                                               "x-api-key", "x-auth-token"]
    /// Query parameters, form fields and JSON members whose values are credentials.
    package static let fields: Set<String> = ["password", "passwd", "client_secret", "api_key", "apikey", "access_token",
                                              "refresh_token", "id_token", "auth_token", "private_token", "secret"]

    /// Whether a header, field or member named `name` holds a credential.
    package static func isSecret(_ name: String) -> Bool {
        let lower = name.lowercased()
        return headers.contains(lower) || fields.contains(lower)
    }

    /// `value` with every member named as a secret replaced by `note`, at any depth, and the credentials
    /// in the query of every string that is a URL.
    package static func redacting(_ value: JSON, note: String) -> JSON {
        switch value {
        case .object(var members):
            for (index, (key, member)) in members.enumerated() {
                members.values[index] = isSecret(key) && member != .null ? .string(note) : redacting(member, note: note)
            }
            return .object(members)
        case .array(let items):
            return .array(items.map { redacting($0, note: note) })
        case .string(let text) where text.contains("?") && text.contains("://"):
            return .string(redacting(url: text, note: note))
        default:
            return value
        }
    }

    /// `url` with the values of its secret query parameters replaced by `note`.
    package static func redacting(url: String, note: String) -> String {
        guard let mark = url.firstIndex(of: "?") else { return url }
        let fragment = url[mark...].firstIndex(of: "#")
        let query = url[url.index(after: mark)..<(fragment ?? url.endIndex)]
        return String(url[...mark]) + redacting(form: String(query), note: note) + (fragment.map { String(url[$0...]) } ?? "")
    }

    /// `a=1&password=2` with the secret fields' values replaced by `note` (percent-encoded).
    package static func redacting(form: String, note: String) -> String {
        let encoded = note.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "redacted"
        return form.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            return parts.count == 2 && isSecret(name) ? parts[0] + "=" + encoded : String(pair)
        }.joined(separator: "&")
    }

    /// A request or response body, JSON or form-encoded, with its secret fields' values replaced.
    package static func redacting(body: String, note: String) -> String {
        if let json = try? JSONParser.parse(body), case .object = json {
            let hidden = redacting(json, note: note)
            return hidden == json ? body : JSONPrinter.compact(hidden)
        }
        guard body.contains("="), !body.contains(" "), !body.contains("\n") else { return body }
        return redacting(form: body, note: note)
    }
}
