import StickerFiles

/// Reading each kind of catalog folder into the model: values are kept as written (a `grid-size` that
/// is not a grid, a sequence's duration and duration type, every icon-set entry); only what cannot be
/// read or resolved is reported.
extension CatalogSession {
    mutating func readCatalogRoot(_ path: String) -> Catalog {
        _ = contents(of: path, kind: .catalog, required: false)
        var catalog = Catalog(path: path, packs: [], iconSets: [])
        readGroup(path, into: &catalog)
        catalog.iconSetsInCatalog = catalog.iconSets.count
        return catalog
    }

    /// A catalog folder or group: packs and icon sets may sit at any depth.
    mutating func readGroup(_ path: String, into catalog: inout Catalog) {
        for name in reader.files.list(path) ?? [] where !name.hasPrefix(".") {
            let child = PathText.join(path, name)
            guard reader.files.kind(child) == .directory, !reader.isExcluded(child) else { continue }
            switch (ContentsKind(folder: name), PathText.fileExtension(name)) {
            case (.pack, _): catalog.packs.append(readPack(child))
            case (.iconSet, _): catalog.iconSets.append(readIconSet(child))
            case (nil, ""):
                _ = contents(of: child, kind: .catalog, required: false)
                readGroup(child, into: &catalog)
            default: break  // image sets, colour sets, app icons: not stickers
            }
        }
    }

    mutating func readPack(_ path: String) -> StickerPack {
        let file = PathText.join(path, "Contents.json")
        Trace.mark("catalog read up to a pack")
        var snapshots = beginSnapshots(ofPack: path)
        Trace.mark("entry folders' statuses")
        defer { snapshots?.finish(); Trace.mark("snapshot table kept") }
        let issuesBefore = issues.count
        let json = contents(of: path, kind: .pack)
        // The pack's own issues, apart from its entries': a clean reading is kept (`FolderReading`).
        var entryIssues = 0
        // Asked once: comparing the optional with nil at each entry copied the whole tracking.
        let tracked = snapshots != nil
        func read(_ child: String, into session: inout CatalogSession, isFolder: Bool = false) -> PackEntry {
            let before = session.issues.count
            defer { entryIssues += session.issues.count - before }
            guard tracked else { return session.readEntry(child) }
            return session.readEntry(child, of: path, tracking: &snapshots!, needsDocument: session.needsDocument(child), isFolder: isFolder)
        }
        if let packSnapshot = snapshots?.kept(Self.packKey), packSnapshot == snapshots?.loaded(Self.packKey), json != nil,
            case .pack(let names, let gridSize) = packSnapshot.reading, issues.count == issuesBefore
        {
            Trace.mark("the pack's Contents.json")
            let entries = names.map { read(PathText.join(path, $0), into: &self, isFolder: true) }
            Trace.mark("entries read")
            return StickerPack(path: path, gridSizeValue: gridSize, entries: entries)
        }
        let gridSizeValue = string(json?["properties"]?["grid-size"], "grid-size", in: file)
        var entries: [PackEntry] = []
        var referenced: Set<String> = []
        if let list = objects(json?["stickers"], "stickers", in: file) {
            for item in list {
                guard let name = string(item["filename"], "filename", in: file) else { continue }
                guard let child = resolveReporting(name, in: path, owner: path) else { continue }
                referenced.insert(child)
                guard kind(child) == .directory,
                    ContentsKind(folder: child)?.isEntry == true
                else {
                    issues.append(
                        .invalidJSON(
                            path: file,
                            reason:
                                "\"stickers\" names \"\(name)\", which is not a .\(ContentsKind.sticker.folderExtension) or .\(ContentsKind.sequence.folderExtension) folder"
                        ))
                    continue
                }
                entries.append(read(child, into: &self))
            }
        } else if json != nil {
            // No stickers array: Xcode shows the sticker folders in name order.
            for name in cachedListing(path) where ContentsKind(folder: name)?.isEntry == true {
                let child = PathText.join(path, name)
                referenced.insert(child)
                entries.append(read(child, into: &self))
            }
        }
        if json != nil { reportUnreferenced(in: path, referenced: referenced) }
        let pack = StickerPack(path: path, gridSizeValue: gridSizeValue, entries: entries, isReadable: json != nil)
        if issues.count - entryIssues == issuesBefore, let snapshot = snapshots?.kept(Self.packKey) {
            snapshots?.setReading(FolderReading(pack: pack, snapshot: snapshot), of: Self.packKey)
        }
        return pack
    }

