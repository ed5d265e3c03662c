// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "jasonrun",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "jasonrun", targets: ["jasonrun"]),
        .library(name: "JasonRuntime", targets: ["JasonRuntime"]),
        .library(name: "JasonActions", targets: ["JasonActions"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    ],
    targets: [
        .target(
            name: "JasonJSON",
            dependencies: [.product(name: "OrderedCollections", package: "swift-collections")]),
        .systemLibrary(
            name: "CJavaScriptCore", pkgConfig: "javascriptcoregtk-4.1",
            providers: [.apt(["libjavascriptcoregtk-4.1-dev"])]),
        .target(name: "JasonScript", dependencies: ["JasonJSON", "CJavaScriptCore"]),
        .target(name: "JasonTemplate", dependencies: ["JasonJSON", "JasonScript"]),
        .target(name: "JasonRuntime", dependencies: ["JasonJSON", "JasonScript", "JasonTemplate"]),
        .target(name: "JasonActions", dependencies: ["JasonRuntime"]),
        .target(
            name: "JasonCLI",
            dependencies: [
                "JasonRuntime", "JasonActions",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(name: "jasonrun", dependencies: ["JasonCLI"]),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "JasonJSONTests", dependencies: ["JasonJSON", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "JasonScriptTests", dependencies: ["JasonScript"]),
        .testTarget(name: "JasonTemplateTests", dependencies: ["JasonTemplate", "JasonScript", "TestSupport"]),
        .testTarget(name: "JasonRuntimeTests", dependencies: ["JasonRuntime", "JasonScript", "JasonActions"]),
        .testTarget(name: "JasonActionsTests", dependencies: ["JasonActions", "JasonRuntime", "JasonJSON", "TestSupport"]),
        .testTarget(name: "JasonCLITests", dependencies: ["JasonCLI", "JasonRuntime", "JasonJSON", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
