// swift-tools-version:6.0
// stickerlint: a validator for iMessage sticker pack assets.
import PackageDescription

let package = Package(
    name: "stickerlint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "stickerlint", targets: ["stickerlint"]),
        .library(name: "StickerImage", targets: ["StickerImage"]),
        // `swift package stickerlint` and a build-tool plugin that checks a target's asset catalogs.
        .plugin(name: "StickerlintCommand", targets: ["StickerlintCommand"]),
        .plugin(name: "StickerlintBuildTool", targets: ["StickerlintBuildTool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The image libraries are vendored, unchanged, as C targets (scripts/vendor-c-libraries.sh; licences
        // beside the sources): libpng 1.6.58, giflib 5.2.1 and libjpeg-turbo 2.1.5 (SIMD off), the latter two
        // with Debian 12's patches. Until 0.x they were system libraries found through pkg-config, which works
        // only where a Makefile of ours runs first. SwiftPM, building this package as a dependency (Xcode,
        // `swift build` of a package that uses our plugins, mint), looks for .pc files in PKG_CONFIG_PATH, in
        // `$(brew --prefix)/opt/NAME/lib/pkgconfig` for a `.brew` provider, in `pkg-config --variable pc_path
        // pkg-config` and in /usr/local and /usr (swift-package-manager: Sources/PackageLoading/PkgConfig.swift,
        // PCFileFinder; Target+PkgConfig.swift, pkgConfigSearchPath): Xcode runs with neither brew nor
        // pkg-config on its PATH, Homebrew's giflib installs no .pc file at all (nor does Debian's libgif-dev),
        // and libpng16.pc's `Requires.private: zlib` fails the whole lookup when no zlib.pc is found, as on a
        // Mac without Homebrew's pkgconf. Release binaries need the libraries too: a macOS universal binary
        // cannot link Homebrew's one-architecture dylibs and the Static Linux SDK (musl) ships none of them.
        // One vendored path builds everywhere with nothing installed but zlib (in the macOS SDK; zlib1g-dev on
        // Linux), as Apple's swift-nio-ssl and swift-crypto vendor what the OS does not ship.
        .target(
            name: "CPNG",
            exclude: ["LICENSE", "VENDORED"],
            cSettings: [
                // Portable C filters everywhere (libpng's pngpriv.h would pick NEON/MSA/VSX/LSX code, which is
                // not vendored).
                .define("PNG_ARM_NEON_OPT", to: "0"),
                .define("PNG_MIPS_MSA_OPT", to: "0"),
                .define("PNG_MIPS_MMI_OPT", to: "0"),
                .define("PNG_POWERPC_VSX_OPT", to: "0"),
                .define("PNG_LOONGARCH_LSX_OPT", to: "0"),
                .define("PNG_RISCV_RVV_OPT", to: "0"),
                .define("PNG_INTEL_SSE_OPT", to: "0"),
            ],
            linkerSettings: [.linkedLibrary("z")]),
        .target(
            name: "CGIF",
            exclude: ["COPYING", "VENDORED"]),
        .target(
            name: "CJPEG",
            // Files that other files #include, several times over with different macros.
            exclude: ["LICENSE.md", "README.ijg", "VENDORED", "jccolext.c", "jdcolext.c", "jdcol565.c", "jdmrg565.c",
                      "jdmrgext.c", "jstdhuff.c"]),
        // libwebp 1.2.4's decoder and demuxer (BSD-3-Clause; Debian 12's patches, CVE-2023-4863 included),
        // vendored as the others are (Sources/CWebP/VENDORED): WebP art is read, never written.
        .target(
            name: "CWebP",
            exclude: ["COPYING", "PATENTS", "VENDORED", "src/enc"],
            cSettings: [.headerSearchPath(".")],
            linkerSettings: [.linkedLibrary("m")]),
        // libdeflate 1.25 (MIT, Eric Biggers; https://github.com/ebiggers/libdeflate, tag v1.25), vendored
        // unchanged (scripts/vendor-libdeflate.sh), compressor only (build/*.c): Debian 12 ships 1.14, whose strongest levels make PNG
        // image data 1–4% larger than 1.25's (Benchmarks/README.md), and `fix` promises files no larger than oxipng's.
        .target(
            name: "CDeflate",
            exclude: ["COPYING", "lib"]),
        // Every setjmp-guarded libpng/libjpeg call lives here, so that no longjmp crosses a Swift frame.
        .target(
            name: "CStickerCodecs",
            dependencies: ["CPNG", "CJPEG"],
            // -Wall -Wextra as errors come from a pragma in each .c file: an unsafe flag here would bar the
            // package as a dependency, and a command-line flag would reach the vendored C.
            linkerSettings: [.linkedLibrary("z"), .linkedLibrary("m")]),
        // System headers Swift's Glibc/Darwin modules lack (extended attributes, copyfile).
        .target(name: "CSystem"),
        // The bottom: one file-system protocol (disk and in-memory), paths, atomic writes, one FileError.
        .target(name: "StickerFiles", dependencies: ["CSystem"]),
        .target(name: "StickerImage", dependencies: ["StickerFiles", "CStickerCodecs", "CGIF", "CDeflate", "CWebP"]),
        .target(name: "StickerCatalog", dependencies: ["StickerFiles"]),
        .target(name: "StickerLint", dependencies: ["StickerFiles", "StickerImage", "StickerCatalog"]),
        .target(name: "StickerReport", dependencies: ["StickerFiles", "StickerImage", "StickerCatalog", "StickerLint"]),
        // Jobs beside checking: @2x/@1x variants.
        .target(name: "StickerVariants", dependencies: ["StickerFiles", "StickerImage", "StickerCatalog", "StickerLint"]),
        // `stickerlint fix`: lossless repairs, written atomically, checked again.
        .target(name: "StickerFix", dependencies: ["StickerFiles", "StickerImage", "StickerCatalog", "StickerLint", "StickerReport"]),
        .executableTarget(
            name: "stickerlint",
            dependencies: [
                "StickerFiles",
                "StickerImage",
                "StickerCatalog",
                "StickerLint",
                "StickerReport",
                "StickerVariants",
                "StickerFix",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // Plugins: both run the stickerlint executable built from this package.
        .plugin(
            name: "StickerlintCommand",
            capability: .command(intent: .custom(verb: "stickerlint", description: "Check sticker catalogs with stickerlint check")),
            dependencies: ["stickerlint"]),
        .plugin(name: "StickerlintBuildTool", capability: .buildTool(), dependencies: ["stickerlint"]),
        // The fuzz targets (not part of the product) and the libFuzzer binary (`make fuzz`) that runs them.
        .target(name: "StickerFuzzing", dependencies: ["StickerFiles", "StickerImage", "StickerCatalog", "StickerLint", "StickerReport"]),
        .executableTarget(name: "stickerfuzz", dependencies: ["StickerFuzzing", "StickerImage", "StickerLint"]),
        // Generates SamplePacks/ (`make samples`); its output is committed.
        .executableTarget(name: "samplepacks", dependencies: ["StickerFiles", "StickerImage", "StickerCatalog", "StickerLint"]),
        // Tests: one target per library target, fixture builders written once in Tests/Support.
        .target(name: "StickerTestSupport", dependencies: ["StickerFiles", "StickerImage", "StickerCatalog", "StickerLint"], path: "Tests/Support"),
        .testTarget(name: "StickerFilesTests", dependencies: ["StickerFiles"]),
        .testTarget(name: "StickerImageTests", dependencies: ["StickerFiles", "StickerImage", "StickerTestSupport"]),
        .testTarget(name: "StickerCatalogTests", dependencies: ["StickerFiles", "StickerCatalog", "StickerImage", "StickerLint", "StickerTestSupport"]),
        .testTarget(name: "StickerLintTests", dependencies: ["StickerFiles", "StickerLint", "StickerCatalog", "StickerImage", "StickerTestSupport"]),
        .testTarget(name: "StickerReportTests",
                    dependencies: ["StickerFiles", "StickerReport", "StickerLint", "StickerCatalog", "StickerImage", "StickerTestSupport"]),
        .testTarget(name: "StickerVariantsTests",
                    dependencies: ["StickerFiles", "StickerVariants", "StickerLint", "StickerCatalog", "StickerImage", "StickerTestSupport"]),
        .testTarget(name: "StickerFixTests",
                    dependencies: ["StickerFiles", "StickerFix", "StickerLint", "StickerCatalog", "StickerImage", "StickerTestSupport"]),
        .testTarget(name: "StickerFuzzingTests", dependencies: ["StickerFiles", "StickerFuzzing", "StickerCatalog", "StickerImage", "StickerTestSupport"]),
        // Runs the built `stickerlint` executable.
        .testTarget(name: "StickerCLITests",
                    dependencies: ["StickerFiles", "StickerLint", "StickerReport", "StickerCatalog", "StickerImage", "StickerTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
