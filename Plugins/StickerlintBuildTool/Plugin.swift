import Foundation
import PackagePlugin

/// Checks the asset catalogs (`.xcassets`, `.xcstickers`) of the target it is applied to on every build
/// that changes them: findings are printed as `path:1:1: error: message [rule]` lines, which Xcode and
/// SwiftPM show as diagnostics, and errors fail the build.
@main
struct StickerlintBuildTool: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let directory: URL
        switch target {
        case let swift as SwiftSourceModuleTarget: directory = swift.directoryURL
        case let clang as ClangSourceModuleTarget: directory = clang.directoryURL
        default: return []
        }
        let files = Self.resourceLikeFiles(under: directory)
        return try Self.commands(
            catalogFiles: files, tool: context.tool(named: "stickerlint").url,
            stamp: context.pluginWorkDirectoryURL.appendingPathComponent("StickerlintStamp.swift"),
            cache: context.pluginWorkDirectoryURL.appendingPathComponent("cache"))
    }

    /// The catalog folders holding these files, outermost first, each once.
    static func catalogs(of files: [URL]) -> [URL] {
        var roots: Set<URL> = []
        for file in files {
            var components: [String] = []
            for component in file.standardizedFileURL.pathComponents {
                components.append(component)
                if component.hasSuffix(".xcassets") || component.hasSuffix(".xcstickers") {
                    roots.insert(URL(fileURLWithPath: NSString.path(withComponents: components)))
                    break
                }
            }
        }
        return roots.sorted { $0.path < $1.path }
    }

    /// One command over every catalog: its inputs are the catalogs' files (so it runs again when a
    /// sticker changes) and its output is a stamp (a build command without an output never runs). The
    /// fact cache lives in the plugin's work directory, the one folder the build sandbox lets it write.
    static func commands(catalogFiles files: [URL], tool: URL, stamp: URL, cache: URL) throws -> [Command] {
        let catalogs = catalogs(of: files)
        guard !catalogs.isEmpty else { return [] }
        let inputs = files.filter { file in catalogs.contains { file.standardizedFileURL.path.hasPrefix($0.path + "/") } }
        return [
            .buildCommand(
                displayName: "stickerlint: checking \(catalogs.map(\.lastPathComponent).joined(separator: ", "))",
                executable: tool,
                arguments: ["check", "--format", "xcode", "--quiet", "--stamp", stamp.path, "--cache-path", cache.path] + catalogs.map(\.path),
                inputFiles: inputs,
                outputFiles: [stamp])
        ]
    }

    /// SwiftPM lists catalogs as resources only when the target declares them; so the target's folder is
    /// walked for the files inside catalogs.
    static func resourceLikeFiles(under directory: URL) -> [URL] {
        guard let walk = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var files: [URL] = []
        for case let url as URL in walk where url.pathComponents.contains(where: { $0.hasSuffix(".xcassets") || $0.hasSuffix(".xcstickers") }) {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { files.append(url) }
        }
        return files
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// In an Xcode project, applied to a target in Build Phases ▸ Run Build Tool Plug-ins. A sticker pack
/// extension target has no Swift files and no compile phase at all: its catalog is among the target's
/// input files, and the stamp is a text file (a resource, a few bytes) rather than a Swift file that
/// such a target could not compile.
extension StickerlintBuildTool: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try Self.commands(
            catalogFiles: target.inputFiles.map(\.url), tool: context.tool(named: "stickerlint").url,
            stamp: context.pluginWorkDirectoryURL.appendingPathComponent("stickerlint-stamp.txt"),
            cache: context.pluginWorkDirectoryURL.appendingPathComponent("cache"))
    }
}
#endif
