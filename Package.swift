// swift-tools-version: 6.1
import PackageDescription

// What the loader does before main, at every start (Docs/Architecture.md, "Start-up"): SwiftPM's static
// standard library exports every symbol of our own code (36,000), which the loader and the runtime's
// dladdr then search; lld packs the 170,000 relative relocations (DT_RELR, glibc 2.36) into a few pages,
// and lays out the functions a start runs together (scripts/startup-order.sh writes their list). The
// C++, unwinder and zlib libraries are linked statically: Sources/jasonrun/static-libraries holds linker
// scripts named like the shared ones that name the archives instead, because SwiftPM puts its own
// -lstdc++ first on the line; loading and binding libstdc++.so was half of `jasonrun --version`.
let startUpOrder = Context.packageDirectory + "/Sources/jasonrun/startup-order.txt"
let startUpLinking: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "--no-export-dynamic", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                  "-Xlinker", "--symbol-ordering-file=" + startUpOrder, "-Xlinker", "--no-warn-symbol-ordering",
                  // JavaScriptCore, opened later, binds to our clock_gettime (Sources/CThreadClock/ThreadClock.c).
                  "-Xlinker", "--export-dynamic-symbol=clock_gettime",
                  "-L" + Context.packageDirectory + "/Sources/jasonrun/static-libraries"],
                 .when(platforms: [.linux])),
]

