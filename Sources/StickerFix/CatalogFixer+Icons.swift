import StickerCatalog
import StickerFiles
import StickerImage
import StickerLint

/// `.makeIcon` and `.flattenIcon`: the iMessage App Icon's required slots filled, App Store icons
/// without alpha.
extension CatalogFixer {
    mutating func fixIcons(_ set: IconSet, summaries: [String: FileSummary], write: Bool) {
        let contents = PathText.join(set.path, "Contents.json")
        // The source for generated icons: the largest decodable image the set assigns to a slot.
        var decoded: [String: DecodedImage] = [:]
        for image in set.images {
            if let bytes = try? files.read(image.image.path), let d = try? decoder.decode(bytes) { decoded[image.image.path] = d }
        }
        // Images lying in the set that no entry names: one of exactly a slot's size fills that slot as it is.
        let named = Set(set.images.map { PathText.lastComponent($0.image.path) })
        var unassigned: [(name: String, width: Int, height: Int)] = []
        for name in files.list(set.path) ?? [] where PathText.fileExtension(name) == "png" && !named.contains(name) {
            if let header = try? decoder.probe(FileSystemByteSource(files, path: PathText.join(set.path, name))) {
                unassigned.append((name, header.width, header.height))
            }
        }
        for slot in IconSlot.all {
            let assigned = set.images.first { $0.slot == slot }?.image.path
            let fits = assigned.flatMap { summaries[$0] }.map { $0.width == slot.pixelWidth && $0.height == slot.pixelHeight } ?? false
            let marketing = slot.isMarketing
            if let assigned, fits {
                // An App Store icon with alpha: flattened onto the colour asked for.
                guard marketing, let background = options.iconBackground, summaries[assigned]?.hasAlpha == true, let image = decoded[assigned] else {
                    continue
                }
                let flat = Canvas.icon(from: image, image.width, image.height, background: background)
                guard let best = try? PNGOptimizer.smallestFile(rgba: flat, width: image.width, height: image.height) else {
                    continue
                }
                replace(
                    assigned, with: best, as: .flattenIcon, "flattened onto \(Canvas.hex(background)): App Store icons have no alpha", write: write)
                continue
            }
            guard options.allows(.makeIcon), slot.required || assigned != nil else { continue }
            if assigned == nil, let index = unassigned.firstIndex(where: { $0.width == slot.pixelWidth && $0.height == slot.pixelHeight }) {
                let name = unassigned.remove(at: index).name
                if let doc = document(contents) {
                    documents[contents]?.json = Self.assigning(name, to: slot, in: doc.json)
                    markEdited(contents, by: .makeIcon)
                    edits.append(
                        Edit(
                            path: PathText.join(set.path, name), kind: .makeIcon,
                            changes: ["assigned to \(slot.label): already in the set at \(slot.pixelWidth)×\(slot.pixelHeight)"], answers: set.path))
                }
                continue
            }
            guard let (sourcePath, image) = Self.bestSource(decoded, for: slot.pixelWidth, slot.pixelHeight) else { continue }
            if sourcePath == assigned { continue }
            let pixels = Canvas.icon(from: image, slot.pixelWidth, slot.pixelHeight, background: marketing ? options.iconBackground : nil)
            if marketing && Canvas.hasTransparency(pixels) {
                // Flattened only with a colour to flatten onto.
                edits.append(
                    Edit(
                        path: set.path, kind: .makeIcon,
                        kept: "not generated: the \(slot.label) icon would have transparent pixels, which App Store "
                            + "Connect rejects; give --icon-background COLOUR to flatten it"))
                continue
            }
            guard let bytes = try? PNGOptimizer.smallestFile(rgba: pixels, width: slot.pixelWidth, height: slot.pixelHeight) else {
                continue
            }
            let from = "from \"\(PathText.lastComponent(sourcePath))\" (\(image.width)×\(image.height)), Lanczos3"
            if let assigned {
                // The wrong size: replaced in place, under its own name.
                replace(
                    assigned, with: bytes, as: .makeIcon, "remade at \(slot.pixelWidth)×\(slot.pixelHeight) for \(slot.label) \(from)", write: write)
                continue
            }
            let name = slot.fileName, path = PathText.join(set.path, name)
            guard files.kind(path) == .missing else {
                edits.append(Edit(path: set.path, kind: .makeIcon, kept: "not generated: \"\(name)\" exists but is not assigned to \(slot.label)"))
                continue
            }
            guard let doc = document(contents) else { continue }
            if write {
                do {
                    try files.write(bytes, to: path, overwrite: false)
                } catch {
                    edits.append(Edit(path: path, kind: .makeIcon, failure: error.description))
                    continue
                }
            }
            documents[contents]?.json = Self.assigning(name, to: slot, in: doc.json)
            markEdited(contents, by: .makeIcon)
            edits.append(
                Edit(
                    path: path, kind: .makeIcon, changes: ["made for \(slot.label) (\(slot.pixelWidth)×\(slot.pixelHeight)) \(from)"],
                    answers: set.path))
        }
    }

    /// The set's Contents.json with `name` in `slot`: an entry for the slot without a file gets the file;
    /// otherwise a new entry is added.
    static func assigning(_ name: String, to slot: IconSlot, in json: JSONValue) -> JSONValue {
        let entry = CatalogWriter.iconEntry(slot, fileName: name)
        var filled = false
        // An "unassigned" entry already naming the file goes: the file now has its slot.
        let json = json.updating("images") { $0.filter { $0["filename"] != .string(name) } } ?? json
        return json.updating("images") { items in
            items.map { item in
                guard !filled, item["idiom"] == .string(slot.idiom), item["size"] == .string(slot.size), item["scale"] == .string(slot.scale),
                    item["filename"] == nil, case .object(let members) = item
                else { return item }
                filled = true
                return .object([("filename", .string(name))] + members)
            }
        }.map { filled ? $0 : $0.updating("images") { $0 + [entry] }! } ?? json.appending("images", .array([entry]))
    }

    /// The best source for a slot of `w` × `h`: the image whose shape is nearest the slot's (a square
    /// icon for square slots, not the 4:3 App Store image), the largest among those.
    static func bestSource(_ images: [String: DecodedImage], for w: Int, _ h: Int) -> (String, DecodedImage)? {
        func mismatch(_ image: DecodedImage) -> Double {
            let ratio = Double(image.width) * Double(h) / (Double(image.height) * Double(w))
            return max(ratio, 1 / ratio)
        }
        return images.sorted { a, b in
            let (ma, mb) = (mismatch(a.value), mismatch(b.value))
            if abs(ma - mb) > 1e-9 { return ma < mb }
            let (x, y) = (a.value.width * a.value.height, b.value.width * b.value.height)
            return x != y ? x > y : PathOrder.less(a.key, b.key)
        }.first.map { ($0.key, $0.value) }
    }

    /// Writes `bytes` over the icon at `path` atomically (with `write`), and reports the change or why
    /// it could not be made.
    private mutating func replace(_ path: String, with bytes: [UInt8], as kind: EditKind, _ change: String, write: Bool) {
        do {
            if write { try files.write(bytes, to: path) }
            edits.append(Edit(path: path, kind: kind, changes: [change]))
        } catch {
            edits.append(Edit(path: path, kind: kind, failure: error.description))
        }
    }
}
