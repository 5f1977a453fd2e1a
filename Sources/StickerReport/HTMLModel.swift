import StickerCatalog
import StickerImage
import StickerLint
import StickerFiles

/// The report's content, organised by pack, with each sticker's files and findings.
struct HTMLModel {
    struct Sticker {
        var name: String
        var path: String
        var images: [String]
        var label: String?
        var frameDelay: Int?
    }

    var stickers: [Sticker] = []
    var packs: [(pack: StickerPack, stickers: [Int])] = []
    var loose: [Int] = []
    /// Loose files checked under another store's profile, by folder: each folder is that store's pack.
    var storePacks: [(folder: String, store: Store, stickers: [Int])] = []
    /// Loose files checked as the media of interactive messages (the message-media profile).
    var media: [Int] = []
    var other: [Diagnostic] = []
    let byPath: [String: [Diagnostic]]
    /// The paths of `byPath` under each folder above them (at any depth).
    let inside: [String: [String]]
    let files: [String: FileSummary]

    init(_ result: LintResult) {
        var byPath: [String: [Diagnostic]] = [:]
        for d in result.diagnostics { byPath[d.path, default: []].append(d) }
        self.byPath = byPath
        var inside: [String: [String]] = [:]
        for path in byPath.keys {
            for folder in PathText.ancestors(path) { inside[folder, default: []].append(path) }
        }
        self.inside = inside
        files = Dictionary(uniqueKeysWithValues: result.files.map { ($0.path, $0) })
        var claimed: Set<String> = []
        for pack in result.packs {
            var ids: [Int] = []
            for entry in pack.entries {
                ids.append(stickers.count)
                stickers.append(
                    Sticker(
                        name: Self.name(entry.path), path: entry.path, images: entry.images.map(\.path),
                        label: entry.accessibilityLabel, frameDelay: entry.frameDelayMilliseconds))
                claimed.insert(entry.path)
                claimed.formUnion(entry.images.map(\.path))
            }
            packs.append((pack, ids))
        }
        let icons = Set(result.iconSets.flatMap(\.files).map(\.path))
        var storeFolders: [String: (store: Store, stickers: [Int])] = [:]
        for file in result.files where !claimed.contains(file.path) && !icons.contains(file.path) {
            if file.profile == .messageMedia {
                media.append(stickers.count)
            } else if let store = file.profile.ofStore {
                storeFolders[PathText.parent(file.path), default: (store, [])].stickers.append(stickers.count)
            } else {
                loose.append(stickers.count)
            }
            stickers.append(Sticker(name: PathText.lastComponent(file.path), path: file.path, images: [file.path], label: nil, frameDelay: nil))
            claimed.insert(file.path)
        }
        storePacks = storeFolders.keys.sorted { PathOrder.less($0, $1) }.map { ($0, storeFolders[$0]!.store, storeFolders[$0]!.stickers) }
        let containers = Set(result.packs.map(\.path) + result.iconSets.map(\.path) + storePacks.map(\.folder))
        other = result.diagnostics.filter { d in
            !claimed.contains(d.path) && !icons.contains(d.path) && !containers.contains { d.path == $0 || d.path.hasPrefix($0 + "/") }
        }
    }

    /// "Cat" for ".../Cat.sticker".
    static func name(_ path: String) -> String { CatalogWriter.displayName(path) }

    /// Findings on the sticker folder, its images, and anything inside the folder (a missing image).
    func findings(of sticker: Sticker) -> [Diagnostic] {
        let own = ([sticker.path] + sticker.images).uniqued()
        let inside = paths(inside: sticker.path).filter { !own.contains($0) }.sorted { PathOrder.less($0, $1) }
        return (own + inside).flatMap { byPath[$0] ?? [] }
    }

    /// The paths with findings inside `folder` (at any depth), in no particular order: looked up, not
    /// found by a scan of every path for every sticker (which took longer than the rest of a warm report).
    func paths(inside folder: String) -> [String] { inside[folder] ?? [] }

