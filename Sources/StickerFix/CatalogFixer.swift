import StickerCatalog
import StickerFiles
import StickerImage
import StickerLint

/// The catalog part of `fix`: files renamed to the extension their content needs (`.apng` → `.png`,
/// JPEG bytes named `.png` → `.jpg`), GIFs converted to APNG or PNG (`--convert-gif`), misspelt
/// Contents.json keys replaced by the key meant, and, when asked, unreferenced stickers added to their
/// pack (`--add-unreferenced`) and references to missing files removed (`--remove-missing`). Every
/// Contents.json touched is written once, as Xcode writes it (`XcodeJSON`), atomically.
///
/// Driven by the findings of the check before: each fix answers one finding, at its path.
struct CatalogFixer {
    var addUnreferenced = false
    var removeMissing = false
    var convertGIF = false
    /// `--generate-icons`: required slots of the iMessage App Icon without an image of the right size
    /// get one made from the largest icon of the set.
    var generateIcons = false
    /// `--icon-background`: App Store icons with alpha are flattened onto this colour (RGB).
    var iconBackground: [UInt8]?
    let files: any FileSystem
    let decoder: ImageDecoder

    /// One change to the catalog: the path it is reported on, what changed, or why not.
    struct Edit {
        var path: String
        var changes: [String] = []
        var kept: String?
        var failure: String?
        /// Its size in bytes before the run (a Contents.json's before its edits).
        var size = 0
    }

    /// Contents.json documents read and edited, by path, written at the end.
    private var documents: [String: (original: [UInt8], json: JSONValue)] = [:]
    private var edited: Set<String> = []
    private(set) var edits: [Edit] = []

    init(files: any FileSystem, decoder: ImageDecoder) {
        self.files = files
        self.decoder = decoder
    }

    /// Applies (or with `write` false, only plans) every catalog fix the findings of `result` call for.
    mutating func run(_ result: LintResult, write: Bool) {
        let byPath = Dictionary(result.files.map { ($0.path, $0) }) { a, _ in a }
        defer {
            // Sizes as they were: a renamed file is no longer at its old path, a Contents.json is rewritten.
            for index in edits.indices {
                let path = edits[index].path
                edits[index].size = documents[path]?.original.count ?? byPath[path]?.bytes ?? 0
            }
        }
        let findings = result.diagnostics
        for d in findings where d.rule == "file-extension" {
            guard let file = byPath[d.path], let format = file.format else { continue }
            if format == .gif && convertGIF { continue }   // converted below, with its new name
            let wanted = Self.extensionFor(format)
            guard !Self.accepted(format).contains(PathText.fileExtension(d.path)) else { continue }
            rename(d.path, to: Self.replacingExtension(d.path, with: wanted), write: write)
        }
        if convertGIF {
            for file in result.files where file.format == .gif {
                convert(file.path, write: write)
            }
        }
        for path in Set(findings.filter { $0.rule == "unknown-key" }.map(\.path)).sorted(by: PathOrder.less) {
            guard let kind = Self.kind(of: PathText.parent(path)), let doc = document(path) else { continue }
            let (json, changes) = KeyRepair.repaired(doc.json, kind: kind)
            guard !changes.isEmpty else { continue }
            documents[path]?.json = json
            edited.insert(path)
            edits.append(Edit(path: path, changes: changes))
        }
        if addUnreferenced {
            for d in findings where d.rule == "unreferenced-file" && ContentsKind.pack.names(PathText.parent(d.path)) {
                adopt(d.path, write: write)
            }
        }
        if removeMissing {
            for d in findings where d.rule == "missing-file" { drop(d.path, write: write) }
        }
        if generateIcons || iconBackground != nil {
            for set in result.iconSets where set.isReadable { fixIcons(set, summaries: byPath, write: write) }
        }
        for path in edited.sorted(by: PathOrder.less) {
            guard let doc = documents[path] else { continue }
            let bytes = doc.json.xcodeBytes
            guard bytes != doc.original else { continue }
            if write {
                do {
                    // Still what was read: a Contents.json changed meanwhile is left to the next run.
                    guard (try? files.read(path)) == doc.original else {
                        edits.append(Edit(path: path, kept: "changed while fix was running"))
                        continue
                    }
                    try files.write(bytes, to: path)
                } catch {
                    edits.append(Edit(path: path, failure: error.description))
                }
            }
        }
    }

    // MARK: Renaming and converting

