// swift-tools-version:6.1
// stickerlint: a validator for iMessage sticker pack assets.
import PackageDescription

// libjpeg-turbo's C files that are only #included (by wrapper/ and by one another), never compiled alone.
let jpegIncludedFiles = [
    "jcapistd", "jccoefct", "jccolext", "jccolor", "jcdctmgr", "jcdiffct", "jclossls", "jcmainct", "jcprepct", "jcsample",
    "jdapistd", "jdcoefct", "jdcol565", "jdcolext", "jdcolor", "jddctmgr", "jddiffct", "jdlossls", "jdmainct", "jdmerge",
    "jdmrg565", "jdmrgext", "jdpostct", "jdsample", "jfdctfst", "jfdctint", "jidctflt", "jidctfst", "jidctint", "jidctred",
    "jquant1", "jquant2", "jstdhuff", "jutils"
].map { "\($0).c" }

/// The tests of a target whose output is checked: the target itself, the checker and the fixture builders.
func checkedTests(of target: String) -> Target {
    .testTarget(
        name: target + "Tests",
        dependencies: [.byName(name: target), "StickerFiles", "StickerLint", "StickerCatalog", "StickerImage", "StickerTestSupport"])
}

let package = Package(
    name: "stickerlint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "stickerlint", targets: ["stickerlint"]),
        .library(name: "StickerImage", targets: ["StickerImage"]),
        // The lint API: Linter, Configuration, LintResult, Diagnostic, RuleRegistry (Sources/StickerLint/StickerLint.docc).
        .library(name: "StickerLint", targets: ["StickerLint"]),
        // `swift package stickerlint` and a build-tool plugin that checks a target's asset catalogs.
        .plugin(name: "StickerlintCommand", targets: ["StickerlintCommand"]),
        .plugin(name: "StickerlintBuildTool", targets: ["StickerlintBuildTool"])
    ],
    // Two routes to the image libraries, one at a time (a guard in StickerImage refuses both or neither):
    traits: [
        .trait(
            name: "VendoredCodecs",
            description: "libpng, giflib, libjpeg-turbo and libwebp built from the copies in Sources/: nothing to install (the default)"),
        .trait(
            name: "SystemCodecs",
            description:
                "the system's libpng, giflib, libjpeg and libwebp (libpng-dev, libgif-dev, libjpeg-dev, libwebp-dev): what make builds on Linux"),
        .trait(
            name: "VideoStickers",
            description:
                "VP9 video stickers (Telegram's WebM) through the system's libvpx (libvpx-dev, Homebrew libvpx): what make builds "
                + "where libvpx is installed; without it pack says so and leaves animations out for Telegram"),
        .default(enabledTraits: ["VendoredCodecs"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        // The image libraries, two ways. VendoredCodecs (the default) builds the copies in Sources/ (versions,
        // sources and patches in each VENDORED file): a package that depends on stickerlint is built by SwiftPM
        // alone, where no Makefile installs anything and Homebrew's prefix is on no search path, and release
        // binaries cannot link Homebrew's one-architecture libraries (docs/vendoring.md). SystemCodecs links
        // the system's libraries, which distributions patch: `make` builds it on Debian and Ubuntu. Module
        // names carry the project's prefix, so that no other package's CPNG can collide with ours.
        .target(
            name: "StickerlintCPNG",
            path: "Sources/CPNG",
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
                .define("PNG_INTEL_SSE_OPT", to: "0")
            ],
            linkerSettings: [.linkedLibrary("z")]),
        .target(
            name: "StickerlintCGIF",
            path: "Sources/CGIF",
            exclude: ["COPYING", "VENDORED"]),
        .target(
            name: "StickerlintCJPEG",
            path: "Sources/CJPEG",
            // Files that other files #include: wrapper/ compiles most of them once per sample size (8, 12, 16 bits).
            exclude: ["LICENSE.md", "README.ijg", "VENDORED"] + jpegIncludedFiles),
        .target(
            name: "StickerlintCWebP",
            path: "Sources/CWebP",
            exclude: ["COPYING", "PATENTS", "VENDORED"],
            cSettings: [.headerSearchPath(".")],
            linkerSettings: [.linkedLibrary("m")]),
        .systemLibrary(
            name: "StickerlintSystemPNG", path: "Sources/SystemPNG", pkgConfig: "libpng16",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(
            name: "StickerlintSystemJPEG", path: "Sources/SystemJPEG", pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]),
        // giflib installs no .pc file: its module map links libgif by name.
        .systemLibrary(name: "StickerlintSystemGIF", path: "Sources/SystemGIF", providers: [.apt(["libgif-dev"]), .brew(["giflib"])]),
        .systemLibrary(
            name: "StickerlintSystemWebP", path: "Sources/SystemWebP", pkgConfig: "libwebpdemux",
            providers: [.apt(["libwebp-dev"]), .brew(["webp"])]),
        // libvpx, VP9's reference encoder and decoder, from the system only (docs/vendoring.md): the VideoStickers trait.
        .systemLibrary(
            name: "StickerlintSystemVPX", path: "Sources/SystemVPX", pkgConfig: "vpx", providers: [.apt(["libvpx-dev"]), .brew(["libvpx"])]),
        // libvpx's macros and ABI versions stay in C: plain functions for Swift (compiled empty without libvpx's headers).
        .target(
            name: "CStickerVideo",
            dependencies: [.target(name: "StickerlintSystemVPX", condition: .when(traits: ["VideoStickers"]))]),
        // libdeflate stays vendored on both routes: `fix` needs 1.25's strongest levels (Debian 12 ships 1.14).
        .target(
            name: "StickerlintCDeflate",
            path: "Sources/CDeflate",
            exclude: ["COPYING", "VENDORED", "lib"]),
        // rlottie (MIT, C++) renders TGS and Lottie frames; Swift calls its C API (include/module.modulemap).
        // Vendored on both routes: Debian 12's librlottie is 0.1, under LGPL-2.1+, and without the safety
        // limits for hostile files that later commits add.
        .target(
            name: "StickerlintCRLottie",
            path: "Sources/CRLottie",
            exclude: ["COPYING", "VENDORED", "licenses"],
            cxxSettings: [
                .headerSearchPath("."), .headerSearchPath("include"), .headerSearchPath("src/vector"),
                .headerSearchPath("src/vector/freetype"), .headerSearchPath("src/vector/stb"), .headerSearchPath("src/lottie")
            ],
            linkerSettings: [.linkedLibrary("pthread", .when(platforms: [.linux]))]),
        // Every setjmp-guarded libpng/libjpeg call lives here, so that no longjmp crosses a Swift frame.
        .target(
            name: "CStickerCodecs",
            dependencies: [
                .target(name: "StickerlintCPNG", condition: .when(traits: ["VendoredCodecs"])),
                .target(name: "StickerlintCJPEG", condition: .when(traits: ["VendoredCodecs"])),
                .target(name: "StickerlintSystemPNG", condition: .when(traits: ["SystemCodecs"])),
                .target(name: "StickerlintSystemJPEG", condition: .when(traits: ["SystemCodecs"]))
            ],
            // -Wall -Wextra as errors come from a pragma in each .c file: an unsafe flag here would bar the
            // package as a dependency, and a command-line flag would reach the vendored C.
            linkerSettings: [.linkedLibrary("z"), .linkedLibrary("m")]),
        // System headers Swift's Glibc/Darwin modules lack (extended attributes, copyfile).
        .target(name: "CSystem"),
        // The bottom: one file-system protocol (disk and in-memory), paths, atomic writes, one FileError.
        .target(name: "StickerFiles", dependencies: ["CSystem"]),
        .target(
            name: "StickerImage",
            dependencies: [
                "StickerFiles", "CStickerCodecs", "StickerlintCDeflate", "StickerlintCRLottie",
                .target(name: "CStickerVideo", condition: .when(traits: ["VideoStickers"])),
                .target(name: "StickerlintCGIF", condition: .when(traits: ["VendoredCodecs"])),
                .target(name: "StickerlintCWebP", condition: .when(traits: ["VendoredCodecs"])),
                .target(name: "StickerlintSystemGIF", condition: .when(traits: ["SystemCodecs"])),
                .target(name: "StickerlintSystemWebP", condition: .when(traits: ["SystemCodecs"]))
            ]),
        .target(name: "StickerCatalog", dependencies: ["StickerFiles"]),
        // The engine: linter, configuration, facts, the fact cache, the stores and the examples' drawing. It
        // knows no rule: StickerLint, over it, holds the rules and hands their registry down.
        .target(name: "StickerLintEngine", dependencies: ["StickerFiles", "StickerImage", "StickerCatalog"]),
        // The rules, one a file, with their examples and corrections, and the public lint API (it re-exports the engine).
        .target(name: "StickerLint", dependencies: ["StickerFiles", "StickerImage", "StickerCatalog", "StickerLintEngine"]),
        .target(name: "StickerReport", dependencies: ["StickerFiles", "StickerImage", "StickerCatalog", "StickerLint"]),
        // Jobs beside checking: @2x/@1x variants.
        .target(name: "StickerVariants", dependencies: ["StickerFiles", "StickerImage", "StickerCatalog", "StickerLint"]),
        // `stickerlint fix`: lossless repairs, written atomically, checked again.
        .target(name: "StickerFix", dependencies: ["StickerFiles", "StickerImage", "StickerCatalog", "StickerLint"]),
        // `stickerlint pack`: loose art made into a sticker pack, staged and placed whole.
        .target(name: "StickerPack", dependencies: ["StickerFiles", "StickerImage", "StickerCatalog", "StickerLint"]),
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
                "StickerPack",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]),
        // Plugins: both run the stickerlint executable built from this package.
        .plugin(
            name: "StickerlintCommand",
            capability: .command(intent: .custom(verb: "stickerlint", description: "Check sticker catalogs with stickerlint check")),
            dependencies: ["stickerlint"]),
        .plugin(name: "StickerlintBuildTool", capability: .buildTool(), dependencies: ["stickerlint"]),
        // The fuzz targets (not part of the product) and the libFuzzer binary (`make fuzz`) that runs them.
        .target(
            name: "StickerFuzzing",
            dependencies: ["StickerFiles", "StickerImage", "StickerCatalog", "StickerLint", "StickerReport", "StickerTestSupport"]),
        .executableTarget(name: "stickerfuzz", dependencies: ["StickerFuzzing", "StickerImage", "StickerLint"]),
        // Generates SamplePacks/ (`make samples`); its output is committed.
        .executableTarget(
            name: "samplepacks", dependencies: ["StickerFiles", "StickerImage", "StickerCatalog", "StickerLint", "StickerTestSupport"],
            path: "Tests/SamplePackMaker"),
        // Tests: one target per library target, fixture builders written once in Tests/Support.
        .target(name: "StickerTestSupport", dependencies: ["StickerFiles", "StickerImage", "StickerCatalog", "StickerLint"], path: "Tests/Support"),
        .testTarget(name: "StickerFilesTests", dependencies: ["StickerFiles"]),
        .testTarget(name: "StickerImageTests", dependencies: ["StickerFiles", "StickerImage", "StickerTestSupport"]),
        .testTarget(
            name: "StickerCatalogTests", dependencies: ["StickerFiles", "StickerCatalog", "StickerImage", "StickerLint", "StickerTestSupport"]),
        .testTarget(
            name: "StickerLintTests",
            dependencies: ["StickerFiles", "StickerLint", "StickerLintEngine", "StickerCatalog", "StickerImage", "StickerTestSupport"]),
        checkedTests(of: "StickerReport"),
        checkedTests(of: "StickerVariants"),
        checkedTests(of: "StickerFix"),
        checkedTests(of: "StickerPack"),
        .testTarget(
            name: "StickerFuzzingTests", dependencies: ["StickerFiles", "StickerFuzzing", "StickerCatalog", "StickerImage", "StickerTestSupport"]),
        // The stores' own validators transcribed (file and line), judging the edge corpus and `pack --for` output.
        .testTarget(name: "StoreValidatorTests", dependencies: ["StickerFiles", "StickerLint", "StickerImage", "StickerTestSupport"]),
        // Runs the built `stickerlint` executable.
        .testTarget(
            name: "StickerCLITests",
            dependencies: [
                "StickerFiles", "StickerLint", "StickerReport", "StickerPack", "StickerCatalog", "StickerImage", "StickerFix", "StickerVariants",
                "StickerFuzzing", "StickerTestSupport", "stickerlint",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ])
    ],
    swiftLanguageModes: [.v6]
)
