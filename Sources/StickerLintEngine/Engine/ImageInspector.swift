import StickerCatalog
import StickerImage
import StickerFiles

/// Learns everything the rules need about one image: one read of the file, the header from the bytes
/// in memory, and (when a rule needs pixels) one streaming decode whose frames are analysed as they come.
struct ImageInspector: Sendable {
    let files: any FileSystem
    let decoder: ImageDecoder
    /// Make report previews at most this many pixels on a side (nil: none).
    var thumbnailSide: Int? = nil

    /// What inspection found, and the previews and cache entry that go with it. Everything but the
    /// facts sits in one box, so that the run's array of inspections stays small at 100,000 files.
    struct Inspection: Sendable {
        var facts: ImageFacts
        private var extras: Extras?

        init(
            facts: ImageFacts, thumbnail: Thumbnail? = nil, firstFrame: PreviewFrame? = nil, cacheEntry: CachedFacts? = nil,
            previewPending: Bool = false
        ) {
            self.facts = facts
            if thumbnail != nil || firstFrame != nil || cacheEntry != nil || previewPending {
                extras = Extras(thumbnail: thumbnail, firstFrame: firstFrame, cacheEntry: cacheEntry, previewPending: previewPending)
            }
        }

        final class Extras: Sendable {
            let thumbnail: Thumbnail?
            let firstFrame: PreviewFrame?
            let cacheEntry: CachedFacts?
            let previewPending: Bool

            init(thumbnail: Thumbnail?, firstFrame: PreviewFrame?, cacheEntry: CachedFacts?, previewPending: Bool) {
                self.thumbnail = thumbnail
                self.firstFrame = firstFrame
                self.cacheEntry = cacheEntry
                self.previewPending = previewPending
            }
        }

        /// Facts taken from the cache for a report, whose preview is still to be taken from the
        /// previews file (`Linter.attachPreviews`), or made if the file has none.
        var previewPending: Bool { extras?.previewPending ?? false }

        /// The report's preview of the image.
        var thumbnail: Thumbnail? { extras?.thumbnail }
        /// The first frame at full size, for a sequence's preview.
        var firstFrame: PreviewFrame? { extras?.firstFrame }
        /// What the cache keeps of the file after this run (found afresh or still valid).
        var cacheEntry: CachedFacts? { extras?.cacheEntry }
    }

    /// Inspects one planned image, decoding it as deep as its plan says (and fully for a preview).
    /// With a cache, an unchanged file's facts come from it, and new facts go to it; a report's
    /// previews are kept with the facts. The facts found are the file's, whatever its role (the cache
    /// and the memo keep them so); the role's verdict on them (`ImageFacts.verdict`) is given last.
    /// `taken`: the file's status when the caller took it already (`Linter.statuses`), before the file is read.
    /// `cachedFacts` false: decoded whatever the cache holds (a report's file whose kept preview is gone).
    func inspect(
        _ job: ImageJob, cache: CacheSession? = nil, memo: FactMemo? = nil, status taken: FileStatus?? = .none, cachedFacts: Bool = true
    ) -> Inspection {
        var inspection = inspectFile(job, cache: cache, memo: memo, status: taken, cachedFacts: cachedFacts)
        inspection.facts = inspection.facts.verdict
        return inspection
    }