    // MARK: Sections

    func header(_ result: LintResult) -> String {
        let status = result.errorCount > 0 ? "fails" : result.warningCount > 0 ? "passes with warnings" : "passes"
        return "<header>\n<h1>Sticker report</h1>\n<p class=\"lede\">\(result.files.count.counted("file")) checked: "
            + "\(badge(.error, result.errorCount.counted("error"))) \(badge(.warning, result.warningCount.counted("warning"))) "
            + "\(badge(.note, result.noteCount.counted("note"))). The run \(status).</p>\n</header>\n"
    }

    /// `packLink`, `storeLink`: where a pack's or a store pack's row links to (its section on this page, or
    /// its own page).
    func summary(
        _ result: LintResult, packLink: (Int) -> String = { "#pack\($0)" }, storeLink: (Int) -> String = { "#store\($0)" }
    ) -> String {
        var out = "<section aria-labelledby=\"summary\">\n<h2 id=\"summary\">Summary</h2>\n<div class=\"tables\">\n"
        out +=
            "<table>\n<caption>Totals</caption>\n<thead><tr><th scope=\"col\">Files</th><th scope=\"col\">Errors</th>"
            + "<th scope=\"col\">Warnings</th><th scope=\"col\">Notes</th></tr></thead>\n"
        out +=
            "<tbody><tr><td>\(result.files.count)</td><td>\(result.errorCount)</td><td>\(result.warningCount)</td><td>\(result.noteCount)</td></tr></tbody>\n</table>\n"
        if !result.diagnostics.isEmpty {
            var counts: [RuleID: [Severity: Int]] = [:]
            for d in result.diagnostics { counts[d.rule, default: [:]][d.severity, default: 0] += 1 }
            out +=
                "<table>\n<caption>Findings by rule</caption>\n<thead><tr><th scope=\"col\">Rule</th><th scope=\"col\">Errors</th>"
                + "<th scope=\"col\">Warnings</th><th scope=\"col\">Notes</th></tr></thead>\n<tbody>\n"
            for rule in counts.keys.sorted() {
                let c = counts[rule]!
                out +=
                    "<tr><th scope=\"row\"><code>\(HTML.escape(rule.rawValue))</code></th><td>\(c[.error] ?? 0)</td><td>\(c[.warning] ?? 0)</td><td>\(c[.note] ?? 0)</td></tr>\n"
            }
            out += "</tbody>\n</table>\n"
        }
        if !packs.isEmpty || !storePacks.isEmpty {
            out +=
                "<table>\n<caption>Packs</caption>\n<thead><tr><th scope=\"col\">Pack</th><th scope=\"col\">Grid</th>"
                + "<th scope=\"col\">Stickers</th><th scope=\"col\">Errors</th><th scope=\"col\">Warnings</th><th scope=\"col\">Status</th></tr></thead>\n<tbody>\n"
            func row(_ link: String, _ name: String, _ grid: String, _ count: Int, _ found: [Diagnostic]) -> String {
                let errors = found.filter { $0.severity == .error }.count, warnings = found.filter { $0.severity == .warning }.count
                let status =
                    errors > 0 ? badge(.error, "fails") : warnings > 0 ? badge(.warning, "warnings") : "<span class=\"badge ok\">passes</span>"
                return "<tr><th scope=\"row\"><a href=\"\(link)\">\(HTML.escape(name))</a></th><td>\(grid)</td><td>\(count)</td>"
                    + "<td>\(errors)</td><td>\(warnings)</td><td>\(status)</td></tr>\n"
            }
            for (index, entry) in packs.enumerated() {
                out += row(
                    packLink(index), Self.name(entry.pack.path), "\(entry.pack.grid.displayName) · \(entry.pack.grid.pixels) px",
                    entry.stickers.count, packFindings(entry.pack) + entry.stickers.flatMap { findings(of: stickers[$0]) })
            }
            for (index, entry) in storePacks.enumerated() {
                out += row(
                    storeLink(index), PathText.lastComponent(entry.folder),
                    HTML.escape(entry.store.name) + (entry.store.limits.count == nil ? " stickers" : " pack"), storeStickerCount(index),
                    storePackFindings(entry.folder, stickers: entry.stickers) + entry.stickers.flatMap { findings(of: stickers[$0]) })
            }
            out += "</tbody>\n</table>\n"
        }
        return out + "</div>\n</section>\n"
    }

