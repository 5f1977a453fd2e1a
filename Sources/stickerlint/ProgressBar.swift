#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StickerFiles

/// A progress bar on standard error, shown only on a terminal and only once a run has lasted a second;
/// off a terminal, when asked, a line per item done once the run has lasted a second (a CI log's progress).
final class ProgressBar: Sendable {
    private struct State {
        var lastDraw = 0.0
        var drawn = false
    }

    private let label: String
    private let start: Double
    private let lines: Bool
    private let state = Locked(State())

    private init(label: String, lines: Bool = false) {
        self.label = label
        self.lines = lines
        start = ProgressBar.now()
    }

    /// A bar when standard error is a terminal; else, with `linesOffTerminal`, lines; else nil.
    static func onStandardError(label: String, linesOffTerminal: Bool = false) -> ProgressBar? {
        isatty(STDERR_FILENO) != 0 ? ProgressBar(label: label) : linesOffTerminal ? ProgressBar(label: label, lines: true) : nil
    }

    /// An item done, named: off a terminal, its line ("packing 3/11: art/wave.png"), the name shown as every
    /// name is (`displayed`); on one, the bar.
    @Sendable func update(_ done: Int, _ total: Int, _ name: String) {
        guard lines else { return update(done, total) }
        guard ProgressBar.now() - start >= 1 else { return }
        ProgressBar.emit("\(label) \(done)/\(total): \(name.displayed)\n")
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Called by workers as items finish; redraws at most ten times a second.
    @Sendable func update(_ done: Int, _ total: Int) {
        let now = ProgressBar.now()
        guard now - start >= 1 else { return }
        let text: String? = state.withLock { state in
            guard now - state.lastDraw >= 0.1 || done == total else { return nil }
            state.lastDraw = now
            state.drawn = true
            let width = 30
            let filled = total > 0 ? width * done / total : width
            return "\r\(label) [" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
                + "] \(done)/\(total)"
        }
        if let text { ProgressBar.emit(text) }
    }

    /// Clears the bar, if one was drawn.
    func finish() {
        if !lines, state.withLock({ $0.drawn }) { ProgressBar.emit("\r\u{1B}[K") }
    }

    private static func emit(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