    /// Renames an image and the reference its folder's Contents.json holds to it.
    private mutating func rename(_ path: String, to newPath: String, write: Bool) {
        let newName = PathText.lastComponent(newPath)
        guard files.kind(newPath) == .missing else {
            edits.append(Edit(path: path, kept: "not renamed to \"\(newName)\": that file exists"))
            return
        }
        if write {
            do {
                try files.move(path, to: newPath)
            } catch {
                edits.append(Edit(path: path, failure: error.description))
                return
            }
        }
        let updated = retarget(path, to: newName)
        edits.append(Edit(path: path, changes: ["renamed to \"\(newName)\"" + (updated ? ", Contents.json updated" : "")]))
    }

    /// `--convert-gif`: an animated GIF becomes an APNG, a still one a PNG, with the same frames,
    /// delays and number of plays (a GIF's NETSCAPE count repeats after the first play; APNG counts plays).
    private mutating func convert(_ path: String, write: Bool) {
        let newPath = Self.replacingExtension(path, with: "png"), newName = PathText.lastComponent(newPath)
        guard files.kind(newPath) == .missing else {
            edits.append(Edit(path: path, kept: "not converted to \"\(newName)\": that file exists"))
            return
        }
        let bytes: [UInt8], image: DecodedImage
        do {
            bytes = try files.read(path)
            image = try decoder.decode(bytes)
        } catch {
            edits.append(Edit(path: path, kept: "not converted: \(error)"))
            return
        }
        let converted: [UInt8]
        do {
            let encoded: [UInt8]
            if image.frames.count == 1 {
                encoded = try PNGEncoder.encodeOptimized(rgba: image.frames[0].pixels, width: image.width, height: image.height, deflateLevel: PNGOptimizer.deflateLevel)
            } else {
                let plays = image.loopCount.map { $0 == 0 ? 0 : $0 + 1 } ?? 1
                encoded = try FrameEncoder.apng(PNGOptimizer.mergingIdenticalFrames(image.frames), width: image.width, height: image.height,
                                                loopCount: plays, deflateLevel: PNGOptimizer.deflateLevel)
            }
            // Then the lossless optimiser's best, so that a later fix finds nothing left to do.
            converted = (try? PNGOptimizer.optimize(encoded, decoder: decoder).bytes) ?? encoded
            let back = try decoder.decode(converted)
            guard back.frames.map(\.pixels) == PNGOptimizer.mergingIdenticalFrames(image.frames).map(\.pixels) else {
                edits.append(Edit(path: path, kept: "not converted: the converted frames differ"))
                return
            }
        } catch {
            edits.append(Edit(path: path, kept: "not converted: \(error)"))
            return
        }
        if write {
            do {
                try files.write(converted, to: newPath, overwrite: false)
                files.remove(path)
            } catch {
                edits.append(Edit(path: path, failure: error.description))
                return
            }
        }
        let updated = retarget(path, to: newName)
        let what = image.frames.count == 1 ? "PNG" : "APNG of \(image.frames.count.counted("frame"))"
        edits.append(Edit(path: path, changes: ["converted to \(what) \"\(newName)\" (\(bytes.count.grouped) → \(converted.count.grouped) bytes, "
                                                + "same pixels and delays)" + (updated ? ", Contents.json updated" : "")]))
    }

    /// Points the reference to `path` in its folder's Contents.json at `newName`; false when the folder
    /// has none (a loose file).
    private mutating func retarget(_ path: String, to newName: String) -> Bool {
        let folder = PathText.parent(path), name = PathText.lastComponent(path)
        let contents = PathText.join(folder, "Contents.json")
        guard let kind = Self.kind(of: folder), kind != .catalog, let doc = document(contents) else { return false }
        let json = Self.replacingFilename(doc.json, kind: kind, from: name, to: newName)
        guard json != doc.json else { return false }
        documents[contents]?.json = json
        edited.insert(contents)
        return true
    }

    static func replacingFilename(_ json: JSONValue, kind: ContentsKind, from old: String, to new: String) -> JSONValue {
        func entry(_ value: JSONValue) -> JSONValue {
            guard case .object(let members) = value else { return value }
            return .object(members.map { key, child in key == "filename" && child == .string(old) ? (key, .string(new)) : (key, child) })
        }
        return json.updating(Self.listKey(kind)) { items in items.map(entry) } ?? json.updatingObject("properties", entry) ?? json
    }

    // MARK: Adding and removing