    /// Findings on the pack itself or on files in it that belong to no sticker (unreferenced files).
    func packFindings(_ pack: StickerPack) -> [Diagnostic] {
        let members = packs.first { $0.pack.path == pack.path }?.stickers.map { stickers[$0] } ?? []
        let entries = Set(members.flatMap { [$0.path] + $0.images })
        let folders = Set(members.map(\.path))
        /// Whether a folder above `path`, below the pack, is a sticker's.
        func inSticker(_ path: String) -> Bool {
            PathText.ancestors(path).prefix { $0.utf8.count > pack.path.utf8.count }.contains(where: folders.contains)
        }
        let candidates = (byPath[pack.path] == nil ? [] : [pack.path]) + paths(inside: pack.path)
        return candidates.filter { !entries.contains($0) && !inSticker($0) }.sorted { PathOrder.less($0, $1) }.flatMap { byPath[$0] ?? [] }
    }

    func packSection(_ entry: (pack: StickerPack, stickers: [Int]), shown: [Bool]) -> String {
        let index = packs.firstIndex { $0.pack.path == entry.pack.path } ?? 0
        let grid = entry.pack.grid
        let columns = grid == .small ? 4 : grid == .regular ? 3 : 2
        var out = "<section class=\"pack\" id=\"pack\(index)\" aria-labelledby=\"pack\(index)-title\">\n"
        out += "<h2 id=\"pack\(index)-title\">\(HTML.escape(Self.name(entry.pack.path)))</h2>\n"
        out +=
            "<p class=\"meta\"><code>\(HTML.escape(entry.pack.path))</code> · \(grid.displayName) grid: \(grid.points) pt, "
            + "\(grid.pixels) px at @3x, \(columns) per row · \(entry.stickers.count.counted("sticker"))</p>\n"
        let own = packFindings(entry.pack)
        if !own.isEmpty { out += findingsList(own, relativeTo: entry.pack.path) }
        if !entry.stickers.isEmpty {
            out += "<h3>In the Messages sticker browser</h3>\n<ul class=\"browser cols\(columns)\">\n"
            for id in entry.stickers {
                let sticker = stickers[id]
                let label = HTML.escape(sticker.label ?? sticker.name)
                out +=
                    !shown[id]
                    ? "<li><div class=\"cell missing\" role=\"img\" aria-label=\"\(label) (cannot be shown)\">?</div></li>\n"
                    : "<li><div class=\"cell t\(id)\" role=\"img\" aria-label=\"\(label)\"></div></li>\n"
            }
            out += "</ul>\n<h3>Stickers</h3>\n<div class=\"cards\">\n"
            for id in entry.stickers { out += card(id, shown: shown[id]) }
            out += "</div>\n"
        }
        return out + "</section>\n"
    }

    /// Findings on a store pack's folder or on files in it that are not its stickers (its contents.json).
    func storePackFindings(_ folder: String, stickers ids: [Int]) -> [Diagnostic] {
        let members = Set(ids.map { stickers[$0].path })
        let candidates = (byPath[folder] == nil ? [] : [folder]) + paths(inside: folder)
        return candidates.filter { !members.contains($0) && PathText.parent($0) == folder || $0 == folder }.uniqued()
            .sorted { PathOrder.less($0, $1) }.flatMap { byPath[$0] ?? [] }
    }

    /// How many of a store pack's files are stickers (not its tray icon, thumbnail or the like).
    func storeStickerCount(_ index: Int) -> Int {
        let (_, store, ids) = storePacks[index]
        return ids.filter { store.limits.packFile(for: stickers[$0].path) == nil }.count
    }

