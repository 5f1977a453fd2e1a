import StickerCatalog
import StickerImage
import StickerFiles

/// The bytes of a cache file: a magic line, the format version, the writer's identity, the entries
/// (LEB128 integers, length-prefixed UTF-8), and a checksum of everything before it (`FNV1a.lanes`:
/// a warm report reads megabytes of previews; format 4 on). Decoding
/// checks the checksum before anything else and every length against what is left, so a damaged,
/// truncated or foreign file is refused as a whole, in time proportional to its size.
enum CacheFileFormat {
    static let magic = Array("stickerlint fact cache\n".utf8)
    /// 5: previews moved to files of their own (`previewsMagic`), so that a check never reads one.
    /// 6: folder snapshots keep a clean entry's reading (`FolderReading`).
    /// 7: a folder snapshot's statuses, then the rest length-prefixed, its reading first (decoded when
    /// asked); the checksum in four lanes (`FNV1a.lanes`).
    /// 8: an entry's facts carry no verdict (a WebP's decoded, not `.unsupported`), so serve every role;
    /// flag 16 (found for a store) is gone; a TGS's, WebM's or Lottie JSON's facts after the error.
    /// 9: kinds by name (`FileKind.name`), so that every registered `MotionReader`'s facts are kept;
    /// a reader's common facts (`MotionFacts.plain`).
    /// 10: a TGS's or Lottie JSON's overflow past its canvas (`LottieFacts.overflow`), after its inflated size.
    /// 11: why a TGS or Lottie JSON is not drawn (`LottieFacts.undrawn`), after its overflow.
    static let version: UInt64 = 11

    /// Why a cache file was not used (never shown: the file is rebuilt).
    enum Refusal: Error {
        case damaged
        case foreign
    }

    /// The MIME types a cached preview may have: those of the formats stickerlint reads.
    static let previewTypes = Thumbnail.mimeTypes

    /// The magic line of a file of folder snapshots (`FolderSnapshot`), one per pack.
    static let foldersMagic = Array("stickerlint folder cache\n".utf8)

