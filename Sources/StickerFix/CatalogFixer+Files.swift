import StickerCatalog
import StickerFiles
import StickerImage
import StickerLint

/// `.rename`, `.convert` and `.convertWebP`: a file gets the name its content needs, or becomes an APNG or PNG.
extension CatalogFixer {
    /// Renames an image and the reference its folder's Contents.json holds to it.
    /// The new name is made a hard link first; the old one goes once the Contents.json naming it is
    /// written (`finish`), so an interrupted run never leaves a reference without its file. A new name
    /// that is already a second name of the file (an interrupted run's) is taken as it is.
    mutating func rename(_ path: String, to newPath: String, write: Bool) {
        let newName = PathText.lastComponent(newPath)
        // A link is renamed by neither name: its target is the file (fixed under its own name, when it is among
        // the paths), and renaming it alone would leave it leading to the old name.
        if files.kind(path) == .symlink {
            edits.append(Edit(path: path, kind: .rename, kept: "not renamed: \(ReplaceRefusal.symbolicLink)"))
            return
        }
        if let why = linkedTo(path) {
            edits.append(Edit(path: path, kind: .rename, kept: "not renamed: \(why)"))
            return
        }
        let sameFile =
            files.kind(newPath) != .missing
            && files.status(path).flatMap { a in
                files.status(newPath).map { b in
                    a.inode == b.inode && a.device == b.device
                }
            } == true
        guard files.kind(newPath) == .missing || sameFile else {
            edits.append(Edit(path: path, kind: .rename, kept: "not renamed to \"\(newName)\": that file exists"))
            return
        }
        var linked = sameFile
        if write && !sameFile {
            do {
                // Where links are refused (a file system without them), the rename is one step.
                if (try? files.hardLink(path, to: newPath)) != nil { linked = true } else { try files.move(path, to: newPath) }
            } catch {
                edits.append(Edit(path: path, kind: .rename, failure: error.description))
                return
            }
        }
        let updated = retarget(path, to: newName)
        renamed[path] = newPath
        edits.append(Edit(path: path, kind: .rename, changes: ["renamed to \"\(newName)\"" + (updated ? ", Contents.json updated" : "")]))
        if write && linked {
            pending.append(
                Pending(remove: path, undo: sameFile ? nil : newPath, document: updated ? Self.contentsPath(of: path) : nil, edit: edits.count - 1))
        }
    }

    /// Why a file a symbolic link among the paths leads to keeps its name: the link would lead nowhere.
    func linkedTo(_ path: String) -> String? {
        guard let real = files.realPath(path), linkedTargets.contains(real) else { return nil }
        return "a symbolic link leads to it: left as it is (under a new name, the link would lead nowhere)"
    }

    /// The Contents.json of the folder holding `path`.
    static func contentsPath(of path: String) -> String { PathText.join(PathText.parent(path), "Contents.json") }

