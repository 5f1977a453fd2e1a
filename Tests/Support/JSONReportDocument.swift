import StickerFiles
import StickerImage
import StickerCatalog
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StickerFiles

/// The JSON document of SPEC §6, decoded strictly.
public struct JSONReportDocument: Decodable {
    public struct ToolInfo: Decodable { public var name: String; public var version: String }
    public struct Summary: Decodable { public var files: Int; public var errors: Int; public var warnings: Int; public var notes: Int }
    public struct File: Decodable {
        public var path: String
        public var format: String?
        public var bytes: Int?
        public var width: Int?
        public var height: Int?
        public var frames: Int?
        public var hasAlpha: Bool?
    }
    public struct Item: Decodable { public var rule: String; public var severity: String; public var path: String; public var message: String }
    public var tool: ToolInfo
    public var summary: Summary
    public var files: [File]
    public var diagnostics: [Item]
}

extension Fixtures {
    /// Every image file under a folder on disk (by extension), depth first in name order.
    public static func images(under root: String) -> [String] {
        var found: [String] = []
        for name in DiskFileSystem().list(root) ?? [] {
            let path = root + "/" + name
            if DiskFileSystem().kind(path) == .directory { found += images(under: path) }
            else if FileKind.walkedExtensions.contains(PathText.fileExtension(name)) { found.append(path) }
        }
        return found
    }
}

/// Which sanitizer the tests were built with.
public enum Sanitizers {
    /// The ThreadSanitizer runtime is linked in.
    public static let thread: Bool = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
}
