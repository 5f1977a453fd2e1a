// swift-tools-version:6.0
// stickerlint: a validator for iMessage sticker pack assets.
import PackageDescription

let package = Package(
    name: "stickerlint",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "stickerlint", targets: ["stickerlint"]),
        .library(name: "StickerImage", targets: ["StickerImage"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // System libraries: headers and link flags come from pkg-config; the providers name the
        // packages that `make deps` installs when they are missing.
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng16",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(
            name: "CGIF", pkgConfig: "libgif",
            providers: [.apt(["libgif-dev"]), .brew(["giflib"])]),
        .systemLibrary(
            name: "CJPEG", pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]),
        // Every setjmp-guarded libpng/libjpeg call lives here, so that no longjmp crosses a Swift frame.
        .target(
            name: "CStickerCodecs",
            dependencies: ["CPNG", "CJPEG"],
            cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])],
            linkerSettings: [.linkedLibrary("z"), .linkedLibrary("m")]),
        .target(name: "StickerImage", dependencies: ["CStickerCodecs", "CGIF"]),
        .target(name: "StickerCatalog", dependencies: ["StickerImage"]),
        .target(name: "StickerLint", dependencies: ["StickerCatalog", .product(name: "Yams", package: "Yams")]),
        .target(name: "StickerReport", dependencies: ["StickerLint"]),
        .executableTarget(
            name: "stickerlint",
            dependencies: [
                "StickerReport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // libFuzzer binary (`make fuzz`) and corpus replayer.
        .executableTarget(name: "stickerfuzz", dependencies: ["StickerLint"]),
        // Generates SamplePacks/ (`make samples`); its output is committed.
        .executableTarget(name: "samplepacks", dependencies: ["StickerLint"]),
        .target(name: "StickerTestSupport", dependencies: ["StickerReport"], path: "Tests/Support"),
        .testTarget(name: "StickerImageTests", dependencies: ["StickerImage", "StickerTestSupport"]),
        .testTarget(name: "StickerCatalogTests", dependencies: ["StickerCatalog", "StickerTestSupport"]),
        .testTarget(name: "StickerLintTests", dependencies: ["StickerLint", "StickerReport", "StickerTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
