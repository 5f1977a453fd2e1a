#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
internal import CSystem

/// The hidden folders a writing command stages its output in, beside the destination, named after
/// the process (`.NAME.stickerlint-pack-PID`): a run killed outright (SIGKILL, a power cut) leaves
/// its folder behind, and the next run removes every such folder whose process is gone.
public enum StagingFolders {
    /// The staging folder for `name` made by process `pid`.
    public static func name(for name: String, pid: Int32) -> String { ".\(name).stickerlint-pack-\(pid)" }

    /// The bytes a staging folder's name adds to the name it stages (a dot, the suffix, a pid of up to
    /// ten digits): a name made for output leaves this much room under NAME_MAX.
    public static let nameOverhead = 1 + ".stickerlint-pack-".utf8.count + 10

    /// Whether a process with this id is running (the staging folder it named may still be in use).
    public static func processExists(_ pid: Int32) -> Bool { stickerlint_process_exists(pid) != 0 }

    /// Removes the staging folders for `name` in `parent` whose process is gone; returns their paths
    /// (for a note). A folder of a live process, or one not named as ours, is left alone.
    @discardableResult
    public static func removeAbandoned(for name: String, in parent: String, files: any FileSystem) -> [String] {
        let prefix = ".\(name).stickerlint-pack-"
        var removed: [String] = []
        for entry in files.list(parent) ?? [] where entry.hasPrefix(prefix) {
            let digits = entry.dropFirst(prefix.count)
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let pid = Int32(digits) else { continue }
            if pid == getpidValue() || !processExists(pid) {
                let path = PathText.join(parent, entry)
                files.remove(path)
                removed.append(path)
            }
        }
        return removed
    }

    /// `stickerlint_exchange`: 0, or -1 with errno set.
    static func exchange(_ a: String, _ b: String) -> Int32 { stickerlint_exchange(a, b) }

    /// This process's id.
    static func getpidValue() -> Int32 { stickerlint_getpid() }
}

/// A command's output made whole in a hidden folder beside it and then put in place in one step: the
/// guards refused before any work (an output that exists without `--force`, a backup an interrupted
/// run set aside, input inside the output), the staging folder (what a run killed outright left
/// removed first), the placement (an existing output swapped with the new one, never missing), and the
/// discard. `pack` and `pack --for` write through it.
package struct StagedOutput: Sendable {
    /// Why an output cannot be written, said before anything is.
    package struct Refusal: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    package let files: any FileSystem
    /// What is finally put in place.
    package let output: String
    /// The hidden folder the output is made in.
    package let root: String
    /// Where each piece is written as soon as it is made (`.made/…`), removed before placement.
    package var made: String { PathText.join(root, ".made") }

    /// Refuses an output that cannot be written: one that exists unless `force` (`what`: "the new
    /// catalog"), a backup an interrupted run left beside it, an input inside it.
    package static func check(_ output: String, force: Bool, what: String = "the new one", inputs: [String], files: any FileSystem) throws(Refusal) {
        if files.kind(output) != .missing && !force {
            throw Refusal(description: "\(output) exists: give --force to replace it (it is replaced as a whole, only once \(what) is made)")
        }
        try checkAside(output, inputs: inputs, files: files)
    }

    /// The guards but the existing output's: a backup an interrupted run left (maybe the only copy of
    /// the old output: never removed unasked), an input inside the output (it would be replaced with it).
    package static func checkAside(_ output: String, inputs: [String], files: any FileSystem) throws(Refusal) {
        let aside = asidePath(for: output)
        if files.kind(aside) != .missing {
            let original = PathText.lastComponent(aside).dropFirst().replacing(".stickerlint-replaced", with: "")
            throw Refusal(description: "\(aside) is what an interrupted run set aside: move it back to \(original) or remove it, then run pack again")
        }
        let resolved = files.resolved(output)
        if let inside = inputs.first(where: { PathText.isWithin(files.resolved($0), resolved) }) {
            throw Refusal(description: "\(inside) lies inside the output \(output): give art from outside it")
        }
    }

    /// The staging folder for `output`, made in `parent` (the output's own folder by default), with its
    /// `.made` folder; what a run killed outright left there for the same output removed first.
    package init(for output: String, in parent: String? = nil, pid: Int32, files: any FileSystem) throws(FileError) {
        self.files = files
        self.output = output
        let parent = parent ?? PathText.parent(output)
        let name = PathText.lastComponent(output)
        root = PathText.join(parent, StagingFolders.name(for: name, pid: pid))
        StagingFolders.removeAbandoned(for: name, in: parent, files: files)
        files.remove(root)
        try files.createFolder(PathText.join(root, ".made"))
    }

    /// Removes the staging folder (what is left of it after placement, or all of it after a failure).
    package func discard() { files.remove(root) }

    /// Puts the made output (`root`, or the folder `staged` inside it) in place at `output`
    /// (`StagedOutput.place(_:at:files:)`), the `.made` folder removed first.
    package func place(_ staged: String? = nil) throws(FileError) {
        files.remove(made)
        try Self.place(staged ?? root, at: output, files: files)
    }

    /// Renames a made folder into place. An existing one is swapped with it in one step
    /// (`FileSystem.exchange`): at no moment is the output missing, and the old one, now in the made
    /// folder's place, is removed after. Where the file system cannot swap, the old one is moved aside
    /// first and removed only once the new one is in place.
    package static func place(_ staged: String, at path: String, files: any FileSystem) throws(FileError) {
        guard files.kind(path) != .missing else {
            try files.move(staged, to: path)
            return
        }
        do {
            try files.exchange(staged, path)
            files.remove(staged)
            return
        } catch  where error.code == ENOSYS || error.code == EINVAL || error.code == ENOTSUP {
            // No atomic swap here: the two renames below.
        }
        let aside = asidePath(for: path)
        try files.move(path, to: aside)
        do {
            try files.move(staged, to: path)
        } catch {
            try? files.move(aside, to: path)
            throw error
        }
        files.remove(aside)
    }

    /// Where an existing output is kept while the new one is put in place.
    package static func asidePath(for path: String) -> String {
        PathText.join(PathText.parent(path), ".\(PathText.lastComponent(path)).stickerlint-replaced")
    }
}