    /// Whether the run keeps an entry's Contents.json document (every run but one kept to some files).
    func needsDocument(_ entry: String) -> Bool {
        focus.isEmpty || focus.contains(PathText.join(entry, "Contents.json"), keepContainer: true)
    }

    mutating func readEntry(_ path: String) -> PackEntry {
        ContentsKind(folder: path) == .sticker ? .sticker(readSticker(path)) : .sequence(readSequence(path))
    }

    mutating func readSticker(_ path: String) -> Sticker {
        let file = PathText.join(path, "Contents.json")
        guard let json = contents(of: path, kind: .sticker) else {
            return Sticker(path: path, image: nil, accessibilityLabel: nil, isReadable: false)
        }
        let properties = json["properties"]
        let label = string(properties?["accessibility-label"], "accessibility-label", in: file)
        var image: ImageRef?
        var referenced: Set<String> = []
        if let name = string(properties?["filename"], "filename", in: file) {
            if let resolved = resolveReporting(name, in: path, owner: path) {
                referenced.insert(resolved)
                image = ImageRef(resolved)
            }
        } else {
            issues.append(.invalidJSON(path: file, reason: "\"properties\".\"filename\" is missing: the sticker has no image"))
        }
        reportUnreferenced(in: path, referenced: referenced)
        return Sticker(path: path, image: image, accessibilityLabel: label)
    }

    mutating func readSequence(_ path: String) -> StickerSequence {
        let file = PathText.join(path, "Contents.json")
        guard let json = contents(of: path, kind: .sequence) else { return StickerSequence(path: path, frames: [], isReadable: false) }
        let properties = json["properties"]
        let duration = number(properties?["duration"], "duration", in: file)
        let durationType = string(properties?["duration-type"], "duration-type", in: file)
        let repetitions = whole(properties?["repetitions"], "repetitions", in: file, range: StickerSequence.repetitionRange)
        let label = string(properties?["accessibility-label"], "accessibility-label", in: file)
        var frames: [ImageRef] = []
        var emptyEntries: [Int] = []
        var referenced: Set<String> = []
        for (index, item) in (objects(json["frames"], "frames", in: file) ?? []).enumerated() {
            guard let name = string(item["filename"], "filename", in: file) else {
                if item == .object([]) { emptyEntries.append(index) }
                continue
            }
            if let resolved = resolveReporting(name, in: path, owner: path) {
                referenced.insert(resolved)
                frames.append(ImageRef(resolved))
            }
        }
        reportUnreferenced(in: path, referenced: referenced)
        return StickerSequence(
            path: path, frames: frames, duration: duration, durationType: durationType,
            repetitions: repetitions, accessibilityLabel: label,
            emptyFrameEntries: emptyEntries)
    }

    mutating func readIconSet(_ path: String) -> IconSet {
        let file = PathText.join(path, "Contents.json")
        var set = IconSet(path: path)
        guard let json = contents(of: path, kind: .iconSet) else {
            set.isReadable = false
            return set
        }
        var referenced: Set<String> = []
        for item in objects(json["images"], "images", in: file) ?? [] {
            // Kept as written, unassigned and slot-less entries too: the rules decide what fills a slot.
            var entry = IconEntry(
                idiom: string(item["idiom"], "idiom", in: file),
                size: string(item["size"], "size", in: file),
                scale: string(item["scale"], "scale", in: file),
                filename: string(item["filename"], "filename", in: file),
                unassigned: item["unassigned"] == .bool(true))
            if let name = entry.filename, let resolved = resolveReporting(name, in: path, owner: path) {
                referenced.insert(resolved)
                entry.image = ImageRef(resolved)
            }
            set.entries.append(entry)
        }
        // Every image in the folder, named or not, as Xcode lists the set's children.
        let listed = cachedListing(path).map { PathText.join(path, $0) }.filter {
            reader.imageExtensions.contains(PathText.fileExtension($0)) && kind($0) == .file
        }
        set.files = Set(listed.map(ImageRef.init) + set.entries.compactMap(\.image)).sorted()
        reportUnreferenced(in: path, referenced: referenced)
        return set
    }
}