    /// `--add-unreferenced`: a sticker or sequence folder in a pack that its Contents.json does not
    /// name is added at the end of the pack's list; an image lying in the pack gets a sticker folder.
    private mutating func adopt(_ path: String, write: Bool) {
        let pack = PathText.parent(path), contents = PathText.join(pack, "Contents.json")
        var entryName = PathText.lastComponent(path)
        let ext = PathText.fileExtension(path)
        if ContentsKind(folder: path)?.isEntry != true {
            guard ["png", "apng", "gif", "jpg", "jpeg"].contains(ext) else { return }
            let folder = Self.replacingExtension(path, with: "sticker")
            guard files.kind(folder) == .missing else {
                edits.append(Edit(path: path, kept: "not added: \"\(PathText.lastComponent(folder))\" exists"))
                return
            }
            if write {
                do {
                    try files.createFolder(folder)
                    try files.move(path, to: PathText.join(folder, PathText.lastComponent(path)))
                    let sticker: JSONValue = .object([
                        ("info", .object([("author", .string("xcode")), ("version", .number(1))])),
                        ("properties", .object([("filename", .string(PathText.lastComponent(path)))])),
                    ])
                    try files.write(sticker.xcodeBytes, to: PathText.join(folder, "Contents.json"), overwrite: false)
                } catch {
                    edits.append(Edit(path: path, failure: error.description))
                    return
                }
            }
            entryName = PathText.lastComponent(folder)
        }
        guard let doc = document(contents) else { return }
        let added = doc.json.updating("stickers") { $0 + [.object([("filename", .string(entryName))])] }
            ?? doc.json.appending("stickers", .array([.object([("filename", .string(entryName))])]))
        documents[contents]?.json = added
        edited.insert(contents)
        edits.append(Edit(path: path, changes: ["added to the end of \"\(PathText.lastComponent(pack))\" as \"\(entryName)\""]))
    }

    /// `--remove-missing`: the reference to a file that does not exist is removed from the Contents.json
    /// naming it; a sticker folder left with nothing but its Contents.json goes too, with its pack entry.
    private mutating func drop(_ path: String, write: Bool) {
        let folder = PathText.parent(path), name = PathText.lastComponent(path)
        guard let kind = Self.kind(of: folder) else { return }
        switch kind {
        case .sticker:
            let pack = PathText.parent(folder)
            guard Self.kind(of: pack) == .pack, let names = files.list(folder), names == ["Contents.json"] else { return }
            guard removeEntry(named: PathText.lastComponent(folder), from: PathText.join(pack, "Contents.json"), kind: .pack) else { return }
            if write { files.remove(folder) }
            edits.append(Edit(path: folder, changes: ["removed: its image \"\(name)\" does not exist (the folder held nothing else)"]))
        case .pack, .sequence, .iconSet:
            guard removeEntry(named: name, from: PathText.join(folder, "Contents.json"), kind: kind) else { return }
            edits.append(Edit(path: path, changes: ["reference removed from \"\(PathText.lastComponent(folder))/Contents.json\""]))
        case .catalog:
            return
        }
    }

    /// Removes the entries naming `name` from a pack's or sequence's list, or the filename of an icon
    /// set's entry (the slot stays, empty, as Xcode keeps it).
    private mutating func removeEntry(named name: String, from contents: String, kind: ContentsKind) -> Bool {
        guard let doc = document(contents) else { return false }
        let names: (JSONValue) -> Bool = { $0["filename"] == .string(name) }
        let json: JSONValue?
        if kind == .iconSet {
            json = doc.json.updating("images") { items in
                items.map { item in
                    guard names(item), case .object(let members) = item else { return item }
                    return .object(members.filter { $0.0 != "filename" })
                }
            }
        } else {
            json = doc.json.updating(Self.listKey(kind)) { $0.filter { !names($0) } }
        }
        guard let json, json != doc.json else { return false }
        documents[contents]?.json = json
        edited.insert(contents)
        return true
    }

    // MARK: The iMessage App Icon

