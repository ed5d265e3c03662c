// swift-tools-version: 6.1
import PackageDescription

import struct Foundation.URL

/// A path dependency is known by its folder's name, which is whatever the checkout was cloned as.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

// On-demand benchmarks, kept out of the main package so `swift test` never builds them.
// Run: cd Benchmarks && swift package --allow-writing-to-package-directory benchmark
let package = Package(
    name: "jasonrun-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: ["ActionDispatch", "TemplateRender"].map { name in
        .executableTarget(
            name: name,
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "JasonRuntime", package: root),
                .product(name: "JasonJSON", package: root),
            ],
            path: "Benchmarks/" + name,
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")])
    },
    swiftLanguageModes: [.v6]
)