    /// The checksum of a file's first `count` bytes.
    static func checksum(_ bytes: [UInt8], count: Int) -> UInt64 {
        bytes.withUnsafeBytes { FNV1a.lanes(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    }

    /// A cache file: the magic line, the version, the writer's identity, the entry count, each entry
    /// (its key, then `write`'s fields) in key order, and the checksum.
    static func table<Entry>(
        _ entries: [String: Entry], magic: [UInt8], identity: String, write: (inout CacheWriter, Entry) -> Void
    ) -> [UInt8] {
        var out = CacheWriter()
        out.bytes = magic
        out.uint(version)
        out.string(identity)
        out.uint(UInt64(entries.count))
        for key in entries.keys.sorted() {
            out.string(key)
            write(&out, entries[key]!)
        }
        let checksum = Self.checksum(out.bytes, count: out.bytes.count)
        for shift in stride(from: 0, to: 64, by: 8) { out.bytes.append(UInt8(truncatingIfNeeded: checksum >> UInt64(shift))) }
        return out.bytes
    }

    /// The entries of a cache file `table` wrote, once its magic, checksum, version and identity hold
    /// and every entry reads to the end exactly.
    static func entries<Entry>(
        _ bytes: [UInt8], magic: [UInt8], identity: String, read: (inout CacheReader) throws(Refusal) -> Entry
    ) throws(Refusal) -> [String: Entry] {
        var entries: [String: Entry] = [:]
        try records(bytes, magic: magic, identity: identity) { reader, key throws(Refusal) in entries[key] = try read(&reader) }
        return entries
    }

    /// Reads each entry of a cache file `table` wrote, in the file's (key) order, once its magic,
    /// checksum, version and identity hold; every entry must read to the end exactly.
    static func records(
        _ bytes: [UInt8], magic: [UInt8], identity: String, read: (inout CacheReader, String) throws(Refusal) -> Void
    ) throws(Refusal) {
        guard bytes.count >= magic.count + 8, bytes.starts(with: magic) else { throw .foreign }
        let body = bytes.count - 8
        var stored: UInt64 = 0
        for i in 0..<8 { stored |= UInt64(bytes[body + i]) << UInt64(i * 8) }
        guard Self.checksum(bytes, count: body) == stored else { throw .damaged }
        var reader = CacheReader(bytes: bytes, offset: magic.count, end: body)
        guard try reader.uint() == version, try reader.string() == identity else { throw .foreign }
        let count = try reader.count()
        for _ in 0..<count { try read(&reader, try reader.string()) }
        guard reader.offset == reader.end else { throw .damaged }
    }

    /// One pack's folder snapshots, by their path inside the pack: each folder's statuses, then the
    /// rest (its reading first, then its Contents.json bytes, names and kinds) length-prefixed, so
    /// that a run decodes only what it asks for (`FolderSnapshotTable`).
    static func encodeFolders(_ table: [String: FolderSnapshot], identity: String) -> [UInt8] {
        Self.table(table, magic: foldersMagic, identity: identity) { out, snapshot in
            out.status(snapshot.status)
            out.status(snapshot.contentsStatus)
            var rest = CacheWriter()
            rest.maybe(snapshot.reading) { out, reading in
                switch reading {
                case .sticker(let image, let label):
                    out.uint(0)
                    out.string(image)
                    out.maybe(label) { $0.string($1) }
                case .sequence(let frames, let duration, let durationType, let repetitions, let label, let empty):
                    out.uint(1)
                    out.strings(frames)
                    out.maybe(duration) { $0.uint($1.bitPattern) }
                    out.maybe(durationType) { $0.string($1) }
                    out.maybe(repetitions) { $0.int($1) }
                    out.maybe(label) { $0.string($1) }
                    out.uint(UInt64(empty.count))
                    for index in empty { out.int(index) }
                case .pack(let entries, let gridSize):
                    out.uint(2)
                    out.strings(entries)
                    out.maybe(gridSize) { $0.string($1) }
                }
            }
            rest.data(snapshot.contents)
            rest.uint(UInt64(snapshot.names.count))
            for (name, kind) in zip(snapshot.names, snapshot.kinds) {
                rest.string(name)
                rest.uint(UInt64(entryKinds.firstIndex(of: kind) ?? 0))
            }
            out.data(rest.bytes)
        }
    }

    /// A pack's table of folder snapshots: every folder's key and statuses read now, the rest when asked.
    static func folderTable(_ bytes: [UInt8], identity: String) throws(Refusal) -> FolderSnapshotTable {
        var records: [FolderSnapshotTable.Record] = []
        try Self.records(bytes, magic: foldersMagic, identity: identity) { reader, key throws(Refusal) in
            let status = try reader.status(), contentsStatus = try reader.status()
            let length = try reader.count()
            records.append(.init(key: key, status: status, contentsStatus: contentsStatus, payload: reader.offset..<reader.offset + length))
            reader.offset += length
        }
        return FolderSnapshotTable(records: records, decoder: FolderPayloads(bytes: bytes))
    }

    /// Every snapshot of a folders file, each decoded whole and to its end (the fuzz target's way).
    static func decodeFolders(_ bytes: [UInt8], identity: String) throws(Refusal) -> [String: FolderSnapshot] {
        let table = try folderTable(bytes, identity: identity)
        var all: [String: FolderSnapshot] = [:]
        for record in table.records {
            guard let snapshot = try? FolderPayloads.snapshot(bytes, record) else { throw .damaged }
            all[record.key] = snapshot
        }
        return all
    }

    /// The rest of each snapshot of a folders file, decoded from the file's bytes when asked.
    struct FolderPayloads: FolderSnapshotDecoder {
        let bytes: [UInt8]

        func snapshot(of record: FolderSnapshotTable.Record) -> FolderSnapshot? { try? Self.snapshot(bytes, record) }

        func reading(of record: FolderSnapshotTable.Record) -> FolderReading? {
            var reader = CacheReader(bytes: bytes, offset: record.payload.lowerBound, end: record.payload.upperBound)
            return (try? Self.reading(&reader)) ?? nil
        }

        /// A name a reading holds, as only a listing of its folder gives it: one component, never "..", so that a
        /// forged reading names nothing outside its folder.
        static func name(_ text: String) throws(Refusal) -> String {
            guard !text.isEmpty, text != ".", text != "..", !text.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == 0 }) else {
                throw .damaged
            }
            return text
        }

        static func reading(_ reader: inout CacheReader) throws(Refusal) -> FolderReading? {
            try reader.maybe { reader throws(Refusal) -> FolderReading in
                switch try reader.uint() {
                case 0: return .sticker(image: try name(try reader.string()), label: try reader.maybe { r throws(Refusal) in try r.string() })
                case 1:
                    var frames = try reader.strings()
                    for index in frames.indices { frames[index] = try name(frames[index]) }
                    let duration = try reader.maybe { r throws(Refusal) in Double(bitPattern: try r.uint()) }
                    let durationType = try reader.maybe { r throws(Refusal) in try r.string() }
                    let repetitions = try reader.maybe { r throws(Refusal) in try r.int(in: StickerSequence.repetitionRange) }
                    let label = try reader.maybe { r throws(Refusal) in try r.string() }
                    // As the catalog reader makes them: a finite duration; empty entries' positions rising, each
                    // within what a frames array of a readable Contents.json holds.
                    guard duration?.isFinite ?? true else { throw .damaged }
                    var empty: [Int] = []
                    for _ in 0..<(try reader.count()) {
                        let position = try reader.int(in: CacheFileFormat.sides)
                        guard position > empty.last ?? -1 else { throw .damaged }
                        empty.append(position)
                    }
                    return .sequence(
                        frames: frames, duration: duration, durationType: durationType, repetitions: repetitions, label: label,
                        emptyFrameEntries: empty)
                case 2:
                    var entries = try reader.strings()
                    for index in entries.indices { entries[index] = try name(entries[index]) }
                    return .pack(entries: entries, gridSize: try reader.maybe { r throws(Refusal) in try r.string() })
                default: throw .damaged
                }
            }
        }

        /// The whole snapshot, its bytes read exactly to their end.
        static func snapshot(_ bytes: [UInt8], _ record: FolderSnapshotTable.Record) throws(Refusal) -> FolderSnapshot {
            var reader = CacheReader(bytes: bytes, offset: record.payload.lowerBound, end: record.payload.upperBound)
            let reading = try Self.reading(&reader)
            let contents = try reader.data()
            var names: [String] = [], kinds: [EntryKind] = []
            for _ in 0..<(try reader.count()) {
                names.append(try reader.string())
                let kind = try reader.natural()
                guard kind < entryKinds.count else { throw .damaged }
                kinds.append(entryKinds[kind])
            }
            guard reader.offset == reader.end else { throw .damaged }
            return FolderSnapshot(
                status: record.status, names: names, kinds: kinds, contentsStatus: record.contentsStatus, contents: contents, reading: reading)
        }
    }

