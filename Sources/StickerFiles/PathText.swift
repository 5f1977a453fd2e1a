#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Path strings as users see them.
public enum PathText {
    /// `base/child`, without doubled slashes or a leading "./".
    /// By bytes, into one new string (`+` twice made two, and `hasSuffix` compares characters: a
    /// 5,000-sticker pack's warm check joins 30,000 paths).
    public static func join(_ base: String, _ child: String) -> String {
        var base = base, child = child
        return base.withUTF8 { b in
            if b.isEmpty || (b.count == 1 && b[0] == UInt8(ascii: ".")) { return child }
            let slash = b[b.count - 1] == UInt8(ascii: "/")
            return child.withUTF8 { c in
                let count = b.count + (slash ? 0 : 1) + c.count
                return String(unsafeUninitializedCapacity: count) { out in
                    _ = UnsafeMutableBufferPointer(rebasing: out[..<b.count]).initialize(from: b)
                    var at = b.count
                    if !slash {
                        out[at] = UInt8(ascii: "/")
                        at += 1
                    }
                    _ = UnsafeMutableBufferPointer(rebasing: out[at..<count]).initialize(from: c)
                    return count
                }
            }
        }
    }

    /// The path as given, tidied: trailing slashes and a leading "./" removed.
    public static func normalize(_ path: String) -> String {
        var p = path
        while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
        while p.hasPrefix("./") && p.count > 2 { p.removeFirst(2) }
        return p
    }

