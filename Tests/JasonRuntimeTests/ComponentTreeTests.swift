import JasonJSON
import JasonRuntime
import Testing

/// `--render tree`: the standard components, the shared style step, and a host's own component.
@Suite struct ComponentTreeTests {
    let body: JSON = try! JSONParser.parse(#"""
        {"header": {"title": "Shop"},
         "sections": [{"items": [
           {"type": "label", "text": "Tea", "style": {"color": "#333", "width": "100", "corner_radius": "4"}, "href": {"url": "tea.json"}},
           {"type": "vertical", "components": [
             {"type": "textfield", "name": "q", "placeholder": "Search"},
             {"type": "map", "region": {"coord": "40.74,-74.00", "width": "50"}, "style": {"height": "200", "opacity": "0.5"}}]}]}]}
        """#)

    @Test func standardComponentsAndStyles() {
        #expect(ComponentTree().lines(body) == [
            "body",
            "├─ header title=Shop",
            "└─ sections[0]",
            "   ├─ label \"Tea\" [w=100 color=#333 radius=4] ▸href",
            "   └─ vertical",
            "      ├─ textfield name=q placeholder=\"Search\"",
            "      └─ map [h=200 opacity=0.5]",
        ])
    }

    @Test func hostsDrawTheirOwnComponents() {
        var components = ComponentRegistry.standard
        components.register("map", ClosureComponent { c in "centred on " + (c["region"]?["coord"]?.stringValue ?? "?") })
        #expect(ComponentTree(components: components).lines(body).last == "      └─ map centred on 40.74,-74.00 [h=200 opacity=0.5]")
    }
}
