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
        abstract: "Show each file's real format, size, frames and transparency, read from its content.",
        discussion: """
            What a file really is, from its bytes: format, size, frames, alpha, colour model. With --decode \
            every frame is decoded too, so corrupt pixel data is found. A TGS, WebM or Lottie JSON is read \
            from its container or document: its canvas, frames, frame rate and playing time.
            """)

    @Argument(help: "Image files to inspect.")
    var files: [String]

    @Flag(help: "Decode every frame, not only the header.")
    var decode = false

    func run() throws {
        let decoder = ImageDecoder()
        var failed = false
        // A path that is not there is a usage error (exit 2), as for every command.
        // A link to nothing is not there either (a FIFO or device is read, and said to be one).
        if let missing = files.first(where: { DiskFileSystem().targetKind($0) == .missing }) {
            Terminal.error(DiskFileSystem().absence(missing))
            throw ExitCode(2)
        }
        // A folder is a usage error too: inspect reads files (check walks folders).
        if let folder = files.first(where: { DiskFileSystem().targetKind($0) == .directory }) {
            Terminal.error("\(folder) is a folder: inspect takes image files (stickerlint check \(folder) checks what it holds)")
            throw ExitCode(2)
        }
        for path in files {
            do {
                let line = "\(path.displayed): " + (try decoder.inspection(of: try FileByteSource(path: path), decode: decode))
                try Terminal.print(line)
            } catch {
                failed = true
                try Terminal.print("\(path.displayed): \(String(describing: error).displayed)")
            }
        }
        if failed { throw ExitCode(1) }
    }
}