    /// The kinds a snapshot's names may have, by their number in the file.
    static let entryKinds: [EntryKind] = [.missing, .file, .directory, .symlink, .other]

    static func encode(_ entries: [String: CachedFacts], identity: String) -> [UInt8] {
        table(entries, magic: magic, identity: identity) { out, entry in
            out.status(entry.status)
            out.int(entry.lastUsedDay)
            let d = entry.depth
            out.uint(
                (d.pixels ? 1 : 0) | (d.allFrames ? 2 : 0) | (d.digest ? 4 : 0) | (d.sideMargins ? 8 : 0)
                    | (d.distinctFrames ? 32 : 0))
            out.string(entry.kind.name)
            if let h = entry.header {
                out.uint(1)
                out.string(h.format.rawValue)
                for value in [h.width, h.height, h.frameCount, h.bitDepth] { out.int(value) }
                out.optional(h.loopCount)
                out.uint(h.hasAlpha ? 1 : 0)
                out.string(h.colorModel.rawValue)
                out.uint(h.interlaced ? 1 : 0)
                out.optional(h.orientation)
            } else {
                out.uint(0)
            }
            if let p = entry.pixels {
                out.uint(1)
                // Bit 4: whether the frames were compared; bit 8: whether some frame differs.
                out.uint((p.hasTransparentPixel ? 1 : 0) | (p.borderIsOpaque ? 2 : 0) | (p.framesDiffer.map { $0 ? 12 : 4 } ?? 0))
                if let digest = p.digest {
                    out.uint(1)
                    out.uint(digest)
                } else {
                    out.uint(0)
                }
                out.uint(UInt64(p.frameDelays.count))
                for delay in p.frameDelays {
                    out.int(delay.numerator)
                    out.int(delay.denominator)
                }
                if let m = p.sideMargins {
                    out.uint(1)
                    out.int(m.width)
                    out.uint((m.leftHasContent ? 1 : 0) | (m.rightHasContent ? 2 : 0))
                } else {
                    out.uint(0)
                }
            } else {
                out.uint(0)
            }
            switch entry.error {
            case .unsupported(let kind)?:
                out.uint(1)
                out.string(kind.name)
            case .cgbi?: out.uint(2)
            case .empty?: out.uint(3)
            default: out.uint(0)
            }
            switch entry.motion {
            case .lottie(let l)?:
                out.uint(1)
                for value in [l.width, l.height, l.layerCount] { out.int(value) }
                for value in [l.frameRate, l.inPoint, l.outPoint] { out.uint(value.bitPattern) }
                out.uint(UInt64(l.forbidden.count))
                for feature in l.forbidden { out.string(feature.rawValue) }
                out.optional(l.inflatedBytes)
                out.uint(l.overflow == nil ? 0 : 1)
                if let o = l.overflow { for value in [o.examined, o.frames, o.firstFrame, o.pixels] { out.int(value) } }
                out.uint(l.undrawn == nil ? 0 : 1)
                if let undrawn = l.undrawn { out.string(undrawn) }
            case .webm(let w)?:
                out.uint(2)
                out.string(w.docType)
                out.string(w.codec)
                for value in [w.width, w.height, w.videoTracks, w.audioTracks, w.otherTracks, w.frames] { out.int(value) }
                out.uint(w.hasAlpha ? 1 : 0)
                for value in [w.declaredMilliseconds, w.firstFrameMilliseconds, w.lastFrameMilliseconds] {
                    out.uint(value == nil ? 0 : 1)
                    if let value { out.uint(value.bitPattern) }
                }
                out.optional(w.defaultFrameNanoseconds)
            case .plain(let p)?:
                out.uint(3)
                for value in [p.width, p.height, p.frames] { out.int(value) }
                out.uint(p.durationMilliseconds.bitPattern)
                out.uint(p.frameRate == nil ? 0 : 1)
                if let rate = p.frameRate { out.uint(rate.bitPattern) }
            case nil:
                out.uint(0)
            }
        }
    }