    /// A folder checked under another store's profile: that store's pack, with the store's pack rules
    /// (how many stickers, mixing, its own files), the pack's findings and a card for each file.
    func storePackSection(_ index: Int, shown: [Bool]) -> String {
        let (folder, owner, ids) = storePacks[index]
        let store = owner.limits
        let packFiles = ids.count - storeStickerCount(index)
        var out = "<section class=\"pack\" id=\"store\(index)\" aria-labelledby=\"store\(index)-title\">\n"
        let what = store.count == nil ? "\(store.name) stickers" : "a \(store.name) pack"
        out += "<h2 id=\"store\(index)-title\">\(HTML.escape(PathText.lastComponent(folder))) · \(HTML.escape(what))</h2>\n"
        out +=
            "<p class=\"meta\"><code>\(HTML.escape(folder))</code> · checked under the \(owner.id) profile · "
            + "\((ids.count - packFiles).counted("sticker"))" + (packFiles == 0 ? "" : " and \(packFiles.counted("pack file"))") + "</p>\n"
        let rules =
            store.count == nil
            ? "\(store.name) counts no packs: \(store.countSource)." : "\(store.name) takes \(StoreWording.pack(store, code: false))."
        out += "<p class=\"meta\">\(HTML.escape(rules))</p>\n"
        let own = storePackFindings(folder, stickers: ids)
        if !own.isEmpty { out += findingsList(own, relativeTo: folder) }
        out += "<div class=\"cards\">\n"
        for id in ids { out += card(id, shown: shown[id]) }
        return out + "</div>\n</section>\n"
    }

    func looseSection(shown: [Bool]) -> String {
        var out = "<section class=\"pack\" id=\"loose\" aria-labelledby=\"loose-title\">\n<h2 id=\"loose-title\">Loose stickers</h2>\n"
        out += "<p class=\"meta\">Images outside any sticker pack · \(loose.count.counted("sticker"))</p>\n<div class=\"cards\">\n"
        for id in loose { out += card(id, shown: shown[id]) }
        return out + "</div>\n</section>\n"
    }

    /// Message media, each drawn inside a bubble as Messages lays it out: the strips it crops from the
    /// sides (6 of its 300 points) hatched and the rounded corners outlined.
    func mediaSection(shown: [Bool]) -> String {
        var out = "<section class=\"pack\" id=\"media\" aria-labelledby=\"media-title\">\n<h2 id=\"media-title\">Message media</h2>\n"
        out +=
            "<p class=\"meta\">Checked under the message-media profile · \(media.count.counted("file")). Each is shown as "
            + "Messages lays it out: the hatched strips (6 points each side, 18 px of a 900 px image) are cropped and the "
            + "dashed corners rounded.</p>\n<div class=\"cards\">\n"
        for id in media { out += mediaCard(id, shown: shown[id]) }
        return out + "</div>\n</section>\n"
    }

    func mediaCard(_ id: Int, shown: Bool) -> String {
        let item = stickers[id]
        var out = "<article class=\"card\" id=\"sticker\(id)\" aria-labelledby=\"sticker\(id)-name\">\n"
        out += "<h4 id=\"sticker\(id)-name\">\(HTML.escape(item.name))</h4>\n"
        out += fileLine(item)
        out += "<figure class=\"bubble\">\n"
        if shown {
            // The preview's one copy is its CSS class; the box keeps the image's shape.
            let file = files[item.path]
            let ratio = file?.width.flatMap { w in file?.height.map { h in "\(w) / \(max(1, h))" } } ?? "1"
            out += "<div class=\"media t\(id)\" style=\"aspect-ratio: \(ratio)\" role=\"img\" aria-label=\"\(HTML.escape(item.name))\"></div>\n"
        } else {
            out +=
                "<p class=\"missing\" role=\"img\" aria-label=\"\(HTML.escape(item.name)) (not shown)\">Not decoded here (a video, or unreadable).</p>\n"
        }
        out +=
            "<div class=\"crop left\" title=\"cropped by Messages: 6 pt\"></div><div class=\"crop right\" title=\"cropped by Messages: 6 pt\"></div>"
            + "<div class=\"corners\" aria-hidden=\"true\"></div>\n"
        out += "<figcaption>in a message bubble: hatched sides cropped, corners rounded</figcaption>\n</figure>\n"
        return out + factsAndFindings(item)
    }