    /// `inspect` before the role's verdict.
    private func inspectFile(
        _ job: ImageJob, cache: CacheSession?, memo: FactMemo?, status taken: FileStatus??, cachedFacts: Bool
    ) -> Inspection {
        let preview = thumbnailSide != nil && job.role != .icon
        if let memo, !preview, let status = taken ?? files.status(job.path) {
            if let facts = memo.facts(for: job, status: status) { return Inspection(facts: facts) }
            let inspection = inspectFile(job, cache: cache, memo: nil, status: .some(status), cachedFacts: cachedFacts)
            memo.keep(inspection.facts, for: job, status: status)
            return inspection
        }
        let status = cache == nil ? nil : taken ?? files.status(job.path)
        // An unchanged file's cached facts serve. For a report, its preview is taken from the previews
        // file afterwards (pending), unless it has none to make (a format stickerlint does not decode,
        // a CgBI or empty file: the only errors an entry keeps, without a header; a WebP has one, and
        // a preview); a sequence frame's preview is made from its decoded first frame, never cached.
        if cachedFacts, let cache, let status, var entry = cache.entry(for: job), let facts = entry.facts(for: job, status: status),
            !preview || job.role != .sequenceFrame
        {
            // An entry already used today is kept as it is: nothing for `save` to compare or write.
            let used = entry.lastUsedDay == cache.day
            entry.lastUsedDay = cache.day
            let pending = preview && !(entry.error != nil && entry.header == nil)
            return Inspection(facts: facts, cacheEntry: used ? nil : entry, previewPending: pending)
        }
        let (facts, decoded) = inspectFacts(job, keepFrames: preview)
        var entry = cache.flatMap { cache in status.flatMap { CachedFacts(facts, status: $0, depth: job.depth, day: cache.day, now: FactCache.now()) }
        }
        guard preview, let side = thumbnailSide, let decoded else { return Inspection(facts: facts, cacheEntry: entry) }
        var firstFrame: PreviewFrame?
        if job.role == .sequenceFrame, let first = decoded.image.frames.first {
            firstFrame = PreviewFrame(pixels: first.pixels, width: decoded.image.width, height: decoded.image.height)
        }
        let thumbnail =
            decoded.drawn
            ? Thumbnailer.drawn(decoded.image, decoder: decoder)
            : Thumbnailer.thumbnail(of: decoded.image, source: decoded.source, maxSide: side, decoder: decoder)
        if job.role != .sequenceFrame { entry?.thumbnail = thumbnail }
        return Inspection(facts: facts, thumbnail: thumbnail, firstFrame: firstFrame, cacheEntry: entry)
    }