    /// Byte order of two strings' UTF-8 (negative, zero or positive, as memcmp): the one order of paths,
    /// whatever the locale. Compares the bytes in place: the generic `utf8.lexicographicallyPrecedes`
    /// was a tenth of a commit check's time, sorting a 500-sticker pack's jobs and findings.
    public static func compareBytes(_ a: String, _ b: String) -> Int {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let count = Swift.min(x.count, y.count)
                if count > 0, let p = x.baseAddress, let q = y.baseAddress {
                    let order = memcmp(p, q, count)
                    if order != 0 { return order < 0 ? -1 : 1 }
                }
                return x.count == y.count ? 0 : x.count < y.count ? -1 : 1
            }
        }
    }

    /// Whether `a` comes before `b` in byte order.
    public static func precedes(_ a: String, _ b: String) -> Bool { compareBytes(a, b) < 0 }

    /// The last path component.
    public static func lastComponent(_ path: String) -> String {
        // By bytes: a "/" is one byte in UTF-8, so the indexes either side of one are character boundaries.
        let bytes = path.utf8, slash = UInt8(ascii: "/")
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[bytes.index(before: end)] == slash { end = bytes.index(before: end) }
        guard end > bytes.startIndex else { return path }
        var start = end
        while start > bytes.startIndex, bytes[bytes.index(before: start)] != slash { start = bytes.index(before: start) }
        return String(path[start..<end])
    }

    /// Everything before the last component ("." when there is none).
    public static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The folders above `path`, nearest first, as `parent` spells them ("a/b/c" → "a/b", "a";
    /// "/a/b" → "/a", "/"), without the "." a relative path's last folder stands in.
    public static func ancestors(_ path: String) -> [String] {
        var out: [String] = [], folder = path
        while true {
            let up = parent(folder)
            if up == folder || up == "." { return out }
            out.append(up)
            folder = up
        }
    }

    /// Whether `path` is `folder` or lies under it; both absolute and canonical (`FileSystem.resolved`).
    public static func isWithin(_ path: String, _ folder: String) -> Bool {
        path == folder || folder == "/" || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// Whether `path` is `folder` or lies under it, as `path == folder || path.hasPrefix(folder + "/")`
    /// says (canonically equivalent spellings alike), without making a string: by bytes when both are
    /// ASCII (issue #39: a pre-commit check asks it of each of a pack's 5,000 stickers).
    public static func isSelfOrInside(_ path: String, _ folder: String) -> Bool {
        var p = path, f = folder
        let answer: Bool? = p.withUTF8 { x in
            f.withUTF8 { y in
                var i = 0
                let shorter = Swift.min(x.count, y.count)
                while i < shorter && x[i] == y[i] { i += 1 }
                if i == y.count {
                    if x.count == y.count || x[i] == UInt8(ascii: "/") { return true }
                    // Anything but a combining mark after the folder's bytes ends its last character there.
                    return x[i] < 0x80 ? false : nil
                }
                // Different ASCII bytes after equal ones: different characters (neither is a combining mark).
                return i < x.count && x[i] < 0x80 && y[i] < 0x80 ? false : nil
            }
        }
        return answer ?? (path == folder || path.hasPrefix(folder + "/"))
    }

    /// Whether every byte is below 0x80, eight at a time.
    public static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return true }
        var i = 0, high: UInt64 = 0
        while i + 8 <= bytes.count {
            high |= base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            i += 8
        }
        while i < bytes.count {
            high |= UInt64(bytes[i])
            i += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// Whether the bytes `path` are the bytes `folder` or begin with them and a "/".
    public static func isSelfOrInside(bytes path: UnsafeBufferPointer<UInt8>, _ folder: UnsafeBufferPointer<UInt8>) -> Bool {
        guard path.count >= folder.count, folder.isEmpty || memcmp(path.baseAddress!, folder.baseAddress!, folder.count) == 0 else { return false }
        return path.count == folder.count || path[folder.count] == UInt8(ascii: "/")
    }

    /// What follows `folder` and a "/" in `path`, when its bytes begin with theirs (nil otherwise:
    /// the caller compares as it would): a path inside a folder, without walking characters.
    public static func remainder(of path: String, inside folder: String) -> String? {
        var p = path, f = folder
        return p.withUTF8 { x in
            f.withUTF8 { y in
                guard x.count > y.count + 1, y.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, y.count) == 0,
                    x[y.count] == UInt8(ascii: "/")
                else { return nil }
                return String(decoding: UnsafeBufferPointer(rebasing: x[(y.count + 1)...]), as: UTF8.self)
            }
        }
    }

    /// The path components, without empty ones ("/a//b/" → ["a", "b"]).
    public static func components(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }

    /// `target` spelt relative to `base`, both absolute and canonical (no ".", "..", links): "sub/dir",
    /// "../../x", or "." when they are the same folder.
    public static func relative(_ target: String, from base: String) -> String {
        let t = components(target), b = components(base)
        var shared = 0
        while shared < t.count && shared < b.count && t[shared] == b[shared] { shared += 1 }
        let steps = Array(repeating: "..", count: b.count - shared) + t[shared...].map(String.init)
        return steps.isEmpty ? "." : steps.joined(separator: "/")
    }

    /// The last component without its extension ("happy-cat" for "art/happy-cat.png"; a leading dot
    /// is part of the name, not an extension).
    public static func stem(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// The lowercased extension without its dot ("" when there is none).
    public static func fileExtension(_ path: String) -> String {
        // By bytes when the last component is ASCII (every image of a run asks this), else by characters:
        // a "." with a combining mark after it is no dot there.
        var utf8 = path
        let fast: String? = utf8.withUTF8 { bytes in
            var end = bytes.count
            while end > 0 && bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
            guard end > 0 else { return nil }
            var start = end, dot: Int?
            while start > 0 && bytes[start - 1] != UInt8(ascii: "/") {
                start -= 1
                guard bytes[start] < 0x80 else { return nil }
                if dot == nil && bytes[start] == UInt8(ascii: ".") { dot = start }
            }
            guard let dot, dot != start else { return "" }
            return String(decoding: bytes[(dot + 1)..<end].lazy.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        return fast ?? fileExtensionByCharacters(path)
    }

    /// The extension found by characters: what `fileExtension` answers for every path.
    package static func fileExtensionByCharacters(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...]).lowercased()
    }
}

extension String {
    /// The string with spaces after it up to `width` characters (unchanged when already that wide):
    /// columns of plain text, without Foundation.
    public func padded(to width: Int) -> String {
        let count = self.count
        return count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
