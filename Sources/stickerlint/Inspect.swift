import ArgumentParser
import StickerFiles
import StickerImage

/// `stickerlint inspect FILE...`: what each file really is, from its content.
struct Inspect: ParsableCommand {
    /// Shown at the end of `--help`.
    static let examples = [
        "stickerlint inspect sticker.png",
        "stickerlint inspect --decode wave.png"
    ]

    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show each image's real format, size, frames and transparency, read from its content.",
        discussion: """
            What a file really is, from its bytes: format, size, frames, alpha, colour model. With --decode \
            every frame is decoded too, so corrupt pixel data is found.
            """)

    @Argument(help: "Image files to inspect.")
    var files: [String]

    @Flag(help: "Decode every frame, not only the header.")
    var decode = false

    func run() throws {
        let decoder = ImageDecoder()
        var failed = false
        // A path that is not there is a usage error (exit 2), as for every command.
        if let missing = files.first(where: { DiskFileSystem().kind($0) == .missing }) {
            Terminal.error("no such file or folder: \(missing)")
            throw ExitCode(2)
        }
        // A folder is a usage error too: inspect reads files (check walks folders).
        if let folder = files.first(where: { DiskFileSystem().targetKind($0) == .directory }) {
            Terminal.error("\(folder) is a folder: inspect takes image files (stickerlint check \(folder) checks what it holds)")
            throw ExitCode(2)
        }
        for path in files {
            do {
                let source = try FileByteSource(path: path)
                let header = try decoder.probe(source)
                var line = "\(path.displayed): \(header.format.displayName) \(header.width)×\(header.height)"
                line += ", \(header.frameCount) \(header.frameCount == 1 ? "frame" : "frames")"
                if let loops = header.loopCount { line += ", loops \(loops == 0 ? "forever" : String(loops))" }
                line += header.hasAlpha ? ", alpha" : ", no alpha"
                line += ", \(header.bitDepth)-bit \(header.colorModel.rawValue)"
                if header.interlaced { line += ", interlaced" }
                if let orientation = header.orientation { line += ", EXIF orientation \(orientation)" }
                if decode {
                    let summary = try decoder.decodeFrames(try source.readAll()) { _ in .next }
                    for issue in summary.animationIssues { line += "\n  animation: \(String(describing: issue).displayed)" }
                    line += summary.animationIssues.isEmpty ? ", decodes" : ""
                }
                try Terminal.print(line)
            } catch {
                failed = true
                try Terminal.print("\(path.displayed): \(String(describing: error).displayed)")
            }
        }
        if failed { throw ExitCode(1) }
    }
}