    /// The facts, and with `keepFrames` the decoded frames for a preview: what the file is and says,
    /// the same for every role (no verdict: a WebP or a TGS is read as one whoever asks).
    private func inspectFacts(_ job: ImageJob, keepFrames: Bool) -> (facts: ImageFacts, decoded: DecodedSource?) {
        let path = job.path, depth = job.depth
        var decoded: DecodedSource?
        var facts = ImageFacts(
            path: path, role: job.role, fileExtension: PathText.fileExtension(path),
            byteCount: files.size(path), kind: .unknown, grid: job.grid)
        if let size = facts.byteCount, size > decoder.limits.maxFileBytes {
            // Plainly not a sticker: judged from its size and header, never read whole.
            do {
                let source = try FileSystemByteSource(files, path: path)
                facts.kind = Sniffer.kind(prefix: try source.bytes(at: 0, count: Sniffer.prefixLength))
                facts.header = try? decoder.probe(source)
                if let format = facts.header?.format { facts.kind = format.fileKind }
                facts.error = .overBudget(.fileBytes(bytes: size, limit: decoder.limits.maxFileBytes))
            } catch {
                facts.error = error
            }
            return (facts, nil)
        }
        if let size = facts.byteCount, MotionKind.all.contains(where: { $0.reader.refusal(byteCount: size) != nil }) {
            // A reader that refuses a file this large from its first bytes (a Lottie JSON past the
            // document limit) is asked before the file is read whole.
            let prefix = try? FileSystemByteSource(files, path: path).bytes(at: 0, count: Sniffer.prefixLength)
            if let prefix, case .motion(let kind) = Sniffer.kind(prefix: prefix), let refusal = kind.reader.refusal(byteCount: size) {
                facts.kind = .motion(kind)
                facts.error = refusal
                return (facts, nil)
            }
        }
        let bytes: [UInt8]
        do {
            bytes = try files.read(path)
        } catch {
            facts.error = .io(error)
            return (facts, nil)
        }
        facts.byteCount = bytes.count
        guard !bytes.isEmpty else {
            facts.error = .empty
            return (facts, nil)
        }
        // The one sniff of this file: the probe, the decode and the chunk walk all take its answer.
        let sniffed = Sniffer.kind(prefix: Array(bytes.prefix(Sniffer.prefixLength)))
        facts.kind = sniffed
        if case .motion(let kind) = sniffed {
            // Read from its container or document by its reader; drawn by it only for a preview (TGS and Lottie by rlottie).
            do throws(ImageError) {
                facts.motion = try kind.reader.read(bytes)
            } catch {
                facts.error = error
            }
            guard keepFrames, facts.error == nil, let drawn = kind.reader.preview(bytes, maxSide: thumbnailSide ?? Thumbnailer.drawnSide) else {
                return (facts, nil)
            }
            return (facts, DecodedSource(image: drawn, source: [], drawn: true))
        }
        do {
            facts.header = try decoder.probe(bytes, kind: sniffed)
            if let format = facts.header?.format { facts.kind = format.fileKind }
        } catch {
            facts.error = error
        }
        let isPNG = facts.kind == .image(.png) || facts.kind == .image(.apng)
        guard facts.error == nil, depth.pixels || keepFrames else {
            // From the chunks alone, so it is known even when the pixels are not decoded.
            if isPNG { facts.animationIssues = (try? decoder.animationIssues(in: bytes, kind: sniffed)) ?? [] }
            return (facts, nil)
        }
        var analysis = PixelAnalysis(digest: depth.digest, sideMargins: depth.sideMargins, distinctFrames: depth.distinctFrames)
        var frames: [ImageFrame] = []
        do {
            let summary = try decoder.decodeFrames(bytes, kind: sniffed, header: facts.header) { frame in
                analysis.add(frame)
                if keepFrames { frames.append(ImageFrame(pixels: Array(frame.pixels), delay: frame.delay)) }
                return keepFrames || depth.allFrames || !analysis.isSettled ? .next : .stop
            }
            if depth.pixels { facts.pixels = analysis.facts }
            facts.animationIssues = summary.animationIssues
            if keepFrames {
                decoded = DecodedSource(
                    image: DecodedImage(header: summary.header, frames: frames, animationIssues: summary.animationIssues),
                    source: bytes)
            }
        } catch {
            // A decode made only for a preview reports nothing the rules did not ask for.
            if depth.pixels { facts.error = error }
            // The decode walked the chunks; when it failed, walk them once more for the animation faults.
            if isPNG { facts.animationIssues = (try? decoder.animationIssues(in: bytes, kind: sniffed)) ?? [] }
        }
        return (facts, decoded)
    }
}

/// A decoded image and its bytes, carried from the decode to the preview (never kept in results).
struct DecodedSource: Sendable, Hashable {
    var image: DecodedImage
    var source: [UInt8]
    /// Frames a reader drew (a TGS's), already at the preview's size; `source` is not an image.
    var drawn = false
}

/// Transparency, border and digest of an image, accumulated frame by frame.
struct PixelAnalysis {
    let wantsDigest: Bool
    let wantsSideMargins: Bool
    var hasTransparentPixel = false
    var borderIsOpaque = true
    var hash: UInt64 = FNV1a.offsetBasis
    var delays: [FrameDelay] = []
    var sideMargins: SideMargins?
    let wantsDistinctFrames: Bool
    /// The first frame (kept only to compare the others with, until one differs).
    var firstFrame: [UInt8] = []
    var framesDiffer = false

    /// Whether two RGBA frames of one size show the same picture: every pixel equal, a fully transparent
    /// one whatever colour it holds (frames that differ only under alpha 0 are one picture to the eye).
    static func shownAlike(_ a: [UInt8], _ b: UnsafeRawBufferPointer) -> Bool {
        for i in stride(from: 0, to: a.count, by: 4) where !(a[i + 3] == 0 && b[i + 3] == 0) {
            if a[i] != b[i] || a[i + 1] != b[i + 1] || a[i + 2] != b[i + 2] || a[i + 3] != b[i + 3] { return false }
        }
        return true
    }

