import JasonJSON
import JasonRuntime

/// Where actions print during a preview: the page's output pane, and (for the terminal the server was
/// started from) `echo`. A rendered body needs no printing: the page draws it.
package struct PreviewConsole: Console {
    let link: PreviewLink
    let echo: @Sendable (String) -> Void

    package init(link: PreviewLink, echo: @escaping @Sendable (String) -> Void = { _ in }) {
        self.link = link
        self.echo = echo
    }

    package func print(_ line: String) {
        link.publish(.output(line))
        echo(line)
    }

    package func printError(_ line: String) {
        link.publish(.output(line))
        echo(line)
    }

    package func present(body: JSON) {}
}
