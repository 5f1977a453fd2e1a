#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The running program's own file, resolved: what a git hook or an Xcode build phase must call, since a
/// GUI git client's or Xcode's `PATH` lacks Homebrew's folders. Not `argv[0]`, which is whatever the
/// shell was given (a bare name found on `PATH`, a relative path, a link).
public enum Executable {
    public static var path: String? {
        #if canImport(Darwin)
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        let raw = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return DiskFileSystem().realPath(raw) ?? raw
        #else
        return DiskFileSystem().realPath("/proc/self/exe")
        #endif
    }
}
