#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import StickerImage
import StickerLint
import StickerTestSupport
import Testing
import StickerFiles

/// Every writer keeps what it does not mean to change: modes, read-only files, links, hard links and
/// extended attributes; new files respect the umask and are never written through a planted link; the
/// cache is private. Checked on disk, every file of the tree (and one outside it) compared before and after.
@Suite("writers keep modes, links and attributes")
struct SafeWriteTests {
    /// What a writer could change about one path.
    struct State: Equatable, CustomStringConvertible {
        var bytes: [UInt8]
        var mode: mode_t
        var isLink: Bool
        var linkTarget: String?
        var links: Int
        var attribute: String?
        var description: String {
            "\(bytes.count) bytes, mode \(String(mode, radix: 8)), \(isLink ? "link to \(linkTarget ?? "?")" : "\(links) link(s)"), attribute \(attribute ?? "none")"
        }
    }

    static let attributeName = "user.stickerlint-test"

    /// The device number of /dev/null (1, 3), as makedev(3) packs it (a macro Swift does not import).
    #if os(Linux)
    static let nullDevice = dev_t((1 << 8) | 3)
    #else
    static let nullDevice = dev_t((1 << 24) | 3)
    #endif

    static func attribute(_ path: String) -> String? {
        ExtendedAttribute.get(path, attributeName).map { String(decoding: $0, as: UTF8.self) }
    }

    static func setAttribute(_ path: String, _ value: String) -> Bool { ExtendedAttribute.set(path, attributeName, Array(value.utf8)) }