    /// A TGS's, WebM's or Lottie JSON's facts as `encode` wrote them, each number within what its
    /// reader lets through (sides and counts not negative, times finite and within `PlayTime`'s range).
    static func motion(_ reader: inout CacheReader) throws(Refusal) -> MotionFacts? {
        func natural() throws(Refusal) -> Int {
            let value = try reader.int()
            guard value >= 0 else { throw .damaged }
            return value
        }
        func time() throws(Refusal) -> Double {
            let value = Double(bitPattern: try reader.uint())
            guard value.isFinite, abs(value) <= PlayTime.maximum else { throw .damaged }
            return value
        }
        switch try reader.natural() {
        case 0: return nil
        case 1:
            // The Lottie reader's bounds: a canvas of at most 10^6 px a side, 0.001–1,000 fps, ip < op within ±10^9.
            let width = try reader.int(in: 0...1_000_000), height = try reader.int(in: 0...1_000_000), layers = try natural()
            let rate = try time(), inPoint = try time(), outPoint = try time()
            guard rate >= Lottie.minimumFrameRate, rate <= 1_000, abs(inPoint) <= Lottie.frameLimit, abs(outPoint) <= Lottie.frameLimit,
                outPoint > inPoint
            else { throw .damaged }
            var forbidden: [LottieFeature] = []
            for _ in 0..<(try reader.count()) {
                guard let feature = LottieFeature(rawValue: try reader.string()) else { throw .damaged }
                forbidden.append(feature)
            }
            let inflated: Int? = try reader.optional()
            var overflow: LottieOverflow?
            if try reader.flag() {
                let examined = try natural(), frames = try natural(), first = try natural(), pixels = try natural()
                guard frames <= examined, pixels >= 1 else { throw .damaged }
                overflow = LottieOverflow(examined: examined, frames: frames, firstFrame: first, pixels: pixels)
            }
            let undrawn: String? = try reader.flag() ? try reader.string() : nil
            return .lottie(
                LottieFacts(
                    width: width, height: height, frameRate: rate, inPoint: inPoint, outPoint: outPoint, layerCount: layers,
                    forbidden: forbidden, inflatedBytes: inflated, overflow: overflow, undrawn: undrawn))
        case 2:
            let docType = try reader.string(), codec = try reader.string()
            let width = try reader.int(in: 0...WebM.maxSide), height = try reader.int(in: 0...WebM.maxSide)
            let video = try natural(), audio = try natural(), other = try natural()
            let frames = try natural(), alpha = try reader.flag()
            var times: [Double?] = []
            for _ in 0..<3 { times.append(try reader.flag() ? try time() : nil) }
            return .webm(
                WebMFacts(
                    docType: docType, codec: codec, width: width, height: height, hasAlpha: alpha, videoTracks: video, audioTracks: audio,
                    otherTracks: other, frames: frames, declaredMilliseconds: times[0], firstFrameMilliseconds: times[1],
                    lastFrameMilliseconds: times[2], defaultFrameNanoseconds: try reader.optional()))
        case 3:
            let width = try reader.int(in: Self.sides), height = try reader.int(in: Self.sides), frames = try natural(), duration = try time()
            let rate: Double? = try reader.flag() ? try time() : nil
            guard duration >= 0, rate.map({ FrameRate($0) != nil }) ?? true else { throw .damaged }
            return .plain(PlainMotionFacts(width: width, height: height, durationMilliseconds: duration, frameRate: rate, frames: frames))
        default: throw .damaged
        }
    }