// Linux only (Debian): JavaScriptCore comes from WebKitGTK, libedit is opened by soname, and the code
// reads glibc's stat fields. No platforms are claimed that are not built and tested.
let package = Package(
    name: "jasonrun",
    products: [
        .executable(name: "jasonrun", targets: ["jasonrun"]),
        .library(name: "JasonRuntime", targets: ["JasonRuntime"]),
        .library(name: "JasonActions", targets: ["JasonActions"]),
        .library(name: "JasonJSON", targets: ["JasonJSON"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
    ],
    targets: [
        .target(
            name: "JasonJSON",
            dependencies: [.product(name: "OrderedCollections", package: "swift-collections")]),
        // JavaScriptCore is opened with dlopen when an expression first needs it (CJavaScriptCore.h).
        .target(name: "CJavaScriptCore", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "JasonScript", dependencies: ["JasonJSON", "CJavaScriptCore"]),
        .target(name: "JasonTemplate", dependencies: ["JasonJSON", "JasonScript"]),
        .target(name: "JasonRuntime", dependencies: ["JasonJSON", "JasonScript", "JasonTemplate",
                                                   .product(name: "DequeModule", package: "swift-collections")]),
        .target(
            name: "JasonActions",
            dependencies: ["JasonRuntime", "JasonJSON", "JasonScript", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                           .product(name: "CSV", package: "CSV.swift")]),
        // libedit is opened with dlopen when the REPL starts on a terminal (CLibEdit.h).
        .target(name: "CLibEdit", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "JasonDebugger", dependencies: ["JasonRuntime", "JasonJSON", "JasonScript"]),
        .target(name: "JasonREPL", dependencies: ["JasonDebugger", "JasonRuntime", "JasonJSON", "JasonScript", "CLibEdit"]),
        .target(name: "JasonAnalysis", dependencies: ["JasonRuntime", "JasonJSON", "JasonTemplate", "JasonScript"]),
        .target(
            name: "JasonCLI",
            dependencies: [
                "JasonRuntime", "JasonActions", "JasonDebugger", "JasonREPL", "JasonEditor", "JasonAnalysis", "JasonScript",
                "JasonTesting", "JasonExplore", "JasonPreview", "JasonJSON", "JasonTemplate",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .target(name: "JasonTesting", dependencies: ["JasonRuntime", "JasonActions", "JasonJSON", "JasonScript"]),
        .target(name: "JasonExplore", dependencies: ["JasonRuntime", "JasonActions", "JasonJSON", "JasonScript"]),
        .target(name: "JasonEditor", dependencies: ["JasonRuntime", "JasonJSON", "JasonDebugger", "JasonREPL", "JasonAnalysis"]),
        .target(
            name: "JasonPreview",
            dependencies: [
                "JasonRuntime", "JasonActions", "JasonJSON", "JasonDebugger",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            resources: [.copy("Page")]),
        // The executable's clock_gettime, for JavaScriptCore's watchdog (ThreadClock.c); not for embedders.
        .target(name: "CThreadClock", linkerSettings: [.linkedLibrary("dl")]),
        .executableTarget(name: "jasonrun", dependencies: ["JasonCLI", "CThreadClock"], exclude: ["startup-order.txt", "static-libraries"],
                          linkerSettings: startUpLinking),
        .executableTarget(name: "CustomAction", dependencies: ["JasonActions", "JasonRuntime", "JasonJSON"],
                          path: "Examples/CustomAction", exclude: ["app.json", "expected.txt"]),
        .executableTarget(name: "Integration", dependencies: ["JasonActions", "JasonRuntime", "JasonJSON"],
                          path: "Examples/Integration", exclude: ["app.json", "expected.txt"]),
        .target(name: "TestSupport", dependencies: ["JasonRuntime"], path: "Tests/TestSupport"),
        .testTarget(name: "JasonJSONTests", dependencies: ["JasonJSON", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "JasonScriptTests", dependencies: ["JasonScript"]),
        .testTarget(name: "JasonTemplateTests", dependencies: ["JasonTemplate", "JasonScript", "TestSupport"]),
        .testTarget(name: "JasonRuntimeTests", dependencies: ["JasonRuntime", "JasonScript", "JasonActions", "TestSupport"]),
        .testTarget(
            name: "JasonActionsTests",
            dependencies: ["JasonActions", "JasonRuntime", "JasonJSON", "TestSupport",
                           .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                           .product(name: "NIOHTTP1", package: "swift-nio")]),
        .testTarget(
            name: "JasonPreviewTests",
            dependencies: [
                "JasonPreview", "JasonDebugger", "JasonRuntime", "JasonActions", "JasonJSON", "TestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "WSCore", package: "swift-websocket"),
            ]),
        .testTarget(name: "JasonEditorTests", dependencies: ["JasonEditor"]),
        .testTarget(name: "JasonDebuggerTests",
                    dependencies: ["JasonDebugger", "JasonREPL", "JasonEditor", "JasonPreview", "JasonRuntime", "JasonActions",
                                   "JasonJSON", "JasonScript", "TestSupport"]),
        .testTarget(name: "JasonAnalysisTests",
                    dependencies: ["JasonAnalysis", "JasonActions", "JasonRuntime", "JasonJSON", "TestSupport"]),
        .testTarget(name: "JasonExploreTests",
                    dependencies: ["JasonExplore", "JasonTesting", "JasonActions", "JasonRuntime", "JasonJSON", "TestSupport"]),
        .testTarget(name: "JasonTestingTests", dependencies: ["JasonTesting", "JasonActions", "JasonRuntime", "JasonJSON", "TestSupport"]),
        .target(name: "FuzzHarness", dependencies: ["JasonJSON", "JasonScript", "JasonTemplate", "JasonRuntime", "JasonActions"],
                path: "Fuzz/FuzzHarness"),
        .testTarget(name: "FuzzHarnessTests", dependencies: ["FuzzHarness", "TestSupport"]),
        .testTarget(name: "JasonCLITests", dependencies: ["JasonCLI", "JasonDebugger", "JasonREPL", "JasonRuntime", "JasonJSON", "TestSupport"],
                    exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)

// Fuzz targets (Docs/Fuzzing.md), only with JASONRUN_FUZZ=1, so the ordinary build and CI never see them;
// scripts/fuzz.sh builds them in .build-fuzz. Our own modules get AddressSanitizer and libFuzzer's coverage
// counters; libFuzzer comes without its main (JASONRUN_FUZZER_LIB), the targets call LLVMFuzzerRunDriver.
if Context.environment["JASONRUN_FUZZ"] == "1" {
    let instrumented = ["JasonJSON", "JasonScript", "JasonTemplate", "JasonRuntime", "JasonActions", "FuzzHarness"]
    let flags: [SwiftSetting] = [.unsafeFlags([
        "-sanitize=address", "-sanitize-coverage=edge,indirect-calls,trace-cmp,inline-8bit-counters,pc-table"])]
    for target in package.targets where instrumented.contains(target.name) {
        target.swiftSettings = (target.swiftSettings ?? []) + flags
    }
    let fuzzerLib = Context.environment["JASONRUN_FUZZER_LIB"]
        ?? "/opt/swift/usr/lib/clang/21/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a"
    let link: [LinkerSetting] = [.unsafeFlags(["-sanitize=address", "-Xlinker", fuzzerLib]), .linkedLibrary("stdc++")]
    package.targets += [
        .target(name: "CFuzzDriver", path: "Fuzz/CFuzzDriver"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzDriver"], path: "Fuzz/FuzzSupport"),
        .executableTarget(name: "FuzzJSON", dependencies: ["FuzzSupport", "FuzzHarness"], path: "Fuzz/FuzzJSON",
                          swiftSettings: flags, linkerSettings: link),
        .executableTarget(name: "FuzzTemplate", dependencies: ["FuzzSupport", "FuzzHarness"], path: "Fuzz/FuzzTemplate",
                          swiftSettings: flags, linkerSettings: link),
        .executableTarget(name: "FuzzInterpreter", dependencies: ["FuzzSupport", "FuzzHarness"], path: "Fuzz/FuzzInterpreter",
                          swiftSettings: flags, linkerSettings: link),
    ]
}