    private mutating func fixIcons(_ set: IconSet, summaries: [String: FileSummary], write: Bool) {
        let contents = PathText.join(set.path, "Contents.json")
        // The source for generated icons: the largest decodable image the set assigns to a slot.
        var decoded: [String: DecodedImage] = [:]
        for image in set.images {
            if let bytes = try? files.read(image.image.path), let d = try? decoder.decode(bytes) { decoded[image.image.path] = d }
        }
        let source = decoded.sorted { a, b in
            let (x, y) = (a.value.width * a.value.height, b.value.width * b.value.height)
            return x != y ? x > y : PathOrder.less(a.key, b.key)
        }.first
        for slot in IconSlot.all {
            let assigned = set.images.first { $0.slot == slot }?.image.path
            let fits = assigned.flatMap { summaries[$0] }.map { $0.width == slot.pixelWidth && $0.height == slot.pixelHeight } ?? false
            let marketing = slot.idiom == "ios-marketing"
            if let assigned, fits {
                // An App Store icon with alpha: flattened onto the colour asked for.
                guard marketing, let background = iconBackground, summaries[assigned]?.hasAlpha == true, let image = decoded[assigned] else { continue }
                let flat = Self.flattened(image.frames[0].pixels, onto: background)
                guard let bytes = try? PNGEncoder.encodeOptimized(rgba: flat, width: image.width, height: image.height, deflateLevel: PNGOptimizer.deflateLevel) else { continue }
                let best = (try? PNGOptimizer.optimize(bytes, decoder: decoder).bytes) ?? bytes
                if write, let failure = Self.replace(assigned, with: best, files: files) {
                    edits.append(Edit(path: assigned, failure: failure))
                    continue
                }
                edits.append(Edit(path: assigned, changes: ["flattened onto \(Self.hex(background)): App Store icons have no alpha"]))
                continue
            }
            guard generateIcons, slot.required || assigned != nil, let (sourcePath, image) = source else { continue }
            if sourcePath == assigned { continue }
            var pixels = Self.cover(image.frames[0].pixels, width: image.width, height: image.height, to: slot.pixelWidth, slot.pixelHeight)
            if marketing {
                if let background = iconBackground {
                    pixels = Self.flattened(pixels, onto: background)
                } else if stride(from: 3, to: pixels.count, by: 4).contains(where: { pixels[$0] != 255 }) {
                    edits.append(Edit(path: set.path, kept: "not generated: the \(slot.label) icon would have transparent pixels, which App Store "
                                      + "Connect rejects; give --icon-background COLOUR to flatten it"))
                    continue
                }
            }
            guard let encoded = try? PNGEncoder.encodeOptimized(rgba: pixels, width: slot.pixelWidth, height: slot.pixelHeight, deflateLevel: PNGOptimizer.deflateLevel) else {
                continue
            }
            let bytes = (try? PNGOptimizer.optimize(encoded, decoder: decoder).bytes) ?? encoded
            let from = "from \"\(PathText.lastComponent(sourcePath))\" (\(image.width)×\(image.height)), Lanczos3"
            if let assigned {
                // The wrong size: replaced in place, under its own name.
                if write, let failure = Self.replace(assigned, with: bytes, files: files) {
                    edits.append(Edit(path: assigned, failure: failure))
                    continue
                }
                edits.append(Edit(path: assigned, changes: ["remade at \(slot.pixelWidth)×\(slot.pixelHeight) for \(slot.label) \(from)"]))
                continue
            }
            let name = "icon-\(slot.idiom)-\(slot.size)@\(slot.scale).png", path = PathText.join(set.path, name)
            guard files.kind(path) == .missing else {
                edits.append(Edit(path: set.path, kept: "not generated: \"\(name)\" exists but is not assigned to \(slot.label)"))
                continue
            }
            guard let doc = document(contents) else { continue }
            if write {
                do {
                    try files.write(bytes, to: path, overwrite: false)
                } catch {
                    edits.append(Edit(path: path, failure: error.description))
                    continue
                }
            }
            let entry: JSONValue = .object([("filename", .string(name)), ("idiom", .string(slot.idiom)), ("scale", .string(slot.scale)),
                                            ("size", .string(slot.size))])
            // An entry for the slot without a file gets the file; otherwise a new entry is added.
            var filled = false
            let json = doc.json.updating("images") { items in
                items.map { item in
                    guard !filled, item["idiom"] == .string(slot.idiom), item["size"] == .string(slot.size), item["scale"] == .string(slot.scale),
                          item["filename"] == nil, case .object(let members) = item else { return item }
                    filled = true
                    return .object([("filename", .string(name))] + members)
                }
            }.map { filled ? $0 : $0.updating("images") { $0 + [entry] }! } ?? doc.json.appending("images", .array([entry]))
            documents[contents]?.json = json
            edited.insert(contents)
            edits.append(Edit(path: path, changes: ["made for \(slot.label) (\(slot.pixelWidth)×\(slot.pixelHeight)) \(from)"]))
        }
    }

