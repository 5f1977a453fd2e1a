import Foundation
import PackagePlugin

/// `swift package stickerlint [check options] [PATH...]`: runs `stickerlint check` in the package's
/// folder (on the whole package when no path is given); a run with errors fails the command. The fact
/// cache is kept in the plugin's work directory (a later --cache-path among the arguments wins).
@main
struct StickerlintCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "stickerlint")
        let cache = context.pluginWorkDirectoryURL.appendingPathComponent("cache").path
        let status = try run(tool.url, ["check", "--cache-path", cache] + arguments, in: context.package.directoryURL)
        if status != 0 {
            Diagnostics.error("stickerlint check exited with status \(status)")
            throw StickerlintFailure(status: status)
        }
    }

    func run(_ executable: URL, _ arguments: [String], in directory: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// A failed check, for SwiftPM's exit status.
struct StickerlintFailure: Error, CustomStringConvertible {
    var status: Int32
    var description: String { "stickerlint check failed (exit status \(status))" }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// In Xcode: File ▸ Packages ▸ stickerlint, on the project's folder.
extension StickerlintCommand: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let tool = try context.tool(named: "stickerlint")
        let cache = context.pluginWorkDirectoryURL.appendingPathComponent("cache").path
        let status = try run(tool.url, ["check", "--format", "xcode", "--cache-path", cache] + arguments, in: context.xcodeProject.directoryURL)
        if status != 0 { throw StickerlintFailure(status: status) }
    }
}
#endif