    init(digest: Bool, sideMargins: Bool = false, distinctFrames: Bool = false) {
        wantsDigest = digest
        wantsSideMargins = sideMargins
        wantsDistinctFrames = distinctFrames
    }

    /// Nothing more can change the answers (so a decode may stop when nothing else needs the frames).
    var isSettled: Bool {
        !wantsDigest && hasTransparentPixel && !borderIsOpaque && (!wantsSideMargins || sideMargins != nil) && (!wantsDistinctFrames || framesDiffer)
    }

    var facts: PixelFacts {
        PixelFacts(
            hasTransparentPixel: hasTransparentPixel, borderIsOpaque: borderIsOpaque,
            digest: wantsDigest ? hash : nil, frameDelays: delays, sideMargins: sideMargins,
            framesDiffer: wantsDistinctFrames ? framesDiffer : nil)
    }

    /// Whether the strip of `margin` columns starting at `x0` holds content: more than one in two hundred
    /// of its pixels differ by more than 48 in some channel from the pixel on the image's edge (column
    /// `edge`) in the same row. Fully transparent pixels are alike whatever their colour.
    static func hasContent(_ base: UnsafePointer<UInt8>, width: Int, height: Int, x0: Int, margin: Int, edge: Int) -> Bool {
        var differing = 0
        let allowed = max(1, margin * height / 200)
        for y in 0..<height {
            let e = (y * width + edge) * 4
            for x in x0..<(x0 + margin) {
                let p = (y * width + x) * 4
                if base[p + 3] == 0 && base[e + 3] == 0 { continue }
                for c in 0..<4 where abs(Int(base[p + c]) - Int(base[e + c])) > 48 {
                    differing += 1
                    if differing > allowed { return true }
                    break
                }
            }
        }
        return false
    }

    mutating func add(_ frame: FrameView) {
        delays.append(frame.delay)
        let count = frame.width * frame.height
        guard count > 0, let base = frame.pixels.baseAddress else { return }
        if wantsSideMargins && sideMargins == nil {
            let w = frame.width, h = frame.height
            let margin = min(SideMargins.width(forImageWidth: w), max(1, w / 2))
            sideMargins = SideMargins(
                width: margin,
                leftHasContent: Self.hasContent(base, width: w, height: h, x0: 0, margin: margin, edge: 0),
                rightHasContent: Self.hasContent(base, width: w, height: h, x0: w - margin, margin: margin, edge: w - 1))
        }
        // Four bytes R, G, B, A read as one little-endian word put alpha in the top byte.
        let raw = UnsafeRawPointer(base)
        @inline(__always) func alpha(_ i: Int) -> UInt8 { base[i * 4 + 3] }
        if !hasTransparentPixel {
            var i = 0
            while i < count {
                if raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self).littleEndian < 0xFF00_0000 {
                    hasTransparentPixel = true
                    break
                }
                i += 1
            }
        }
        if borderIsOpaque {
            let w = frame.width, h = frame.height
            outer: for x in 0..<w where alpha(x) != 255 || alpha((h - 1) * w + x) != 255 {
                borderIsOpaque = false
                break outer
            }
            if borderIsOpaque {
                for y in 0..<h where alpha(y * w) != 255 || alpha(y * w + w - 1) != 255 {
                    borderIsOpaque = false
                    break
                }
            }
        }
        if wantsDistinctFrames && !framesDiffer {
            // The first frame is kept; each later one is compared with it until one differs.
            let bytes = UnsafeRawBufferPointer(start: raw, count: count * 4)
            if delays.count == 1 {
                firstFrame = Array(bytes)
            } else if firstFrame.count != bytes.count || !(firstFrame.elementsEqual(bytes) || Self.shownAlike(firstFrame, bytes)) {
                framesDiffer = true
                firstFrame = []
            }
        }
        if wantsDigest {
            hash = FNV1a.words(UnsafeRawBufferPointer(start: raw, count: count * 4), seed: hash ^ UInt64(frame.width) << 32 ^ UInt64(frame.height))
        }
    }
}
