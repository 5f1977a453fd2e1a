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
                guard marketing, let background = options.iconBackground, summaries[assigned]?.hasAlpha == true, let image = decoded[assigned] else { continue }
                let flat = Self.flattened(image.frames[0].pixels, onto: background)
                guard let bytes = try? PNGEncoder.encodeOptimized(rgba: flat, width: image.width, height: image.height, deflateLevel: PNGOptimizer.deflateLevel) else { continue }
                let best = (try? PNGOptimizer.optimize(bytes, decoder: decoder).bytes) ?? bytes
                if write, let failure = Self.replace(assigned, with: best, files: files) {
                    edits.append(Edit(path: assigned, kind: .flattenIcon, failure: failure))
                    continue
                }
                edits.append(Edit(path: assigned, kind: .flattenIcon, changes: ["flattened onto \(Self.hex(background)): App Store icons have no alpha"]))
                continue
            }
            guard options.allows(.makeIcon), slot.required || assigned != nil, let (sourcePath, image) = source else { continue }
            if sourcePath == assigned { continue }
            var pixels = Self.cover(image.frames[0].pixels, width: image.width, height: image.height, to: slot.pixelWidth, slot.pixelHeight)
            if marketing {
                if let background = options.iconBackground {
                    pixels = Self.flattened(pixels, onto: background)
                } else if stride(from: 3, to: pixels.count, by: 4).contains(where: { pixels[$0] != 255 }) {
                    edits.append(Edit(path: set.path, kind: .makeIcon, kept: "not generated: the \(slot.label) icon would have transparent pixels, which App Store "
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
                    edits.append(Edit(path: assigned, kind: .makeIcon, failure: failure))
                    continue
                }
                edits.append(Edit(path: assigned, kind: .makeIcon, changes: ["remade at \(slot.pixelWidth)×\(slot.pixelHeight) for \(slot.label) \(from)"]))
                continue
            }
            let name = "icon-\(slot.idiom)-\(slot.size)@\(slot.scale).png", path = PathText.join(set.path, name)
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
            edits.append(Edit(path: path, kind: .makeIcon, changes: ["made for \(slot.label) (\(slot.pixelWidth)×\(slot.pixelHeight)) \(from)"],
                              answers: set.path))
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
}
