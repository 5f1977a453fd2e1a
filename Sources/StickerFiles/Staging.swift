internal import CSystem

/// The hidden folders a writing command stages its output in, beside the destination, named after
/// the process (`.NAME.stickerlint-pack-PID`): a run killed outright (SIGKILL, a power cut) leaves
/// its folder behind, and the next run removes every such folder whose process is gone.
public enum StagingFolders {
    /// The staging folder for `name` made by process `pid`.
    public static func name(for name: String, pid: Int32) -> String { ".\(name).stickerlint-pack-\(pid)" }

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
