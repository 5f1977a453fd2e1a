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

/// A corpus's expected.json; throws when it is missing or cannot be decoded.
private func loadExpectations(_ path: String) throws -> [String: Expected] {
    guard let data = FileManager.default.contents(atPath: path) else {
        throw ConformanceError.unreadable(path)
    }
    return try JSONDecoder().decode([String: Expected].self, from: data)
}

private enum ConformanceError: Error, CustomStringConvertible {
    case unreadable(String)
    var description: String {
        switch self {
        case .unreadable(let path): "cannot read \(path)"
        }
    }
}

// Test arguments must be known when the suite is built; an unreadable table yields no cases here, and
// `CorpusCountTests` then fails on the count (it loads each table again, with its error).
private let pngSuite = (try? loadExpectations(Conformance.root + "/pngsuite/expected.json")) ?? [:]
private let apngSuite = (try? loadExpectations(Conformance.root + "/apng/expected.json")) ?? [:]
private let referenceRoot = Conformance.projectRoot + "/Tests/Fixtures/reference"
private let gifReferences = (try? loadExpectations(referenceRoot + "/gif/expected.json")) ?? [:]
private let jpegReferences = (try? loadExpectations(referenceRoot + "/jpeg/expected.json")) ?? [:]

private let corpusMissing = Conformance.skipMessage

/// The corpora are all there, whole: a missing folder or an unreadable table fails here, never as zero cases.
@Suite("Conformance corpora", Requirement.trait(Conformance.available, corpusMissing))
struct CorpusCountTests {
    @Test("each corpus and table holds the documented number of cases")
    func counts() throws {
        try Requirement.require(Conformance.available, corpusMissing)
        let png = try loadExpectations(Conformance.root + "/pngsuite/expected.json")
        #expect(png.count == 175)
        #expect(png.keys.filter { $0.hasPrefix("x") }.count == 14)
        let apng = try loadExpectations(Conformance.root + "/apng/expected.json")
        #expect(apng.values.filter { $0.validAnimation == true }.count == 36)
        #expect(apng.values.filter { $0.validAnimation == false }.count == 18)
        #expect(Conformance.files("gif", suffix: ".gif").count == 5)
        #expect(Conformance.files("jpeg", suffix: ".jpeg").count == 25)
        #expect(Conformance.files("png-invalid", suffix: ".png").count == 5)
        #expect(Conformance.files("ios-cgbi", suffix: ".png").count == 32)
        // The committed references cover every GIF and every JPEG but the truncated one.
        #expect(try loadExpectations(referenceRoot + "/gif/expected.json").keys.sorted() == Conformance.files("gif", suffix: ".gif"))
        #expect(
            try loadExpectations(referenceRoot + "/jpeg/expected.json").keys.sorted()
                == Conformance.files("jpeg", suffix: ".jpeg").filter { !$0.contains(".truncated.") })
        // The tables the parameterised tests were built from are the same.
        #expect(pngSuite.count == png.count && apngSuite.count == apng.count)
    }
}

/// How far a JPEG sample may differ from Pillow's. Both decode with libjpeg-turbo's default (islow IDCT,
/// fancy upsampling), and every sample matched exactly when the references were made; a libjpeg build
/// that rounds differently would show here first.
private enum JPEGTolerance {
    static let channel = 0
}

/// Largest per-channel difference between two RGBA buffers of equal length.
private func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
    zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
}

@Suite("PngSuite", Requirement.trait(Conformance.available, corpusMissing))
struct PngSuiteTests {
    @Test(
        "every PngSuite file is accepted or rejected as expected, with reference pixels",
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

@Suite("APNG suite", Requirement.trait(Conformance.available, corpusMissing))
struct APNGSuiteTests {
    @Test(
        "valid animations: frame count, size and the final composited frame, exactly",
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

    @Test(
        "invalid animations give an animation-structure finding and keep the default image",
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

@Suite("GIF, JPEG, invalid PNG and CgBI corpora", Requirement.trait(Conformance.available, corpusMissing))
struct OtherCorporaTests {
    @Test("every GIF decodes to Pillow's pixels, frame by frame", arguments: gifReferences.keys.sorted())
    func gif(_ name: String) throws {
        let image = try ImageDecoder().decode(try Conformance.read("gif/\(name)"))
        #expect(image.header.format == .gif)
        #expect(image.frames.count == image.header.frameCount)
        try Self.compare(image, name: name, folder: "gif", table: gifReferences, tolerance: 0)
    }

    /// Compares every frame with the reference sheet (frames stacked top to bottom) made by Pillow.
    fileprivate static func compare(_ image: DecodedImage, name: String, folder: String, table: [String: Expected], tolerance: Int) throws {
        let expected = try #require(table[name])
        #expect(image.width == expected.width && image.height == expected.height)
        #expect(image.frames.count == expected.frames)
        let sheet = try ImageDecoder().decode(try FileByteSource(path: "\(referenceRoot)/\(folder)/\(name).png").readAll())
        let reference = try #require(sheet.frames.first).pixels
        let frameBytes = image.width * image.height * 4
        try #require(reference.count == frameBytes * image.frames.count)
        for (index, frame) in image.frames.enumerated() {
            let slice = Array(reference[(index * frameBytes)..<((index + 1) * frameBytes)])
            let difference = maxDifference(frame.pixels, slice)
            #expect(difference <= tolerance, "\(name) frame \(index): off by up to \(difference)")
        }
    }

    @Test("every JPEG decodes to Pillow's pixels", arguments: jpegReferences.keys.sorted())
    func jpeg(_ name: String) throws {
        let image = try ImageDecoder().decode(try Conformance.read("jpeg/\(name)"))
        #expect(image.header.format == .jpeg)
        #expect(image.frames.count == 1)
        #expect(image.frames[0].pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
        try Self.compare(image, name: name, folder: "jpeg", table: jpegReferences, tolerance: JPEGTolerance.channel)
    }

    @Test("the truncated progressive JPEG is unreadable")
    func truncatedJPEG() throws {
        let names = Conformance.files("jpeg", suffix: ".jpeg").filter { $0.contains(".truncated.") }
        #expect(names == ["video-001.progressive.truncated.jpeg"])
        for name in names {
            #expect(throws: ImageError.self) { try ImageDecoder().decode(try Conformance.read("jpeg/\(name)")) }
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