    /// The day an entry was last used, in days since 1970 as the writer's clock gave it.
    static let days = 0...Int(Int32.max)
    /// An image's sides as a decoder reads them (PNG's are 31-bit).
    static let sides = 0...Int(Int32.max)
    /// A count of frames or loops as a decoder reads it (APNG's are 32-bit).
    static let counts = 0...Int(UInt32.max)

    /// The magic line of a file of report previews, one per root beside its facts file.
    static let previewsMagic = Array("stickerlint preview cache\n".utf8)

    static func encodePreviews(_ entries: [String: CachedPreview], identity: String) -> [UInt8] {
        table(entries, magic: previewsMagic, identity: identity) { out, entry in
            out.status(entry.status)
            out.int(entry.lastUsedDay)
            out.uint(entry.thumbnail.pixelated ? 1 : 0)
            out.string(entry.thumbnail.mimeType)
            out.data(entry.thumbnail.bytes)
        }
    }

    static func decodePreviews(_ bytes: [UInt8], identity: String) throws(Refusal) -> [String: CachedPreview] {
        try entries(bytes, magic: previewsMagic, identity: identity) { reader throws(Refusal) in
            let status = try reader.status()
            let day = try reader.int(in: Self.days)
            let pixelated = try reader.flag()
            let mime = try reader.string()
            guard previewTypes.contains(mime) else { throw .damaged }
            return CachedPreview(
                status: status, lastUsedDay: day, thumbnail: Thumbnail(mimeType: mime, bytes: try reader.slice(), pixelated: pixelated))
        }
    }

    /// The fuzz target's way in (`make fuzz`, target cache; `FactCache.decodeForFuzzing`): the magic and the checksum are made right and
    /// the identity is the one the input names, so that the fuzzer explores the records behind them.
    package static func decodeForFuzzing(_ input: [UInt8]) {
        fuzz(input, magic: magic) { bytes, identity throws(Refusal) in _ = try decode(bytes, identity: identity) }
        fuzz(input, magic: foldersMagic) { bytes, identity throws(Refusal) in _ = try decodeFolders(bytes, identity: identity) }
        fuzz(input, magic: previewsMagic) { bytes, identity throws(Refusal) in _ = try decodePreviews(bytes, identity: identity) }
    }

    private static func fuzz(_ input: [UInt8], magic: [UInt8], decode: ([UInt8], String) throws(Refusal) -> Void) {
        var bytes = input
        guard bytes.count >= magic.count + 8 else {
            try? decode(bytes, "")
            return
        }
        bytes.replaceSubrange(0..<magic.count, with: magic)
        let body = bytes.count - 8
        let checksum = Self.checksum(bytes, count: body)
        for i in 0..<8 { bytes[body + i] = UInt8(truncatingIfNeeded: checksum >> UInt64(i * 8)) }
        var reader = CacheReader(bytes: bytes, offset: magic.count, end: body)
        guard (try? reader.uint()) != nil, let identity = try? reader.string() else { return }
        try? decode(bytes, identity)
    }