    func iconSection(_ set: IconSet, index: Int) -> String {
        var out = "<section class=\"pack\" aria-labelledby=\"icons\(index)\">\n"
        out += "<h2 id=\"icons\(index)\">iMessage App Icon</h2>\n<p class=\"meta\"><code>\(HTML.escape(set.path))</code></p>\n"
        out += findingsList(byPath[set.path] ?? [], relativeTo: set.path)
        out +=
            "<table>\n<caption>Icon images</caption>\n<thead><tr><th scope=\"col\">File</th><th scope=\"col\">Pixels</th><th scope=\"col\">Findings</th></tr></thead>\n<tbody>\n"
        for image in set.files.map(\.path) {
            let file = files[image]
            let size = file.flatMap { f in f.width.map { "\($0)×\(f.height ?? 0)" } } ?? "?"
            let found = (byPath[image] ?? []).map { "\(badge($0.severity, $0.severity.rawValue)) \(HTML.escape($0.message))" }.joined(
                separator: "<br>")
            out +=
                "<tr><th scope=\"row\"><code>\(HTML.escape(PathText.lastComponent(image)))</code></th><td>\(size)</td><td>\(found.isEmpty ? "—" : found)</td></tr>\n"
        }
        return out + "</tbody>\n</table>\n</section>\n"
    }

    func otherSection() -> String {
        "<section class=\"pack\" aria-labelledby=\"other\">\n<h2 id=\"other\">Other findings</h2>\n" + findingsList(other, relativeTo: nil)
            + "</section>\n"
    }

    // MARK: Pieces

    func card(_ id: Int, shown: Bool) -> String {
        let sticker = stickers[id]
        let label = sticker.label ?? sticker.name
        var out = "<article class=\"card\" id=\"sticker\(id)\" aria-labelledby=\"sticker\(id)-name\">\n"
        out += "<h4 id=\"sticker\(id)-name\">\(HTML.escape(sticker.name))</h4>\n"
        out += fileLine(sticker)
        if shown {
            // Every backdrop shows the preview through the class `t<id>` (its data defined once, in the head).
            out += "<div class=\"swatches t\(id)\">\n"
            out +=
                "<div class=\"swatch bg-checker\" role=\"img\" aria-label=\"\(HTML.escape(label))\" title=\"over a transparency checkerboard\"></div>\n"
            for (css, name) in HTMLReporter.backgrounds {
                out += "<div class=\"swatch \(css)\" title=\"over \(name)\" aria-hidden=\"true\"></div>\n"
            }
            out += "</div>\n"
        } else {
            // A WebM (never decoded here), or a TGS or Lottie JSON that was read but not drawn, is described, not shown.
            let kind = sticker.images.count == 1 ? files[sticker.images[0]]?.kind : nil
            let why =
                if case .motion(let motion)? = kind, files[sticker.images[0]]?.width != nil {
                    motion.reader.notShown
                } else {
                    "This sticker cannot be decoded, so it cannot be shown."
                }
            out += "<p class=\"missing\" role=\"img\" aria-label=\"\(HTML.escape(label)) (cannot be shown)\">\(why)</p>\n"
        }
        if let label = sticker.label { out += "<p class=\"label\">Label: “\(HTML.escape(label))”</p>\n" }
        return out + factsAndFindings(sticker)
    }