    static func state(_ path: String) -> State? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        let isLink = info.st_mode & S_IFMT == S_IFLNK
        let bytes = (try? DiskFileSystem().read(path)) ?? []
        return State(
            bytes: bytes, mode: info.st_mode & 0o7777, isLink: isLink, linkTarget: isLink ? DiskFileSystem().linkTarget(path) : nil,
            links: Int(info.st_nlink), attribute: isLink ? nil : attribute(path))
    }

    /// Every path under `root` (links not followed) and its state.
    static func snapshot(_ root: String) -> [String: State] {
        var out: [String: State] = [:]
        func walk(_ path: String) {
            if DiskFileSystem().kind(path) == .directory {
                for name in DiskFileSystem().list(path) ?? [] { walk(path + "/" + name) }
            } else if let state = state(path) {
                out[String(path.dropFirst(root.count))] = state
            }
        }
        walk(root)
        return out
    }

    @Test("an APNG of frames all alike that passes still passes after fix and as variants: two frames are kept, never one (animated-format)")
    func framesAllAlikeStayAnimated() throws {
        let scratch = Scratch()
        try scratch.write("art/blink.png", ExampleContent.apngRepeated(side: 408, frames: 3).bytes())
        #expect(try CLI.run(["check", "--no-cache", scratch.at("art")]).0 == 0)
        let fixed = try CLI.run(["fix", "--no-cache", scratch.at("art")])
        #expect(fixed.0 == 0 && !fixed.1.contains("animated-format"), "\(fixed)")
        let variants = try CLI.run(["variants", scratch.at("art")])
        #expect(variants.0 == 0, "\(variants)")
        for name in ["blink.png", "blink@2x.png", "blink@1x.png"] {
            let image = try ImageDecoder().decode(try DiskFileSystem().read(scratch.at("art/" + name)))
            #expect(image.frames.count == 2 && image.frames.map(\.delay.milliseconds) == [100, 200], "\(name)")
        }
        let after = try CLI.run(["check", "--no-cache", "--strict", scratch.at("art/blink.png")])
        #expect(after.0 == 0, "\(after)")
    }

    @Test(
        "fix's conversions (GIF and WebP to PNG) keep the source's mode and attributes and leave read-only files, links and hard links alone; a link is never renamed; a read-only Contents.json's repairs are not reported as made"
    )
    func conversionsKeepMetadata() throws {
        let scratch = Scratch()
        let gif = try ExampleContent.gif(side: 408, frames: 3).bytes()
        for name in ["private.gif", "readonly.gif", "hard.gif", "target.gif", "tagged.gif"] { try scratch.write("tree/" + name, gif) }
        try scratch.write("tree/photo.webp", try DiskFileSystem().read(Conformance.projectRoot + "/Tests/Fixtures/webp/still-lossless-alpha.webp"))
        try scratch.write("tree/real.apng", try ExampleContent.apng(side: 408, frames: 2).bytes())
        chmod(scratch.at("tree/private.gif"), 0o600)
        chmod(scratch.at("tree/photo.webp"), 0o640)
        chmod(scratch.at("tree/readonly.gif"), 0o444)
        try scratch.write("outside/.keep", [])
        #expect(link(scratch.at("tree/hard.gif"), scratch.at("outside/twin.gif")) == 0)
        #expect(symlink("target.gif", scratch.at("tree/link.gif")) == 0)
        #expect(symlink("real.apng", scratch.at("tree/link.apng")) == 0)
        let tagged = Self.setAttribute(scratch.at("tree/tagged.gif"), "keep me")
        try Requirement.require(tagged || !Requirement.isCI, "a file system with user extended attributes")
        let before = Self.snapshot(scratch.path)
        let (status, out, err) = try CLI.run(["fix", "--convert-gif", scratch.at("tree")])
        #expect(status == 0 || status == 1, "\(out)\(err)")
        let after = Self.snapshot(scratch.path)
        func converted(_ old: String, _ new: String, mode: mode_t) {
            #expect(after[old] == nil && after[new]?.mode == mode && after[new]?.links == 1, "\(old) → \(new): \(String(describing: after[new]))")
        }
        converted("/tree/private.gif", "/tree/private.png", mode: 0o600)
        converted("/tree/photo.webp", "/tree/photo.png", mode: 0o640)
        if tagged { #expect(after["/tree/tagged.png"]?.attribute == "keep me", "\(String(describing: after["/tree/tagged.png"]))") }
        for path in ["/tree/readonly.gif", "/tree/hard.gif", "/outside/twin.gif"] {
            #expect(after[path] == before[path], "\(path): \(String(describing: before[path])) → \(String(describing: after[path]))")
        }
        // The GIF a link leads to keeps its name and mode (recompressed in place without loss, as fix rewrites
        // through a link: its colour table cut to the colours used), and the link still leads to it.
        #expect(after["/tree/link.gif"]?.linkTarget == "target.gif" && after["/tree/link.gif"]?.bytes == after["/tree/target.gif"]?.bytes)
        #expect(after["/tree/target.gif"]?.mode == before["/tree/target.gif"]?.mode)
        let shownBefore = try ImageDecoder().decode(gif),
            shownAfter = try ImageDecoder().decode(try DiskFileSystem().read(scratch.at("tree/target.gif")))
        #expect(
            shownBefore.frames.map(\.pixels) == shownAfter.frames.map(\.pixels) && shownBefore.frames.map(\.delay) == shownAfter.frames.map(\.delay))
        #expect(after["/tree/readonly.png"] == nil && after["/tree/hard.png"] == nil && after["/tree/link.png"] == nil)
        // The APNG a link leads to keeps its name (recompressed in place, as fix rewrites through a link), and the
        // link still leads to it.
        #expect(after["/tree/link.apng"]?.linkTarget == "real.apng" && after["/tree/link.apng"]?.bytes == after["/tree/real.apng"]?.bytes)
        #expect(after["/tree/real.png"] == nil && after["/tree/link.png"] == nil)
        #expect(out.contains("readonly.gif\n  kept: not converted: read-only: left as it is"), "\(out)")
        #expect(out.contains("hard.gif\n  kept: not converted: 2 hard links: left as it is"), "\(out)")
        #expect(out.contains("link.gif\n  kept: not converted: a symbolic link: left as it is"), "\(out)")
        #expect(out.contains("link.apng\n  kept: not renamed: a symbolic link: left as it is"), "\(out)")
        // What a link among the paths leads to keeps its name: the link still leads to it.
        #expect(out.contains("target.gif\n  kept: not converted: a symbolic link leads to it: left as it is"), "\(out)")
        #expect(out.contains("real.apng\n  kept: not renamed: a symbolic link leads to it: left as it is"), "\(out)")

        // A sequence's misspelt key in a read-only Contents.json: not written, so not reported as repaired.
        let sequence = "Cat.xcstickers/Pack.stickerpack/Flip.stickersequence"
        try scratch.write("Cat.xcstickers/Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
        try scratch.write(
            "Cat.xcstickers/Pack.stickerpack/Contents.json", #"{"info":{"author":"xcode","version":1},"properties":{"grid-size":"regular"}}"#)
        try scratch.write(
            sequence + "/Contents.json",
            #"{"frames":[{"filename":"a.png"}],"info":{"author":"xcode","version":1},"properties":{"duration":15,"duration-type":"fps","repetions":0}}"#
        )
        try scratch.write(sequence + "/a.png", ExampleContent.png(width: 408, height: 408).bytes())
        chmod(scratch.at(sequence + "/Contents.json"), 0o444)
        let (_, json, _) = try CLI.run(["fix", "--format", "json", scratch.at("Cat.xcstickers")])
        #expect(!json.contains("repetitions\""), "\(json)")
        #expect(json.contains("read-only"), "\(json)")
    }

    @Test("fix keeps modes, leaves read-only files, links and hard links alone, fixes a link inside through its target, keeps attributes")
    func fixKeepsMetadata() throws {
        let scratch = Scratch()
        func sticker(_ seed: Int) -> [UInt8] { ExampleContent.png(width: 618, height: 618, style: .sticker, seed: seed).bytes() }
        for (name, seed) in [("private.png", 1), ("group.png", 2), ("readonly.png", 3), ("target.png", 4), ("hard.png", 5), ("tagged.png", 6)] {
            try scratch.write("tree/" + name, sticker(seed))
        }
        try scratch.write("outside/elsewhere.png", sticker(7))
        chmod(scratch.at("tree/private.png"), 0o600)
        chmod(scratch.at("tree/group.png"), 0o664)
        chmod(scratch.at("tree/readonly.png"), 0o444)
        #expect(symlink("target.png", scratch.at("tree/link-inside.png")) == 0)
        #expect(symlink("../outside/elsewhere.png", scratch.at("tree/link-outside.png")) == 0)
        #expect(link(scratch.at("tree/hard.png"), scratch.at("outside/hard-twin.png")) == 0)
        let tagged = Self.setAttribute(scratch.at("tree/tagged.png"), "keep me")
        try Requirement.require(tagged || !Requirement.isCI, "a file system with user extended attributes")
        let before = Self.snapshot(scratch.path)

        let (status, out, err) = try CLI.run(["fix", scratch.at("tree")])
        #expect(status == 0 || status == 1, "\(err)")
        let after = Self.snapshot(scratch.path)
        #expect(Set(after.keys) == Set(before.keys), "no file added or removed (no temporary file left)")

        func rewritten(_ path: String) {
            guard let old = before[path], let new = after[path] else { Issue.record("\(path) missing"); return }
            #expect(new.bytes.count < old.bytes.count, "\(path) was not rewritten")
            #expect(
                new.mode == old.mode && new.links == old.links && new.isLink == old.isLink && new.attribute == old.attribute,
                "\(path): \(old) → \(new)")
        }
        func untouched(_ path: String) { #expect(after[path] == before[path], "\(path) changed: \(before[path]!) → \(after[path]!)") }
        rewritten("/tree/private.png")
        rewritten("/tree/group.png")
        rewritten("/tree/target.png")
        if tagged { rewritten("/tree/tagged.png"); #expect(after["/tree/tagged.png"]?.attribute == "keep me") }
        untouched("/tree/readonly.png")
        untouched("/tree/hard.png")
        untouched("/outside/hard-twin.png")
        untouched("/tree/link-outside.png")
        untouched("/outside/elsewhere.png")
        // The link inside is still the same link, and shows its fixed target.
        #expect(after["/tree/link-inside.png"]?.isLink == true && after["/tree/link-inside.png"]?.linkTarget == "target.png")
        #expect(after["/tree/link-inside.png"]?.bytes == after["/tree/target.png"]?.bytes)
        // What was left alone is said, with why.
        #expect(out.contains("readonly.png\n  kept: read-only: left as it is"), "\(out)")
        #expect(out.contains("hard.png\n  kept: 2 hard links: left as it is"), "\(out)")
        // A link out of its folder is a path-escape, as in a catalog: never read, so never a candidate for fixing.
        #expect(
            out.contains(
                "link-outside.png\n  error    filename \"link-outside.png\" is a symbolic link to \"\(scratch.at("outside/elsewhere.png"))\", outside its folder; it was not read  [path-escape]"
            ), "\(out)")
        // The target is rewritten once, not once per name.
        #expect(out.components(separatedBy: "target.png\n  rewritten").count == 2, "\(out)")
    }

    @Test("fix --out gives every copy its original's mode and extended attributes (folders too), and fixes them as fix does in place")
    func fixOutKeepsMetadata() throws {
        let scratch = Scratch()
        func sticker(_ seed: Int) -> [UInt8] { ExampleContent.png(width: 618, height: 618, style: .sticker, seed: seed).bytes() }
        for (name, seed) in [("private.png", 1), ("group.png", 2), ("readonly.png", 3), ("tagged.png", 4), ("inner/deep.png", 5)] {
            try scratch.write("tree/" + name, sticker(seed))
        }
        chmod(scratch.at("tree/private.png"), 0o600)
        chmod(scratch.at("tree/group.png"), 0o664)
        chmod(scratch.at("tree/readonly.png"), 0o444)
        chmod(scratch.at("tree/inner/deep.png"), 0o640)
        chmod(scratch.at("tree/inner"), 0o750)
        chmod(scratch.at("tree"), 0o711)
        #expect(symlink("group.png", scratch.at("tree/link.png")) == 0)
        let tagged = Self.setAttribute(scratch.at("tree/tagged.png"), "keep me") && Self.setAttribute(scratch.at("tree/inner"), "folder")
        try Requirement.require(tagged || !Requirement.isCI, "a file system with user extended attributes")
        let before = Self.snapshot(scratch.at("tree"))

        let (status, out, err) = try CLI.run(["fix", "--out", scratch.at("out"), scratch.at("tree")])
        #expect(status == 0 || status == 1, "\(out) \(err)")
        #expect(Self.snapshot(scratch.at("tree")) == before, "the originals are untouched")
        let copies = Self.snapshot(scratch.at("out/tree"))
        #expect(Set(copies.keys) == Set(before.keys), "\(copies.keys.sorted())")
        func mode(_ path: String) -> mode_t? {
            var info = stat()
            return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
        }
        for (path, old) in before {
            guard let copy = copies[path] else { continue }
            #expect(copy.mode == old.mode && copy.isLink == old.isLink && copy.attribute == old.attribute, "\(path): \(old) → \(copy)")
        }
        // Rewritten (smaller), yet with the original's mode; the read-only one left as fix leaves it in place.
        for path in ["/private.png", "/group.png", "/tagged.png", "/inner/deep.png"] {
            #expect((copies[path]?.bytes.count ?? .max) < (before[path]?.bytes.count ?? 0), "\(path) was not rewritten")
        }
        #expect(copies["/readonly.png"]?.bytes == before["/readonly.png"]?.bytes)
        #expect(out.contains("readonly.png\n  kept: read-only: left as it is"), "\(out)")
        #expect(copies["/link.png"]?.linkTarget == "group.png")
        #expect(mode(scratch.at("out/tree/inner")) == 0o750 && mode(scratch.at("out/tree")) == 0o711)
        if tagged { #expect(Self.attribute(scratch.at("out/tree/inner")) == "folder" && copies["/tagged.png"]?.attribute == "keep me") }
    }

    @Test("a report is a new file with the umask's mode, never written through a link planted at its path, nor over a read-only file")
    func reportFiles() throws {
        let scratch = Scratch()
        let good = Conformance.projectRoot + "/SamplePacks/Good.xcstickers"
        // The umask of the run only (the test process's own is shared with the tests running beside it).
        let masked = try Process.run(
            "/bin/sh",
            [
                "-c", "umask 027 && exec \"$0\" \"$@\"", CLI.executable,
                "check", "--no-cache", "--format", "json", "-o", scratch.at("report.json"), good
            ])
        let status = masked.0
        #expect(status == 0)
        #expect(Self.state(scratch.at("report.json"))?.mode == 0o640)
        try scratch.write("victim.txt", "do not touch\n")
        // A JSON report, and an HTML report (written to its file in pieces as it is made).
        for (name, command) in [("json", ["check", "--format", "json", "-o"]), ("html", ["report", "--no-cache", "-q", "-o"])] {
            #expect(symlink("victim.txt", scratch.at("planted.\(name)")) == 0)
            let planted = try CLI.run(command + [scratch.at("planted.\(name)"), good])
            #expect(planted.0 == 2 && planted.2.contains("a symbolic link: left as it is"), "\(name): \(planted.2)")
            #expect(Self.state(scratch.at("victim.txt"))?.bytes == Array("do not touch\n".utf8), "\(name)")
            #expect(Self.state(scratch.at("planted.\(name)"))?.isLink == true, "\(name)")
            try scratch.write("locked.\(name)", "{}\n")
            chmod(scratch.at("locked.\(name)"), 0o444)
            let locked = try CLI.run(command + [scratch.at("locked.\(name)"), good])
            #expect(locked.0 == 2 && locked.2.contains("read-only: left as it is"), "\(name)")
            #expect(Self.state(scratch.at("locked.\(name)"))?.bytes == Array("{}\n".utf8), "\(name)")
            // An existing report of another mode is replaced whole and keeps its mode.
            try scratch.write("kept.\(name)", "old\n")
            chmod(scratch.at("kept.\(name)"), 0o600)
            let replaced = try CLI.run(command + [scratch.at("kept.\(name)"), good])
            #expect(replaced.0 == 0, "\(name)")
            #expect(Self.state(scratch.at("kept.\(name)"))?.mode == 0o600, "\(name)")
            #expect(Self.state(scratch.at("kept.\(name)"))?.bytes.count ?? 0 > 100, "\(name)")
        }
        #expect(DiskFileSystem().list(scratch.path)?.allSatisfy { !$0.contains(".tmp-") } == true)
    }

    @Test("no writer puts a file where a folder, FIFO or device is: -o, --report, --stamp, --write-baseline and report -o refuse it in one line")
    func specialTargets() throws {
        let scratch = Scratch()
        let good = Conformance.projectRoot + "/SamplePacks/Good.xcstickers"
        try FileManager.default.createDirectory(atPath: scratch.at("folder.out"), withIntermediateDirectories: true)
        #expect(mkfifo(scratch.at("fifo.out"), 0o644) == 0)
        // A character device like /dev/null (1, 3): only root may make one; CI runs as root.
        let device = mknod(scratch.at("device.out"), S_IFCHR | 0o666, Self.nullDevice) == 0
        try Requirement.require(device || !Requirement.isCI, "root, to make a device node")
        let targets = ["folder.out": "a folder", "fifo.out": "a FIFO"].merging(device ? ["device.out": "a character device"] : [:]) { $1 }
        for (name, kind) in targets.sorted(by: { $0.key < $1.key }) {
            let target = scratch.at(name)
            var commands: [[String]] = [
                ["check", "--no-cache", "--format", "json", "-o", target, good],
                ["check", "--no-cache", "--report", "json:" + target, good],
                ["check", "--no-cache", "--stamp", target, good],
                ["check", "--no-cache", "--write-baseline", target, good]
            ]
            // report -o FOLDER writes FOLDER/index.html (its documented meaning), so only the others here.
            if name != "folder.out" { commands.append(["report", "--no-cache", "-q", "-o", target, good]) }
            for command in commands {
                var before = stat()
                #expect(lstat(target, &before) == 0)
                let run = try CLI.run(command)
                #expect(run.0 == 2, "\(command): \(run.0) \(run.2)")
                #expect(run.2.contains("\(kind), not a regular file: left as it is"), "\(command): \(run.2)")
                var after = stat()
                #expect(lstat(target, &after) == 0 && after.st_mode == before.st_mode && after.st_ino == before.st_ino, "\(command)")
            }
        }
        #expect(DiskFileSystem().list(scratch.path)?.allSatisfy { !$0.contains(".tmp-") } == true)
        #expect(DiskFileSystem().list(scratch.at("folder.out")) == [])
    }

    @Test("as an unprivileged user too: a FIFO at check -o and report -o is refused in one line and left as it is")
    func specialTargetsUnprivileged() throws {
        let possible = Tools.available("setpriv") && getuid() == 0
        try Requirement.require(possible || !Requirement.isCI, "root and setpriv (Linux), to run as another user")
        guard possible else { return }
        let scratch = Scratch()
        chmod(scratch.path, 0o777)
        try scratch.write("pack/a.png", ExampleContent.png(width: 408, height: 408).bytes())
        chmod(scratch.at("pack"), 0o755)
        let fifo = scratch.at("fifo.out")
        #expect(mkfifo(fifo, 0o666) == 0)
        // The executable copied where user 65534 can run it.
        let binary = scratch.at("stickerlint")
        try CLI.copyExecutable(to: binary)
        for command in [
            ["check", "--no-cache", "--format", "json", "-o", fifo, scratch.at("pack")],
            ["report", "--no-cache", "-q", "-o", fifo, scratch.at("pack")]
        ] {
            var before = stat()
            #expect(lstat(fifo, &before) == 0)
            let (status, _, err) = try StickerTestSupport.Process.run(
                Tools.path("setpriv"), ["--reuid=65534", "--regid=65534", "--clear-groups", binary] + command, in: "/")
            #expect(status == 2, "\(command): \(status) \(err)")
            #expect(err.contains("a FIFO, not a regular file: left as it is"), "\(command): \(err)")
            var after = stat()
            #expect(lstat(fifo, &after) == 0 && after.st_mode == before.st_mode && after.st_ino == before.st_ino, "\(command)")
        }
        #expect(DiskFileSystem().list(scratch.path)?.allSatisfy { !$0.contains(".tmp-") } == true)
    }

    @Test("report -o DIR/ writes its pages as reports are written: never through a link planted at a page's path, nor over a read-only page")
    func reportPages() throws {
        let scratch = Scratch()
        let good = Conformance.projectRoot + "/SamplePacks/Good.xcstickers"
        try scratch.write("victim.txt", "do not touch\n")
        try FileManager.default.createDirectory(atPath: scratch.at("out"), withIntermediateDirectories: true)
        #expect(symlink("../victim.txt", scratch.at("out/index.html")) == 0)
        let planted = try CLI.run(["report", "--no-cache", "-q", "-o", scratch.at("out") + "/", good])
        #expect(planted.0 == 2 && planted.2.contains("a symbolic link: left as it is"), "\(planted.2)")
        #expect(Self.state(scratch.at("victim.txt"))?.bytes == Array("do not touch\n".utf8))
        #expect(Self.state(scratch.at("out/index.html"))?.isLink == true)
        DiskFileSystem().remove(scratch.at("out/index.html"))
        try scratch.write("out/index.html", "{}\n")
        chmod(scratch.at("out/index.html"), 0o444)
        let locked = try CLI.run(["report", "--no-cache", "-q", "-o", scratch.at("out") + "/", good])
        #expect(locked.0 == 2 && locked.2.contains("read-only: left as it is"), "\(locked.2)")
        #expect(Self.state(scratch.at("out/index.html"))?.bytes == Array("{}\n".utf8))
        #expect(DiskFileSystem().list(scratch.at("out")) == ["index.html"])
    }

    @Test("variants --force keeps a replaced variant's mode and attributes, and never writes through a link at a variant's path")
    func variants() throws {
        let scratch = Scratch()
        try scratch.write("art/wave.png", ExampleContent.png(width: 618, height: 618, style: .sticker, seed: 3).bytes())
        try scratch.write("elsewhere/victim.png", Array("not an image\n".utf8))
        let first = try CLI.run(["variants", scratch.at("art")])
        #expect(first.0 == 0, "\(first.2)")
        chmod(scratch.at("art/wave@2x.png"), 0o640)
        let tagged = Self.setAttribute(scratch.at("art/wave@2x.png"), "variant")
        unlink(scratch.at("art/wave@1x.png"))
        #expect(symlink("../elsewhere/victim.png", scratch.at("art/wave@1x.png")) == 0)
        let before = Self.snapshot(scratch.path)
        let forced = try CLI.run(["variants", "--force", scratch.at("art")])
        #expect(forced.0 != 0 && (forced.1 + forced.2).contains("a symbolic link: left as it is"), "\(forced)")
        let after = Self.snapshot(scratch.path)
        #expect(after["/art/wave@2x.png"]?.mode == 0o640)
        if tagged { #expect(after["/art/wave@2x.png"]?.attribute == "variant") }
        #expect(after["/art/wave@1x.png"] == before["/art/wave@1x.png"] && after["/elsewhere/victim.png"] == before["/elsewhere/victim.png"])
        #expect(after["/art/wave.png"] == before["/art/wave.png"])
        #expect(Set(after.keys) == Set(before.keys))
    }

    @Test("the fact cache folder is private (0700) and its files 0600")
    func privateCache() throws {
        let scratch = Scratch()
        let (status, _, _) = try CLI.run([
            "check", "--quiet", "--cache-path", scratch.at("cache/stickerlint"),
            Conformance.projectRoot + "/SamplePacks/Good.xcstickers"
        ])
        #expect(status == 0)
        #expect(Self.state(scratch.at("cache/stickerlint")).map { _ in true } == true)
        var info = stat()
        #expect(stat(scratch.at("cache/stickerlint"), &info) == 0 && info.st_mode & 0o777 == 0o700)
        let files = DiskFileSystem().list(scratch.at("cache/stickerlint")) ?? []
        #expect(!files.isEmpty)
        for name in files { #expect(Self.state(scratch.at("cache/stickerlint/" + name))?.mode == 0o600, "\(name)") }
    }
}