    static func decode(_ bytes: [UInt8], identity: String) throws(Refusal) -> [String: CachedFacts] {
        try entries(bytes, magic: magic, identity: identity) { reader throws(Refusal) in
            let status = try reader.status()
            let day = try reader.int(in: Self.days)
            let flags = try reader.uint()
            guard flags < 64 else { throw .damaged }
            let depth = DecodeDepth(
                pixels: flags & 1 != 0, allFrames: flags & 2 != 0, digest: flags & 4 != 0, sideMargins: flags & 8 != 0,
                distinctFrames: flags & 32 != 0)
            // A kind no reader of this process knows (one registered by another program) is refused.
            guard let kind = FileKind(name: try reader.string()) else { throw .damaged }
            var header: ImageHeader?
            if try reader.flag() {
                guard let format = ImageFormat(rawValue: try reader.string()) else { throw .damaged }
                // Each number within what a decoder reads (PNG's 31-bit sides, APNG's 32-bit counts, bit depths to 16,
                // EXIF's 16-bit orientation): a file edited to hold any other is damaged, never trusted.
                let width = try reader.int(in: Self.sides), height = try reader.int(in: Self.sides)
                let frames = try reader.int(in: Self.counts), bitDepth = try reader.int(in: 0...16)
                let loops = try reader.optional()
                guard loops.map(Self.counts.contains) ?? true else { throw .damaged }
                let hasAlpha = try reader.flag()
                guard let model = ColorModel(rawValue: try reader.string()) else { throw .damaged }
                let interlaced = try reader.flag(), orientation = try reader.optional()
                guard orientation.map((0...65_535).contains) ?? true else { throw .damaged }
                header = ImageHeader(
                    format: format, width: width, height: height, frameCount: frames, loopCount: loops, hasAlpha: hasAlpha,
                    bitDepth: bitDepth, colorModel: model, interlaced: interlaced, orientation: orientation)
            }
            var pixels: PixelFacts?
            if try reader.flag() {
                let bits = try reader.uint()
                let digest: UInt64? = try reader.flag() ? try reader.uint() : nil
                let delayCount = try reader.count()
                var delays: [FrameDelay] = []
                // A delay as a decoder makes one: WebP's 24-bit milliseconds, APNG's 16-bit fraction, GIF's centiseconds.
                for _ in 0..<delayCount {
                    delays.append(FrameDelay(numerator: try reader.int(in: 0...16_777_215), denominator: try reader.int(in: 0...65_535)))
                }
                var margins: SideMargins?
                if try reader.flag() {
                    let width = try reader.int(in: Self.sides), sides = try reader.uint()
                    margins = SideMargins(width: width, leftHasContent: sides & 1 != 0, rightHasContent: sides & 2 != 0)
                }
                guard bits < 16 else { throw .damaged }
                pixels = PixelFacts(
                    hasTransparentPixel: bits & 1 != 0, borderIsOpaque: bits & 2 != 0, digest: digest,
                    frameDelays: delays, sideMargins: margins, framesDiffer: bits & 4 != 0 ? bits & 8 != 0 : nil)
            }
            let errorTag = try reader.natural()
            let error: ImageError?
            switch errorTag {
            case 0: error = nil
            case 1:
                guard let unsupported = FileKind(name: try reader.string()) else { throw .damaged }
                error = .unsupported(unsupported)
            case 2: error = .cgbi
            case 3: error = .empty
            default: throw .damaged
            }
            let motion = try Self.motion(&reader)
            return CachedFacts(
                status: status, depth: depth, kind: kind, header: header, pixels: pixels, motion: motion, error: error,
                lastUsedDay: day)
        }
    }
}

/// Appends LEB128 integers (signed ones zigzag-coded) and length-prefixed strings.
struct CacheWriter {
    var bytes: [UInt8] = []

    mutating func uint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    mutating func int(_ value: Int) { uint(UInt64(bitPattern: Int64((value << 1) ^ (value >> 63)))) }

    /// nil as 0, a value as value + 1 (values here are never negative).
    mutating func optional(_ value: Int?) { uint(value.map { UInt64(max(0, $0)) + 1 } ?? 0) }