    /// Straight RGBA composited over an opaque colour (RGB): every pixel opaque.
    static func flattened(_ pixels: [UInt8], onto background: [UInt8]) -> [UInt8] {
        var out = pixels
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let a = Int(pixels[i + 3])
            for c in 0..<3 { out[i + c] = UInt8((Int(pixels[i + c]) * a + Int(background[c]) * (255 - a) + 127) / 255) }
            out[i + 3] = 255
        }
        return out
    }

    /// Scaled (Lanczos3, premultiplied) to cover `w` × `h` and cropped to it around the centre.
    static func cover(_ pixels: [UInt8], width: Int, height: Int, to w: Int, _ h: Int) -> [UInt8] {
        let scale = max(Double(w) / Double(width), Double(h) / Double(height))
        let sw = max(w, Int((Double(width) * scale).rounded())), sh = max(h, Int((Double(height) * scale).rounded()))
        let scaled = sw == width && sh == height ? pixels : Resampler.resize(pixels, width: width, height: height, to: sw, sh)
        let x0 = (sw - w) / 2, y0 = (sh - h) / 2
        var out = [UInt8](repeating: 0, count: w * h * 4)
        for row in 0..<h {
            let from = ((y0 + row) * sw + x0) * 4
            out.replaceSubrange((row * w * 4)..<((row + 1) * w * 4), with: scaled[from..<(from + w * 4)])
        }
        return out
    }

    /// Writes `bytes` over `path` atomically; the failure's text, or nil.
    static func replace(_ path: String, with bytes: [UInt8], files: any FileSystem) -> String? {
        do {
            try files.write(bytes, to: path)
            return nil
        } catch {
            return error.description
        }
    }

    static func hex(_ rgb: [UInt8]) -> String {
        "#" + rgb.prefix(3).map { let s = String($0, radix: 16, uppercase: true); return s.count == 1 ? "0" + s : s }.joined()
    }

    /// `--icon-background`: white, black, or #RRGGBB (RRGGBB, #RGB).
    static func colour(_ text: String) -> [UInt8]? {
        switch text.lowercased() {
        case "white": return [255, 255, 255]
        case "black": return [0, 0, 0]
        default:
            var digits = Array(text.hasPrefix("#") ? text.dropFirst() : Substring(text))
            if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
            guard digits.count == 6 else { return nil }
            let values = stride(from: 0, to: 6, by: 2).compactMap { UInt8(String(digits[$0...($0 + 1)]), radix: 16) }
            return values.count == 3 ? values : nil
        }
    }

    // MARK: Pieces

    private mutating func document(_ path: String) -> (original: [UInt8], json: JSONValue)? {
        if let doc = documents[path] { return doc }
        guard let bytes = try? files.read(path), let json = try? JSONParser.parse(bytes) else { return nil }
        documents[path] = (bytes, json)
        return (bytes, json)
    }

    /// What kind of folder `folder` is, by its extension; nil for an ordinary folder.
    static func kind(of folder: String) -> ContentsKind? { ContentsKind(folder: folder) }

    /// The array that names the folder's members.
    static func listKey(_ kind: ContentsKind) -> String {
        switch kind {
        case .pack: "stickers"
        case .sequence: "frames"
        case .iconSet: "images"
        case .sticker, .catalog: ""
        }
    }

    static func extensionFor(_ format: ImageFormat) -> String {
        switch format {
        case .png, .apng: "png"
        case .jpeg: "jpg"
        case .gif: "gif"
        }
    }

    /// Extensions App Store Connect accepts for that content.
    static func accepted(_ format: ImageFormat) -> [String] {
        switch format {
        case .png, .apng: ["png"]
        case .jpeg: ["jpg", "jpeg"]
        case .gif: ["gif"]
        }
    }

    static func replacingExtension(_ path: String, with ext: String) -> String {
        let name = PathText.lastComponent(path)
        let stem = name.lastIndex(of: ".").map { $0 == name.startIndex ? name : String(name[..<$0]) } ?? name
        return PathText.join(PathText.parent(path), stem + "." + ext)
    }
}

extension JSONValue {
    /// The object with the array at `key` transformed; nil when there is no such array.
    func updating(_ key: String, _ transform: ([JSONValue]) -> [JSONValue]) -> JSONValue? {
        guard case .object(let members) = self, case .array(let items)? = self[key] else { return nil }
        return .object(members.map { $0.0 == key ? ($0.0, .array(transform(items))) : $0 })
    }

    /// The object with the object at `key` transformed; nil when there is no such object.
    func updatingObject(_ key: String, _ transform: (JSONValue) -> JSONValue) -> JSONValue? {
        guard case .object(let members) = self, case .object? = self[key] else { return nil }
        return .object(members.map { $0.0 == key ? ($0.0, transform($0.1)) : $0 })
    }

    /// The object with `key` added after its other members.
    func appending(_ key: String, _ value: JSONValue) -> JSONValue {
        guard case .object(let members) = self else { return self }
        return .object(members + [(key, value)])
    }
}
