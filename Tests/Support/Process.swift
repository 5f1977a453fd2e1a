import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program and captures its output.
package enum Process {
    package static func run(
        _ executable: String, _ arguments: [String], in directory: String? = nil,
        environment: [String: String] = [:]
    ) throws -> (Int32, String, String) {
        let process = Foundation.Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes before waiting, so a large report cannot fill a pipe and block the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }
}

extension Process {
    /// Runs the stickerlint CLI in `directory` and, once a hidden file or folder whose name starts with
    /// `hiddenPrefix` appears there (the run is writing), sends it `signal` after `delay` microseconds.
    /// Returns whether the hidden entry was seen, and how the process ended (reason, status).
    package static func interrupt(
        _ arguments: [String], in directory: String, hiddenPrefix: String, signal: Int32, delay: UInt32 = 200_000
    ) throws -> (seen: Bool, reason: Foundation.Process.TerminationReason, status: Int32) {
        let process = Foundation.Process()
        process.executableURL = URL(fileURLWithPath: CLI.executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var seen = false
        for _ in 0..<400 where !seen {
            seen = (try? FileManager.default.contentsOfDirectory(atPath: directory))?.contains { $0.hasPrefix(hiddenPrefix) } ?? false
            if !seen { usleep(25_000) }
        }
        usleep(delay)
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return (seen, process.terminationReason, process.terminationStatus)
    }
}
