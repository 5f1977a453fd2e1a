import StickerFiles
import StickerCatalog
import StickerImage
import StickerLint

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Images built in code for tests: deterministic pixels, encoded by the project's own encoders.
package enum Fixtures {
    /// A deterministic RGBA8 pattern: gradients in colour, and with `alpha` a transparent border, a
    /// half-transparent ring and an opaque centre.
    package static func pattern(width: Int, height: Int, seed: Int = 0, alpha: Bool = true) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                pixels[i] = UInt8((x * 255 / max(1, width - 1) + seed * 31) & 0xFF)
                pixels[i + 1] = UInt8((y * 255 / max(1, height - 1) + seed * 17) & 0xFF)
                pixels[i + 2] = UInt8(((x ^ y) * 7 + seed * 13) & 0xFF)
                var a = 255
                if alpha {
                    let edge = min(x, y, width - 1 - x, height - 1 - y)
                    a = edge == 0 ? 0 : (edge == 1 ? 128 : 255)
                }
                pixels[i + 3] = UInt8(a)
            }
        }
        return pixels
    }

    /// A PNG of `pattern`.
    package static func png(width: Int, height: Int, seed: Int = 0, alpha: Bool = true) -> [UInt8] {
        try! PNGEncoder.encode(rgba: pattern(width: width, height: height, seed: seed, alpha: alpha), width: width, height: height)
    }

    /// An APNG of `frames` full-canvas frames of `pattern`, 100 ms each, looping forever.
    package static func apng(width: Int, height: Int, frames: Int = 3) -> [UInt8] {
        let list = (0..<frames).map { seed in
            APNGEncoder.Frame(
                width: width, height: height, rgba: pattern(width: width, height: height, seed: seed),
                delay: FrameDelay(numerator: 1, denominator: 10))
        }
        return try! APNGEncoder.encode(width: width, height: height, frames: list, loopCount: 0)
    }

    /// A 4-colour palette: black, red, green, blue.
    package static let palette: [UInt8] = [0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255]

    /// Palette indexes 0–3 in a pattern.
    package static func indexes(width: Int, height: Int, seed: Int = 0) -> [UInt8] {
        (0..<(width * height)).map { UInt8(($0 + seed + $0 / max(1, width)) % 4) }
    }

    /// A GIF with `frames` full-screen frames of `indexes`, index 0 transparent, 10 cs each, each frame
    /// cleared to transparent after it shows (disposal 2), so every frame stands alone.
    package static func gif(width: Int, height: Int, frames: Int = 1, loopCount: Int? = nil, interlaced: Bool = false) -> [UInt8] {
        let list = (0..<frames).map { seed in
            GIFEncoder.Frame(
                width: width, height: height, indexes: indexes(width: width, height: height, seed: seed),
                delay: 10, disposal: 2, transparentIndex: 0, interlaced: interlaced)
        }
        return try! GIFEncoder.encode(width: width, height: height, palette: palette, frames: list, loopCount: loopCount)
    }

    /// A JPEG of the opaque `pattern`.
    package static func jpeg(
        width: Int, height: Int, quality: Int = 95, progressive: Bool = false,
        grey: Bool = false, subsampling: JPEGEncoder.Subsampling = .s420
    ) -> [UInt8] {
        try! JPEGEncoder.encode(
            rgba: pattern(width: width, height: height, alpha: false), width: width, height: height,
            quality: quality, grey: grey, progressive: progressive, subsampling: subsampling)
    }

    /// A PNG made of raw chunks: the signature, then each (type, data) with its length and CRC.
    package static func pngChunks(_ chunks: [(String, [UInt8])]) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        for (type, data) in chunks {
            out += be32(UInt32(data.count))
            let body = Array(type.utf8) + data
            out += body
            out += be32(CRC32.checksum(body))
        }
        return out
    }

    /// IHDR data for a size, bit depth and colour type.
    package static func ihdr(width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colorType: UInt8 = 6) -> [UInt8] {
        be32(width) + be32(height) + [bitDepth, colorType, 0, 0, 0]
    }

    package static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    package static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)] }
}

/// CRC-32 as PNG defines it, written independently of the code under test.
package enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    package static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}

/// A `ByteSource` that counts the bytes its users read.
package final class CountingByteSource: ByteSource {
    private let inner: MemoryByteSource
    package private(set) var bytesRead = 0
    package private(set) var reads = 0

    package init(_ bytes: [UInt8]) { inner = MemoryByteSource(bytes) }

    package var count: Int { inner.count }

    package func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(ImageError) -> Int {
        let n = try inner.read(at: offset, into: buffer)
        bytesRead += n
        reads += 1
        return n
    }
}

/// The shared conformance corpora, `../shared/conformance` beside the project.
package enum Conformance {
    /// The project root, found from this file's path.
    package static let projectRoot: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path
    }()

    package static let root = projectRoot + "/../shared/conformance"

    /// Whether the corpora are present (tests that need them are skipped with a message otherwise).
    package static var available: Bool { access(root + "/README.md", R_OK) == 0 }

    package static let skipMessage = "../shared/conformance is absent: conformance corpora not checked"

    /// File names in a corpus folder, sorted.
    package static func files(_ folder: String, suffix: String = "") -> [String] {
        guard let dir = opendir(root + "/" + folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix("."), name.hasSuffix(suffix) { names.append(name) }
        }
        return names.sorted()
    }

    /// A file of the project, as text.
    package static func readProjectFile(_ relative: String) throws -> String {
        String(decoding: try FileByteSource(path: projectRoot + "/" + relative).readAll(), as: UTF8.self)
    }

    /// A corpus file's bytes.
    package static func read(_ relative: String) throws -> [UInt8] {
        try FileByteSource(path: root + "/" + relative).readAll()
    }
}

extension Fixtures {
    /// Every image file under a folder on disk (by extension), depth first in name order.
    package static func images(under root: String) -> [String] {
        var found: [String] = []
        for name in DiskFileSystem().list(root) ?? [] {
            let path = root + "/" + name
            if DiskFileSystem().kind(path) == .directory {
                found += images(under: path)
            } else if FileKind.walkedExtensions.contains(PathText.fileExtension(name)) {
                found.append(path)
            }
        }
        return found
    }
}

/// Which sanitizer the tests were built with.
package enum Sanitizers {
    /// The ThreadSanitizer runtime is linked in.
    package static let thread: Bool = dlsym(defaultHandle, "__tsan_init") != nil

    /// RTLD_DEFAULT, which Swift does not import: ((void *)0) in glibc, ((void *)-2) on Darwin.
    static var defaultHandle: UnsafeMutableRawPointer? {
        #if canImport(Darwin)
        UnsafeMutableRawPointer(bitPattern: -2)
        #else
        UnsafeMutableRawPointer(bitPattern: 0)
        #endif
    }
}

/// Knuth's 64-bit linear congruential generator from a fixed seed: the same test data on every machine.
package struct SeededRandom {
    package private(set) var state: UInt64

    package init(state: UInt64) { self.state = state }

    /// The next state.
    package mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state
    }

    /// A byte of the next state, from bit `shift` up.
    package mutating func byte(shift: UInt64 = 33) -> UInt8 { UInt8(truncatingIfNeeded: next() >> shift) }
}