    /// `--convert-gif` (`.convert`): an animated GIF becomes an APNG, a still one a PNG; `.convertWebP`: a
    /// WebP likewise. The same frames, delays and number of plays (a GIF's NETSCAPE count repeats after
    /// the first play; WebP and APNG count plays), checked by decoding what was written. A WebP that is
    /// already named .png is replaced in place.
    mutating func convert(_ path: String, as kind: EditKind, write: Bool) {
        let newPath = Self.replacingExtension(path, with: "png"), newName = PathText.lastComponent(newPath)
        let inPlace = newPath == path
        // A conversion replaces the file: a link, a read-only file and one with several names are left as
        // they are, as every rewrite leaves them (`ReplaceRefusal`).
        if let refusal = files.replaceRefusal(path) {
            edits.append(Edit(path: path, kind: kind, kept: "not converted: \(refusal)"))
            return
        }
        if let why = linkedTo(path) {
            edits.append(Edit(path: path, kind: kind, kept: "not converted: \(why)"))
            return
        }
        let bytes: [UInt8], image: DecodedImage
        do {
            bytes = try files.read(path)
            image = try decoder.decode(bytes)
        } catch {
            edits.append(Edit(path: path, kind: kind, kept: "not converted: \(error)"))
            return
        }
        let converted: [UInt8]
        do {
            let encoded: [UInt8]
            if image.frames.count == 1 {
                encoded = try PNGEncoder.encodeOptimized(
                    rgba: image.frames[0].pixels, width: image.width, height: image.height, deflateLevel: PNGOptimizer.deflateLevel)
            } else {
                encoded = try FrameEncoder.apng(
                    PNGOptimizer.mergingIdenticalFrames(image.frames), width: image.width, height: image.height,
                    loopCount: image.plays, deflateLevel: PNGOptimizer.deflateLevel)
            }
            // Then the lossless optimiser's best, so that a later fix finds nothing left to do.
            var made = (try? PNGOptimizer.optimize(encoded, decoder: decoder).bytes) ?? encoded
            // A WebP's ICC profile goes with it, as a PNG carries one (GIF has none).
            if let profile = ICCProfile.embedded(in: bytes), let carrier = ICCProfile.carrier(for: profile) {
                made = PNGOptimizer.showingColours(of: carrier, in: made, decoder: decoder)
            }
            converted = made
            let back = try decoder.decode(converted)
            guard back.frames.map(\.pixels) == PNGOptimizer.mergingIdenticalFrames(image.frames).map(\.pixels) else {
                edits.append(Edit(path: path, kind: kind, kept: "not converted: the converted frames differ"))
                return
            }
        } catch {
            edits.append(Edit(path: path, kind: kind, kept: "not converted: \(error)"))
            return
        }
        // A GIF, which Messages takes, is never made larger (GIF's LZW can beat deflate on dithered frames); a WebP,
        // which it does not, only never past the limit.
        let over = converted.count > StickerLimits.documentedBytes
        if converted.count > bytes.count && (kind == .convert || over) {
            let what = image.frames.count == 1 ? "a PNG" : "an APNG"
            let how =
                over ? ", over the \(StickerLimits.documentedBytes.grouped)-byte limit" : ", \((converted.count - bytes.count).grouped) more"
            edits.append(
                Edit(
                    path: path, kind: kind,
                    kept: "not converted: as \(what) it would be \(converted.count.grouped) bytes\(how) (it is \(bytes.count.grouped) bytes now)"))
            return
        }
        // A file already there is refused, unless it is exactly this conversion (an interrupted run's).
        let already = !inPlace && files.kind(newPath) != .missing && (try? files.read(newPath)) == converted
        guard inPlace || files.kind(newPath) == .missing || already else {
            edits.append(Edit(path: path, kind: kind, kept: "not converted to \"\(newName)\": that file exists"))
            return
        }
        if write && !already {
            do throws(FileError) {
                // Made private, then given the source's mode, owner and extended attributes before anyone
                // could read it under another mode.
                try files.write(converted, to: newPath, overwrite: inPlace, privately: !inPlace)
                if !inPlace {
                    do { try files.copyMetadata(from: path, to: newPath) } catch {
                        files.remove(newPath)
                        throw error
                    }
                }
            } catch {
                edits.append(Edit(path: path, kind: kind, failure: error.description))
                return
            }
        }
        let updated = inPlace ? false : retarget(path, to: newName)
        if !inPlace { renamed[path] = newPath }
        defer {
            // The source goes once the Contents.json naming the new file is written (`finish`).
            if write && !inPlace {
                pending.append(
                    Pending(
                        remove: path, undo: already ? nil : newPath, document: updated ? Self.contentsPath(of: path) : nil,
                        edit: edits.count - 1))
            }
        }
        // The frames written: identical neighbours are merged into one (their delays summed), so 240 GIF
        // frames can be 16 APNG frames showing the same.
        let written = (try? decoder.probe(converted))?.frameCount ?? image.frames.count
        let what = written == 1 ? "PNG" : "APNG of \(written.counted("frame"))"
        edits.append(
            Edit(
                path: path, kind: kind,
                changes: [
                    "converted to \(what) \"\(newName)\" (\(bytes.count.grouped) → \(converted.count.grouped) bytes, "
                        + "same pixels and delays)" + (updated ? ", Contents.json updated" : "")
                ], size: bytes.count, sizeAfter: converted.count))
    }

    /// Points the reference to `path` in its folder's Contents.json at `newName`; false when the folder
    /// has none (a loose file).
    mutating func retarget(_ path: String, to newName: String) -> Bool {
        let folder = PathText.parent(path), name = PathText.lastComponent(path)
        let contents = PathText.join(folder, "Contents.json")
        guard let kind = ContentsKind(folder: folder), kind != .catalog, let doc = document(contents) else { return false }
        let json = Self.replacingFilename(doc.json, kind: kind, from: name, to: newName)
        guard json != doc.json else { return false }
        documents[contents]?.json = json
        markEdited(contents, by: .rename)
        return true
    }

    static func replacingFilename(_ json: JSONValue, kind: ContentsKind, from old: String, to new: String) -> JSONValue {
        func entry(_ value: JSONValue) -> JSONValue {
            guard case .object(let members) = value else { return value }
            return .object(members.map { key, child in key == "filename" && child == .string(old) ? (key, .string(new)) : (key, child) })
        }
        return CatalogWriter.listKey(kind).flatMap { key in json.updating(key) { $0.map(entry) } } ?? json.updatingObject("properties", entry) ?? json
    }

}