    /// The file a reader looks for: its name, and its path as the report gives it (the argument joined
    /// with the path inside it); for a sequence, its folder and frames.
    func fileLine(_ sticker: Sticker) -> String {
        let name: String
        let path: String
        if sticker.images.count == 1, let image = sticker.images.first {
            (name, path) = (PathText.lastComponent(image), image)
        } else if let first = sticker.images.first {
            (name, path) = ("\(PathText.lastComponent(first)) … \(PathText.lastComponent(sticker.images.last ?? first))", sticker.path)
        } else {
            (name, path) = (PathText.lastComponent(sticker.path), sticker.path)
        }
        return "<p class=\"file\"><code>\(HTML.escape(name))</code> <span class=\"where\">\(HTML.escape(path))</span></p>\n"
    }

    /// The end of a sticker's article: its facts, then its findings or a badge saying there are none.
    func factsAndFindings(_ sticker: Sticker) -> String {
        let found = findings(of: sticker)
        return facts(sticker)
            + (found.isEmpty
                ? "<p class=\"clean\"><span class=\"badge ok\">no findings</span></p>\n"
                : findingsList(found, relativeTo: PathText.parent(sticker.path)))
            + "</article>\n"
    }

    func facts(_ sticker: Sticker) -> String {
        let summaries = sticker.images.compactMap { files[$0] }
        guard let first = summaries.first else { return "" }
        let frames = sticker.images.count > 1 ? sticker.images.count : first.frames ?? 1
        var rows: [(String, String)] = [
            (
                "Format",
                sticker.images.count > 1
                    ? "sequence of \(first.format?.displayName ?? "?")"
                    : first.format?.displayName ?? (first.kind == .unknown || first.kind.format != nil ? "unreadable" : first.kind.description)
            ),
            ("Pixels", first.width.map { "\($0)×\(first.height ?? 0)" } ?? "?"),
            ("Bytes", summaries.compactMap(\.bytes).reduce(0) { $0.addingReportingOverflow($1).overflow ? .max : $0 + $1 }.grouped),
            ("Frames", "\(frames)"),
            ("Profile", first.profile.rawValue)
        ]
        // Saturating: a merged report's numbers are only range-checked one by one.
        let sequenceDuration = sticker.frameDelay.map { $0.multipliedReportingOverflow(by: frames).overflow ? Int.max : $0 * frames }
        if let duration = sequenceDuration ?? first.durationMilliseconds {
            rows.append(("Duration", duration >= 1000 ? "\(Double(duration / 10) / 100) s" : "\(duration) ms"))
        }
        return "<dl class=\"facts\">" + rows.map { "<dt>\($0.0)</dt><dd>\(HTML.escape($0.1))</dd>" }.joined() + "</dl>\n"
    }

    func findingsList(_ list: [Diagnostic], relativeTo base: String?) -> String {
        guard !list.isEmpty else { return "" }
        var out = "<ul class=\"findings\">\n"
        for d in list {
            let file = base.flatMap { d.path.hasPrefix($0 + "/") ? String(d.path.dropFirst($0.count + 1)) : nil } ?? d.path
            let shown = d.path == base ? "" : " <span class=\"where\">\(HTML.escape(file))</span>"
            out +=
                "<li>\(badge(d.severity, d.severity.rawValue)) \(HTML.escape(d.message)) <code>\(HTML.escape(d.rule.rawValue))</code>\(shown)</li>\n"
        }
        return out + "</ul>\n"
    }

    func badge(_ severity: Severity, _ text: String) -> String {
        "<span class=\"badge \(severity.rawValue)\">\(HTML.escape(text))</span>"
    }
}

/// HTML text escaping.
enum HTML {
    static func escape(_ s: String) -> String {
        // Most text (paths, names, numbers) has nothing to escape: kept as it is, not rebuilt.
        // Controls, line breaks and bidi overrides as numeric references: the page shows the same,
        // and no raw byte of them reaches a terminal that prints the page, nor starts a line of its own.
        guard s.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 })
        else { return s }
        return s.escapingScalars {
            $0 == "'" ? "&#39;" : $0.actsOnDisplay ? "&#x" + String($0.value, radix: 16) + ";" : String.markupEscape($0)
        }
    }
}

extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