    mutating func string(_ text: String) {
        uint(UInt64(text.utf8.count))
        bytes.append(contentsOf: text.utf8)
    }

    mutating func data(_ data: some Collection<UInt8>) {
        uint(UInt64(data.count))
        bytes.append(contentsOf: data)
    }

    /// nil as 0, a value as 1 and the value.
    mutating func maybe<T>(_ value: T?, _ write: (inout CacheWriter, T) -> Void) {
        uint(value == nil ? 0 : 1)
        if let value { write(&self, value) }
    }

    mutating func strings(_ texts: [String]) {
        uint(UInt64(texts.count))
        for text in texts { string(text) }
    }

    mutating func status(_ status: FileStatus) {
        uint(UInt64(status.size))
        int(status.modifiedNanoseconds)
        uint(status.inode)
        uint(status.device)
    }
}

/// Reads what `CacheWriter` wrote, refusing anything that runs past the end or does not fit.
struct CacheReader {
    let bytes: [UInt8]
    var offset: Int
    let end: Int

    mutating func uint() throws(CacheFileFormat.Refusal) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < end, shift < 64 else { throw .damaged }
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    mutating func int() throws(CacheFileFormat.Refusal) -> Int {
        let raw = try uint()
        return Int(truncatingIfNeeded: Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1))))
    }

    /// A count or size: never more than the bytes left, so no allocation follows a lie.
    mutating func count() throws(CacheFileFormat.Refusal) -> Int {
        let value = try uint()
        guard value <= UInt64(end - offset) else { throw .damaged }
        return Int(value)
    }

    /// An Int within `range`: what its writer's source can hold.
    mutating func int(in range: ClosedRange<Int>) throws(CacheFileFormat.Refusal) -> Int {
        let value = try int()
        guard range.contains(value) else { throw .damaged }
        return value
    }

    /// A non-negative Int.
    mutating func natural() throws(CacheFileFormat.Refusal) -> Int {
        let value = try uint()
        guard value <= UInt64(Int.max) else { throw .damaged }
        return Int(value)
    }

    mutating func flag() throws(CacheFileFormat.Refusal) -> Bool {
        switch try uint() {
        case 0: return false
        case 1: return true
        default: throw .damaged
        }
    }

    mutating func optional() throws(CacheFileFormat.Refusal) -> Int? {
        let raw = try uint()
        guard raw <= UInt64(Int.max) else { throw .damaged }
        return raw == 0 ? nil : Int(raw - 1)
    }

    mutating func string() throws(CacheFileFormat.Refusal) -> String {
        let length = try uint()
        guard length <= UInt64(end - offset) else { throw .damaged }
        let slice = bytes[offset..<(offset + Int(length))]
        offset += Int(length)
        // Valid UTF-8 exactly when decoding (which repairs) gives the same bytes back; ASCII always is
        // (most names: the comparison was a tenth of loading a 5,000-sticker pack's tables).
        let text = String(decoding: slice, as: UTF8.self)
        let ascii = slice.withUnsafeBufferPointer(PathText.isASCII)
        guard ascii || text.utf8.elementsEqual(slice) else { throw .damaged }
        return text
    }

    mutating func status() throws(CacheFileFormat.Refusal) -> FileStatus {
        FileStatus(size: try natural(), modifiedNanoseconds: try int(), inode: try uint(), device: try uint())
    }

    mutating func maybe<T>(_ read: (inout CacheReader) throws(CacheFileFormat.Refusal) -> T) throws(CacheFileFormat.Refusal) -> T? {
        try flag() ? try read(&self) : nil
    }

    mutating func strings() throws(CacheFileFormat.Refusal) -> [String] {
        var texts: [String] = []
        for _ in 0..<(try count()) { texts.append(try string()) }
        return texts
    }

    mutating func data() throws(CacheFileFormat.Refusal) -> [UInt8] { Array(try slice()) }

    /// Data as a slice of the file's bytes (no copy).
    mutating func slice() throws(CacheFileFormat.Refusal) -> ArraySlice<UInt8> {
        let length = try uint()
        guard length <= UInt64(end - offset) else { throw .damaged }
        defer { offset += Int(length) }
        return bytes[offset..<(offset + Int(length))]
    }
}
