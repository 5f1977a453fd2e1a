import Foundation
import StickerImage
import StickerTestSupport
import Testing

/// Expected facts from a corpus's expected.json.
private struct Expected: Decodable {
    var valid: Bool?
    var validAnimation: Bool?
    var width: Int?
    var height: Int?
    var hasAlpha: Bool?
    var colorType: Int?
    var bitDepth: Int?
    var interlaced: Bool?
    var rgba: String?
    var frames: Int?
    var finalFrame: String?
    var defaultImageIsFirstFrame: Bool?
}

private func expectations(_ folder: String) -> [String: Expected] {
    guard Conformance.available,
          let data = FileManager.default.contents(atPath: Conformance.root + "/\(folder)/expected.json"),
          let table = try? JSONDecoder().decode([String: Expected].self, from: data)
    else { return [:] }
    return table
}

private let pngSuite = expectations("pngsuite")
private let apngSuite = expectations("apng")

/// Largest per-channel difference between two RGBA buffers of equal length.
private func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
    zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
}

@Suite("PngSuite", .enabled(if: Conformance.available, Comment(rawValue: Conformance.skipMessage)))
struct PngSuiteTests {
    @Test("every PngSuite file is accepted or rejected as expected, with reference pixels",
          arguments: pngSuite.keys.sorted())
    func file(_ name: String) throws {
        let expected = try #require(pngSuite[name])
        let bytes = try Conformance.read("pngsuite/\(name)")
        let decoder = ImageDecoder()
        guard expected.valid == true else {
            #expect(throws: ImageError.self) { try decoder.decode(bytes) }
            return
        }
        let header = try decoder.probe(bytes)
        #expect(header.width == expected.width)
        #expect(header.height == expected.height)
        #expect(header.hasAlpha == expected.hasAlpha)
        #expect(header.colorModel.pngColorType == expected.colorType)
        #expect(header.bitDepth == expected.bitDepth)
        #expect(header.interlaced == expected.interlaced)
        let image = try decoder.decode(bytes)
        #expect(image.frames.count == 1)
        let reference = try Conformance.read("pngsuite/\(try #require(expected.rgba))")
        let pixels = try #require(image.frames.first).pixels
        try #require(pixels.count == reference.count)
        // Exact for sources of up to 8 bits; ±1 where 16-bit samples were scaled to 8.
        #expect(maxDifference(pixels, reference) <= (expected.bitDepth == 16 ? 1 : 0))
    }

    @Test("the 14 corrupt x*.png files are all in the corpus")
    func corruptCount() {
        #expect(pngSuite.keys.filter { $0.hasPrefix("x") }.count == 14)
        #expect(pngSuite.filter { $0.key.hasPrefix("x") }.allSatisfy { $0.value.valid == false })
    }
}

@Suite("APNG suite", .enabled(if: Conformance.available, Comment(rawValue: Conformance.skipMessage)))
struct APNGSuiteTests {
    @Test("valid animations: frame count, size and the final composited frame, exactly",
          arguments: apngSuite.filter { $0.value.validAnimation == true }.keys.sorted())
    func valid(_ name: String) throws {
        let expected = try #require(apngSuite[name])
        let bytes = try Conformance.read("apng/\(name)")
        let decoder = ImageDecoder()
        let header = try decoder.probe(bytes)
        #expect(header.format == .apng)
        #expect(header.frameCount == expected.frames)
        #expect(header.width == expected.width)
        #expect(header.height == expected.height)
        let image = try decoder.decode(bytes)
        #expect(image.animationIssues.isEmpty)
        #expect(image.frames.count == expected.frames)
        let reference = try Conformance.read("apng/\(try #require(expected.finalFrame))")
        let last = try #require(image.frames.last).pixels
        try #require(last.count == reference.count)
        #expect(maxDifference(last, reference) == 0)
    }

    @Test("invalid animations give an animation-structure finding and keep the default image",
          arguments: apngSuite.filter { $0.value.validAnimation == false }.keys.sorted())
    func invalid(_ name: String) throws {
        let bytes = try Conformance.read("apng/\(name)")
        let decoder = ImageDecoder()
        let issues = try decoder.animationIssues(in: bytes)
        #expect(!issues.isEmpty)
        // The default image stays available whenever the file has one; a file with no IDAT at all
        // (num_frames 0 and no image) is also unreadable.
        let hasImageData = (try? decoder.probe(bytes)) != nil
        if hasImageData {
            let image = try decoder.decode(bytes)
            #expect(image.animationIssues == issues)
            #expect(image.frames.count == 1)
            #expect(image.frames[0].pixels.count == image.width * image.height * 4)
        } else {
            #expect(throws: ImageError.self) { try decoder.decode(bytes) }
        }
    }
}

@Suite("GIF, JPEG, invalid PNG and CgBI corpora", .enabled(if: Conformance.available, Comment(rawValue: Conformance.skipMessage)))
struct OtherCorporaTests {
    @Test("every GIF decodes", arguments: Conformance.files("gif", suffix: ".gif"))
    func gif(_ name: String) throws {
        let image = try ImageDecoder().decode(try Conformance.read("gif/\(name)"))
        #expect(image.header.format == .gif)
        #expect(image.frames.count == image.header.frameCount)
    }

    @Test("every JPEG decodes except the truncated one", arguments: Conformance.files("jpeg", suffix: ".jpeg"))
    func jpeg(_ name: String) throws {
        let bytes = try Conformance.read("jpeg/\(name)")
        if name.contains(".truncated.") {
            #expect(throws: ImageError.self) { try ImageDecoder().decode(bytes) }
        } else {
            let image = try ImageDecoder().decode(bytes)
            #expect(image.header.format == .jpeg)
            #expect(image.frames.count == 1)
            #expect(image.frames[0].pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
        }
    }

    @Test("every invalid PNG is unreadable", arguments: Conformance.files("png-invalid", suffix: ".png"))
    func invalidPNG(_ name: String) throws {
        let bytes = try Conformance.read("png-invalid/\(name)")
        #expect(throws: ImageError.self) { try ImageDecoder().decode(bytes) }
    }

    @Test("all 32 CgBI files fail with a message that names CgBI")
    func cgbi() throws {
        let names = Conformance.files("ios-cgbi", suffix: ".png")
        #expect(names.count == 32)
        for name in names {
            let bytes = try Conformance.read("ios-cgbi/\(name)")
            #expect(Sniffer.kind(prefix: Array(bytes.prefix(32))) == .cgbiPNG)
            do {
                _ = try ImageDecoder().decode(bytes)
                Issue.record("\(name) decoded")
            } catch {
                #expect(error == .cgbi)
                #expect(error.description.contains("CgBI"))
            }
        }
    }
}
