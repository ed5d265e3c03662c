import Foundation
import Testing
@testable import JasonPreview

/// The page's files are found wherever the binary runs from, and only they are served.
@Suite struct PageFilesTests {
    @Test func theBuiltPageIsFound() throws {
        let page = try #require(PageFiles.locate())
        #expect(page.file("index.html")?.type.hasPrefix("text/html") == true)
        #expect(page.file("draw.js")?.type.hasPrefix("text/javascript") == true)
        #expect(page.file("page.css") != nil)
    }

    @Test func onlyPlainNamesOfKnownKindsAreServed() throws {
        let page = try #require(PageFiles.locate())
        for name in ["../Package.swift", "..", ".hidden.js", "a/b.js", "index.swift", "", "nothing.js"] {
            #expect(page.file(name) == nil, "\(name)")
        }
    }

    @Test func aFolderWithoutTheFilesIsPassedOver() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("no-page-\(UUID().uuidString)")
        #expect(PageFiles.locate(candidates: [empty]) == nil)
        let page = try #require(PageFiles.locate())
        #expect(PageFiles.locate(candidates: [empty, page.folder])?.folder == page.folder)
    }
}
