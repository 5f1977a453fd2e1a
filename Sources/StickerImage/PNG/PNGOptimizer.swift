import StickerFiles
/// Lossless re-encoding of PNG and APNG files (`stickerlint fix`): the smallest colour type and bit
/// depth the pixels allow (never grey under an RGB colour profile, nor colour under a grey one), the
/// best of several filter strategies, libdeflate at its strongest level, the chunks that say how
/// colours are shown kept byte for byte (iCCP, sRGB, gAMA, cHRM, cICP, mDCv, cLLi), the ones that change
/// nothing shown dropped (text, time, pHYs, bKGD, sBIT…; text, time and pHYs kept with
/// `keepMetadata`), APNG frames cut to the
/// rectangle that changed and identical consecutive frames merged with their delays summed. A result
/// is returned only when it is smaller and decodes to exactly the same frames, delays and loop count.
public enum PNGOptimizer {
    /// What an optimisation produced.
    public struct Result: Sendable, Hashable {
        public var bytes: [UInt8]
        /// What was done, for the report ("RGBA → palette, 3 identical frames merged").
        public var changes: [String]
    }

    /// Why a file was left as it is (never an error of the run).
    public enum Skip: Error, Sendable, Hashable, CustomStringConvertible {
        /// Not a PNG or APNG stickerlint decodes.
        case notPNG
        /// It could not be decoded.
        case undecodable(String)
        /// A gAMA of 1.0 or more: the decoder shows its linear samples converted to sRGB, so the decoded
        /// pixels are not the file's samples and cannot be written back under the same chunk.
        case linearGamma
        /// Nothing smaller was found.
        case alreadySmallest
        /// The re-encoded file did not decode to the same pixels (a bug: never written).
        case notIdentical
        /// 16-bit samples, which stickerlint decodes to 8 bits: re-encoding would lose precision.
        case sixteenBit
        /// Its animation chunks are damaged: re-encoding what players show (the default image) would
        /// throw the frames away, which is a person's call.
        case damagedAnimation

        public var description: String {
            switch self {
            case .notPNG: "not a PNG or APNG"
            case .undecodable(let why): "cannot be decoded: \(why)"
            case .linearGamma: "its gAMA marks linear light, which is shown converted to sRGB (re-encoding needs the raw samples)"
            case .alreadySmallest: "already as small as stickerlint can make it without loss"
            case .notIdentical: "the re-encoded file did not decode to the same pixels"
            case .sixteenBit: "16-bit samples (re-encoding at 8 bits would lose precision)"
            case .damagedAnimation: "its animation chunks are damaged (see animation-structure); re-encoding would drop its frames"
            }
        }
    }

    /// The filter strategies tried for a still image: no filter, each fixed filter for every row, and
    /// per row the smallest absolute sum (libpng's adaptive choice) or the lowest entropy. On 48 of the
    /// stickers of Benchmarks/fix_bench.py only none, min-sum and entropy ever won; the fixed filters
    /// stay because ranking them costs little (every row's five filters are computed anyway) and other
    /// art can prefer them. The fewest-byte-pairs choice never won and is not tried.
    static let strategies: [PNGFilter.Strategy] = [.none, .sub, .up, .average, .paeth, .minSum, .entropy]
    /// The three that won, for encoders where time counts more (variants): on the variants benchmark
    /// they give the same bytes as all seven, 10% sooner.
    static let quickStrategies: [PNGFilter.Strategy] = [.none, .minSum, .entropy]
    /// The strategies are ranked by compressing a band of filtered rows in every `step` bands
    /// (`PNGFilter.sampledRows`) at libdeflate level `level`; the winner is compressed whole at the level
    /// asked for. Images at least `samplingHeight` rows tall are ranked on samples (two bands at least),
    /// shorter ones on all their rows.
    struct Ranking: Sendable, Hashable {
        var step: Int
        var level: Int
        var samplingHeight: Int { 2 * step * PNGFilter.sampleBand }

        /// For `fix`'s levels (`deflateLevel` and up): a band in every 8 at level 8. libdeflate's levels
        /// up to 7 parse greedily or lazily, 8 and 9 look further ahead, and 10 and up parse near-optimally;
        /// how filtered rows rank at 4 is not how they rank at 11: on smooth gradients unfiltered rows
        /// won at 4 and came out twice as large at 11 as the filtered ones. Ranked at 8 on an eighth of
        /// the rows, both corpora of Benchmarks/README.md ("fix on real exports") come out smaller than at
        /// 4 on a quarter, in 6% more time.
        static let strong = Ranking(step: 8, level: 8)
        /// For the quick levels below (report previews at 4, variants at 6, `--effort quick` at 8): a band
        /// in every 4 at level 4. 64 rows rather than 128 sample (issue #39): report previews are 120 px,
        /// and ranking them whole made reports of still packs 7% slower.
        static let quick = Ranking(step: 4, level: 4)

        static func forLevel(_ level: Int) -> Ranking { level >= deflateLevel ? strong : quick }
    }
    /// `--effort max`: every strategy compressed whole at this level to rank them, and this many of the
    /// best compressed again at the strong levels. Level 8 and three finalists rather than 6 and two
    /// (issue #39): level 6 ranks as level 4 does (see `Ranking.strong`), and the two it kept came out
    /// 2,944 bytes larger than oxipng -o 4's on the 320-sticker corpus; 8 and three, 798 smaller, in
    /// 1.5× the time (Benchmarks/README.md).
    static let finalistLevel = 8
    /// Palette orders compressed whole at the default effort, of those ranked: one lost 0.09% on the
    /// exporter corpus against every order whole, two 0.01%, in 82% of the time (Benchmarks/README.md).
    static let rankedOrders = 2
    static let finalists = 3
    /// libdeflate's level for the winner (12 is its strongest).
    public static let deflateLevel = 11

    /// How hard `fix` tries (`--effort`), as oxipng's `-o`: the work per file against the bytes saved.
    public enum Effort: String, Sendable, Hashable, CaseIterable {
        /// The three strategies that win most, ranked on sampled rows, the winner at level 8.
        case quick
        /// Every strategy ranked on sampled rows, the winner at level 11 (no more bytes than oxipng -o 2,
        /// in less time: Benchmarks/README.md).
        case `default`
        /// Every strategy, bigrams and brute force included, compressed whole and ranked; the three best
        /// compressed at libdeflate's levels 11 and 12, the smallest kept.
        case max

        var strategies: [PNGFilter.Strategy] {
            switch self {
            case .quick: PNGOptimizer.quickStrategies
            case .default: PNGOptimizer.strategies
            case .max: PNGFilter.Strategy.allCases
            }
        }
        var level: Int {
            switch self {
            case .quick: 8
            case .default: PNGOptimizer.deflateLevel
            case .max: 12
            }
        }
        /// Whether every strategy is compressed whole rather than ranked on a sample.
        var exhaustive: Bool { self == .max }
    }

    /// Chunks that decide how colours are shown: kept byte for byte, before the palette and image data.
    static let colourChunks: Set<String> = ["iCCP", "sRGB", "gAMA", "cHRM", "cICP", "mDCv", "cLLi"]
    /// Chunks that change nothing shown and stay valid whatever the colour type: kept only with
    /// `keepMetadata` (bKGD, hIST, sPLT and sBIT name palette entries or sample depths of the old
    /// colour type and are always dropped).
    static let metadataChunks: Set<String> = ["tEXt", "zTXt", "iTXt", "tIME", "pHYs", "eXIf"]

    public static func optimize(
        _ bytes: [UInt8], decoder: ImageDecoder = ImageDecoder(), keepMetadata: Bool = false,
        effort: Effort = .default
    ) throws(Skip) -> Result {
        let kind = Sniffer.kind(prefix: Array(bytes.prefix(Sniffer.prefixLength)))
        guard kind == .image(.png) || kind == .image(.apng) else { throw .notPNG }
        let chunks = (try? bytes.withUnsafeBytes { (raw) throws(ImageError) in try PNGLexer.walk(raw) }) ?? []
        if let gama = chunks.first(where: { $0.name == "gAMA" }), gama.length == 4,
            bytes[gama.dataRange].reduce(0, { $0 << 8 | Int($1) }) >= 100_000
        {
            throw .linearGamma
        }
        // An eXIf chunk whose orientation turns the image (not 1) changes what viewers show: kept always.
        func turns(_ chunk: PNGChunk) -> Bool { chunk.name == "eXIf" && (EXIF.orientation(inTIFF: Array(bytes[chunk.dataRange])) ?? 1) != 1 }
        let kept = chunks.filter { colourChunks.contains($0.name) || (keepMetadata && metadataChunks.contains($0.name)) || turns($0) }
            .map { Array(bytes[$0.wholeRange]) }
        // An ICC profile holds grey or colour data, as the original's colour type did (IHDR's byte 9).
        let family: PNGReduction.ColourFamily =
            !chunks.contains(where: { $0.name == "iCCP" }) || bytes.count < 26
            ? .any
            : [0, 4].contains(bytes[25]) ? .grey : .colour
        let image: DecodedImage
        do {
            image = try decoder.decode(bytes)
        } catch {
            throw .undecodable(error.description)
        }
        guard image.header.bitDepth <= 8 else { throw .sixteenBit }
        guard image.animationIssues.isEmpty else { throw .damagedAnimation }
        var changes: [String] = []
        // nil: nothing smaller than the original was found.
        let candidate: [UInt8]?
        do {
            if image.header.format == .apng && image.frames.count > 1 {
                let merged = mergingIdenticalFrames(image.frames)
                if merged.count < image.frames.count {
                    changes.append(
                        "\(image.frames.count - merged.count) identical \(image.frames.count - merged.count == 1 ? "frame" : "frames") merged")
                }
                candidate = withChunks(
                    kept,
                    try FrameEncoder.apng(
                        merged, width: image.width, height: image.height,
                        loopCount: image.loopCount ?? 0, deflateLevel: effort.level, family: family))
                changes.append("frames cut to what changed")
                if hidesDefaultImage(bytes, firstFrame: image.frames.first?.pixels, decoder: decoder) { changes.append(hiddenDefaultImageChange) }
            } else {
                let rgba = image.frames[0].pixels
                let plan = PNGReduction.plan([rgba], family: family)
                // Only a file smaller than the original counts: the evaluator stops a stream that cannot be.
                candidate = try smallestStill(
                    rgba, width: image.width, height: image.height, plan: plan, strategies: effort.strategies, level: effort.level,
                    exhaustive: effort.exhaustive, under: bytes.count,
                    extra: kept.reduce(0) { $0 + $1.count }, sourcePalette: Self.palette(of: bytes, chunks: chunks)
                ).map { withChunks(kept, $0) }
                let from = image.header.colorModel, to = ColorModel(pngColorType: plan.colorType.rawValue) ?? .rgba
                if from != to || image.header.bitDepth != plan.bitDepth {
                    changes.append("\(from.displayName) \(image.header.bitDepth)-bit → \(to.displayName) \(plan.bitDepth)-bit")
                }
                // An APNG of one frame whose default image is no frame becomes a still of that frame.
                if image.header.format == .apng && hidesDefaultImage(bytes, firstFrame: rgba, decoder: decoder) {
                    changes.append(hiddenDefaultImageChange)
                }
            }
        } catch {
            throw .undecodable(error.description)
        }
        guard let candidate, candidate.count < bytes.count else { throw .alreadySmallest }
        guard let check = try? decoder.decode(candidate), sameAnimation(check, image) else { throw .notIdentical }
        return Result(bytes: candidate, changes: changes)
    }

    /// `png` (made from `source`'s pixels, as `fix --lossy` makes it) with `source`'s colour chunks, so
    /// that its colours are shown as the source's were; nil when `source` has an ICC profile of the other
    /// colour family than `png`'s colour type (a file that would be invalid). `png` as it is when the
    /// source has no colour chunk or is not a PNG; without the profile when the profile declares the other
    /// family than the source's own colour type (viewers ignore it there).
    public static func carryingColourChunks(from source: [UInt8], into png: [UInt8]) -> [UInt8]? {
        let kind = Sniffer.kind(prefix: Array(source.prefix(Sniffer.prefixLength)))
        guard kind == .image(.png) || kind == .image(.apng), png.count > 26 else { return png }
        let chunks = (try? source.withUnsafeBytes { (raw) throws(ImageError) in try PNGLexer.walk(raw) }) ?? []
        let colour = chunks.filter { colourChunks.contains($0.name) }
        guard !colour.isEmpty else { return png }
        if colour.contains(where: { $0.name == "iCCP" }) {
            let grey = [0, 4].contains(source[25])
            // A profile of the other family than the source's own colour type (a GRAY profile on RGBA) is
            // one viewers ignore (libpng does): the other chunks are carried, it is not.
            if let space = ICCProfile.colourSpace(of: source), (space == "GRAY") != grey {
                return withChunks(colour.filter { $0.name != "iCCP" }.map { Array(source[$0.wholeRange]) }, png)
            }
            if grey != [0, 4].contains(png[25]) { return nil }
        }
        return withChunks(colour.map { Array(source[$0.wholeRange]) }, png)
    }

    /// `png` with `source`'s colour chunks, as `carryingColourChunks` gives them; where `png`'s colour type
    /// is of the other family than `source`'s ICC profile (art of grey pixels made grey under an RGB
    /// profile, which such a file may not carry), `png`'s pixels are first encoded again in the profile's
    /// family (the same pixels, frames and delays, as small as the optimiser makes them there), so that
    /// the profile is never dropped. `png` as it is only when it cannot be decoded or made again.
    package static func showingColours(of source: [UInt8], in png: [UInt8], decoder: ImageDecoder) -> [UInt8] {
        if let carried = carryingColourChunks(from: source, into: png) { return carried }
        let family: PNGReduction.ColourFamily = [0, 4].contains(source[25]) ? .grey : .colour
        guard let image = try? decoder.decode(png), image.animationIssues.isEmpty, image.header.bitDepth <= 8 else { return png }
        let remade: [UInt8]?
        if image.frames.count > 1 {
            remade = try? FrameEncoder.apng(
                image.frames, width: image.width, height: image.height, loopCount: image.loopCount ?? 0, deflateLevel: deflateLevel,
                family: family)
        } else {
            let rgba = image.frames[0].pixels
            remade =
                (try? smallestStill(
                    rgba, width: image.width, height: image.height, plan: PNGReduction.plan([rgba], family: family), strategies: strategies,
                    level: deflateLevel, exhaustive: false, under: .max, extra: 0)) ?? nil
        }
        return remade.flatMap { carryingColourChunks(from: source, into: $0) } ?? png
    }

    /// What `fix` says of an APNG whose default image is no frame once the file is made of its frames alone.
    package static let hiddenDefaultImageChange = "its default image, shown only where APNG does not play, made the first frame"

    /// Whether `bytes` is an APNG whose default image is no frame (IDAT before the first fcTL) and shows
    /// other pixels than the first frame (or cannot be read alone): what a file made of its frames loses.
    /// `firstFrame`: the animation's first frame when the caller has decoded it (else it is decoded here).
    package static func hidesDefaultImage(_ bytes: [UInt8], firstFrame: [UInt8]? = nil, decoder: ImageDecoder) -> Bool {
        let chunks = (try? bytes.withUnsafeBytes { (raw) throws(ImageError) in try PNGLexer.walk(raw) }) ?? []
        guard let data = chunks.firstIndex(where: { $0.name == "IDAT" }), let control = chunks.firstIndex(where: { $0.name == "fcTL" }),
            data < control
        else { return false }
        // The default image alone: every chunk but the animation's, as a still PNG.
        var still = Sniffer.pngSignature
        for chunk in chunks where !["acTL", "fcTL", "fdAT"].contains(chunk.name) { still += bytes[chunk.wholeRange] }
        guard let shown = try? decoder.decode(still), let first = firstFrame ?? (try? decoder.decode(bytes))?.frames.first?.pixels else {
            return true
        }
        return shown.frames.first?.pixels != first
    }

    /// `png` with `chunks` (whole, as read) right after its IHDR, where colour chunks must stand.
    static func withChunks(_ chunks: [[UInt8]], _ png: [UInt8]) -> [UInt8] {
        guard !chunks.isEmpty else { return png }
        let afterHeader = Sniffer.pngSignature.count + 25
        return Array(png[..<afterHeader]) + chunks.flatMap { $0 } + Array(png[afterHeader...])
    }

    /// A new still image (an icon, pack's art) as small as it gets without loss: exactly what `optimize`
    /// makes of it at the default effort (the smallest colour type and bit depth, the best filter
    /// strategy, level `deflateLevel`), so that a later `fix` finds nothing to change. (Made once:
    /// optimising it again would rebuild the same stream only to find it no smaller.)
    public static func smallestFile(rgba: [UInt8], width: Int, height: Int) throws(ImageError) -> [UInt8] {
        try smallest(rgba: rgba, width: width, height: height, level: deflateLevel)
    }

    /// Straight RGBA pixels as the smallest PNG the optimiser finds at `level`.
    public static func smallest(rgba: [UInt8], width: Int, height: Int, level: Int) throws(ImageError) -> [UInt8] {
        let plan = PNGReduction.plan([rgba])
        guard
            let png = try smallestStill(
                rgba, width: width, height: height, plan: plan, strategies: strategies, level: level, exhaustive: false, under: .max,
                extra: 0)
        else {
            throw .encoding(.zlib)
        }
        return png
    }

    /// A still image's smallest PNG (without the kept chunks, `extra` bytes of them) under `cap` bytes
    /// with them: for a palette, each order worth trying (`PNGReduction.paletteOrders`); nil when none
    /// is under `cap`. The orders are ranked together with the filter strategies, and only the best
    /// compressed at the strong levels (issue #39: compressing every order whole made `fix` slower than
    /// oxipng -o 2 on exported art): at the default effort each order's strategies on samples, the
    /// `rankedOrders` orders of the smallest trials compressed whole with their best strategy; at
    /// `--effort max` every order's strategies whole at `finalistLevel`, the `finalists` best of them
    /// all at the strong levels. The first wins a tie.
    static func smallestStill(
        _ rgba: [UInt8], width: Int, height: Int, plan: PNGReduction.Plan, strategies: [PNGFilter.Strategy], level: Int,
        exhaustive: Bool, under cap: Int, extra: Int, sourcePalette: [UInt32]? = nil
    ) throws(ImageError) -> [UInt8]? {
        let rasters = PNGReduction.paletteOrders(plan, sourcePalette: sourcePalette).map {
            PNGReduction.raster(rgba: rgba, width: width, height: height, plan: $0)
        }
        guard rasters.count > 1 else {
            return try smallest(rasters[0], strategies: strategies, level: level, exhaustive: exhaustive, under: cap, extra: extra)
        }
        if Interruption.happened { throw .interrupted }
        let compressors = Deflate.Compressors()
        // Each (order, rows) to compress at the strong levels, best first.
        var finalists: [(raster: PNGRaster, rows: [UInt8])] = []
        if exhaustive {
            var ranked: [(size: Int, order: Int, strategy: Int, rows: [UInt8])] = []
            for (order, raster) in rasters.enumerated() {
                // Ranked as whole files: orders differ in their tRNS chunk's length.
                let overhead = PNGFilter.png(raster, idat: []).count
                for (strategy, rows, size) in try wholeSizes(raster, strategies, compressors: compressors) {
                    ranked.append((size + overhead, order, strategy, rows))
                }
            }
            ranked.sort { ($0.size, $0.order, $0.strategy) < ($1.size, $1.order, $1.strategy) }
            finalists = ranked.prefix(Self.finalists).map { (rasters[$0.order], $0.rows) }
        } else {
            var ranked: [(size: Int, order: Int, strategy: Int, wholeTrial: [UInt8]?)] = []
            for (order, raster) in rasters.enumerated() {
                let ranking = try rank(raster, strategies: strategies, level: level, compressors: compressors)
                // Ranked as whole files: orders differ in their tRNS chunk's length.
                ranked.append((ranking.size + PNGFilter.png(raster, idat: []).count, order, ranking.strategy, ranking.wholeTrial))
            }
            ranked.sort { ($0.size, $0.order) < ($1.size, $1.order) }
            let best = ranked[0]
            // Every row was ranked at the level asked for (a small image at a quick level): the trial is the answer.
            if let trial = best.wholeTrial {
                return best.size + extra < cap ? PNGFilter.png(rasters[best.order], idat: trial) : nil
            }
            finalists = ranked.prefix(rankedOrders).map { (rasters[$0.order], PNGFilter.filtered(rasters[$0.order], [strategies[$0.strategy]])[0]) }
        }
        var made: [UInt8]?
        var cap = cap
        for (raster, rows) in finalists {
            let room = cap - extra - PNGFilter.png(raster, idat: []).count
            guard room > 0 else { continue }
            var evaluator = Deflate.Evaluator(compressors: compressors, under: room)
            for trial in exhaustive ? Set([level, deflateLevel]).sorted() : [level] { try evaluator.offer(rows, level: trial, index: 0) }
            if let idat = evaluator.best?.data {
                let png = PNGFilter.png(raster, idat: idat)
                made = png
                cap = png.count + extra
            }
        }
        return made
    }

    /// A palette PNG's palette as RGBA keys (PLTE with tRNS's alphas), in its order; nil for another file.
    static func palette(of bytes: [UInt8], chunks: [PNGChunk]) -> [UInt32]? {
        guard let plte = chunks.first(where: { $0.name == "PLTE" }) else { return nil }
        let rgb = Array(bytes[plte.dataRange])
        let alphas = chunks.first(where: { $0.name == "tRNS" }).map { Array(bytes[$0.dataRange]) } ?? []
        return (0..<(rgb.count / 3)).map { i in
            UInt32(rgb[3 * i]) | UInt32(rgb[3 * i + 1]) << 8 | UInt32(rgb[3 * i + 2]) << 16 | UInt32(i < alphas.count ? alphas[i] : 255) << 24
        }
    }

    /// The raster as the smallest PNG found (see `smallestImageData`).
    static func smallest(
        _ raster: PNGRaster, strategies: [PNGFilter.Strategy] = strategies,
        level: Int = deflateLevel, exhaustive: Bool = false
    ) throws(ImageError) -> [UInt8] {
        PNGFilter.png(raster, idat: try smallestImageData(raster, strategies: strategies, level: level, exhaustive: exhaustive))
    }

    /// The raster as the smallest PNG found, when that is smaller than `cap` bytes with `extra` bytes of
    /// chunks added (nil otherwise: the evaluator stops the losing stream early).
    static func smallest(
        _ raster: PNGRaster, strategies: [PNGFilter.Strategy], level: Int, exhaustive: Bool, under cap: Int, extra: Int
    ) throws(ImageError) -> [UInt8]? {
        let room = cap - extra - PNGFilter.png(raster, idat: []).count
        guard room > 0,
            let idat = try smallestImageData(
                raster, strategies: strategies, level: level, exhaustive: exhaustive, compressors: Deflate.Compressors(), under: room)
        else { return nil }
        return PNGFilter.png(raster, idat: idat)
    }

    /// The raster's image data (a zlib stream) at its smallest (see the capped form).
    static func smallestImageData(
        _ raster: PNGRaster, strategies: [PNGFilter.Strategy] = strategies,
        level: Int = deflateLevel, exhaustive: Bool = false, compressors: Deflate.Compressors = Deflate.Compressors()
    ) throws(ImageError) -> [UInt8] {
        guard
            let idat = try smallestImageData(
                raster, strategies: strategies, level: level, exhaustive: exhaustive, compressors: compressors, under: nil)
        else { throw .encoding(.zlib) }
        return idat
    }

    /// The raster's image data (a zlib stream) at its smallest: every strategy's filtered rows,
    /// sampled, ranked by their size at the ranking level (`Ranking`); the smallest (the first on a tie) compressed
    /// whole at `level`. `exhaustive`: every strategy compressed whole at `level`, the smallest kept.
    /// Every comparison goes through the evaluator (`Deflate.Evaluator`), so a losing candidate stops
    /// early; nil when nothing is smaller than `cap` bytes.
    static func smallestImageData(
        _ raster: PNGRaster, strategies: [PNGFilter.Strategy], level: Int, exhaustive: Bool,
        compressors: Deflate.Compressors, under cap: Int?
    ) throws(ImageError) -> [UInt8]? {
        // Each frame of every encode passes here: an interrupt ends the longest encode within a frame.
        if Interruption.happened { throw .interrupted }
        if exhaustive {
            // Every strategy compressed whole at `finalistLevel` and ranked; the `finalists` best then at
            // `level` and at the default level (libdeflate's level 12 is not always smaller than 11); the
            // smallest (the first on a tie). Compressing every strategy at both strong levels cost five
            // times oxipng -o 4's time for 0.1% (Benchmarks/README.md, "fix on real exports").
            let sizes = try wholeSizes(raster, strategies, compressors: compressors)
            var evaluator = Deflate.Evaluator(compressors: compressors, under: cap)
            for candidate in sizes.sorted(by: { ($0.size, $0.strategy) < ($1.size, $1.strategy) }).prefix(finalists)
                .sorted(by: { $0.strategy < $1.strategy })
            {
                for trial in Set([level, deflateLevel]).sorted() { try evaluator.offer(candidate.rows, level: trial, index: candidate.strategy) }
            }
            return evaluator.best?.data
        }
        guard strategies.count > 1 else {
            return try compressors.zlib(PNGFilter.filtered(raster, strategies)[0], level: level, under: cap)
        }
        let ranking = try rank(raster, strategies: strategies, level: level, compressors: compressors)
        // Every row was ranked at the level asked for: the winner's trial is the answer.
        if let trial = ranking.wholeTrial { return cap.map { trial.count < $0 } ?? true ? trial : nil }
        return try compressors.zlib(PNGFilter.filtered(raster, [strategies[ranking.strategy]])[0], level: level, under: cap)
    }

    /// Each distinct strategy's rows filtered whole and their size at `finalistLevel`, in strategy order
    /// (a strategy whose rows an earlier one gave is left out).
    static func wholeSizes(
        _ raster: PNGRaster, _ strategies: [PNGFilter.Strategy], compressors: Deflate.Compressors
    ) throws(ImageError) -> [(strategy: Int, rows: [UInt8], size: Int)] {
        let candidates = PNGFilter.filtered(raster, strategies)
        var sizes: [(strategy: Int, rows: [UInt8], size: Int)] = []
        for (index, rows) in candidates.enumerated() where !candidates[..<index].contains(rows) {
            guard let data = try compressors.zlib(rows, level: finalistLevel, under: nil) else { continue }
            sizes.append((index, rows, data.count))
        }
        return sizes
    }

    /// The strategy whose filtered rows compress smallest on the ranking's samples (`Ranking.forLevel`),
    /// the first on a tie; its trial's size, and the trial itself when it was every row at `level`
    /// (then it is the answer). Only the sampled rows are filtered (a row's filter depends on that row
    /// and the one above it, so they are the whole's rows).
    static func rank(
        _ raster: PNGRaster, strategies: [PNGFilter.Strategy], level: Int, compressors: Deflate.Compressors
    ) throws(ImageError) -> (strategy: Int, size: Int, wholeTrial: [UInt8]?) {
        let ranked = Ranking.forLevel(level)
        let step = raster.height >= ranked.samplingHeight ? ranked.step : 1
        let samples = PNGFilter.filtered(raster, strategies, step: step)
        var ranking = Deflate.Evaluator(compressors: compressors)
        for (index, sample) in samples.enumerated() {
            // Strategies often agree on every sampled row: the same rows rank the same, and the first
            // wins a tie.
            if samples[..<index].contains(sample) { continue }
            try ranking.offer(sample, level: ranked.level, index: index)
        }
        guard let (best, bestData) = ranking.best else { throw .encoding(.zlib) }
        return (best, bestData.count, step == 1 && level == ranked.level ? bestData : nil)
    }

    /// Consecutive frames with the same pixels as one frame shown for their summed delay; an animation
    /// of frames all alike keeps two (the first, then the rest as one), so that it stays an animation (a
    /// one-frame APNG is `animated-format`'s error: fix and variants made passing stickers fail).
    public static func mergingIdenticalFrames(_ frames: [ImageFrame]) -> [ImageFrame] {
        let out = merging(frames[...])
        if out.count == 1, frames.count > 1 { return [frames[0]] + merging(frames.dropFirst()) }
        return out
    }

    private static func merging(_ frames: ArraySlice<ImageFrame>) -> [ImageFrame] {
        var out: [ImageFrame] = []
        for frame in frames {
            if let last = out.last, last.pixels == frame.pixels, let delay = FrameDelay.sum(last.delay, frame.delay) {
                out[out.count - 1].delay = delay
            } else {
                out.append(frame)
            }
        }
        return out
    }

    /// Whether two decodes show the same thing: the same canvas, the same pixels for the same time in
    /// the same order (consecutive identical frames counted as one), and the same loop count.
    public static func sameAnimation(_ a: DecodedImage, _ b: DecodedImage) -> Bool {
        guard a.width == b.width, a.height == b.height, (a.loopCount ?? 0) == (b.loopCount ?? 0) || a.frames.count == 1 else { return false }
        let fa = mergingIdenticalFrames(a.frames), fb = mergingIdenticalFrames(b.frames)
        guard fa.count == fb.count else { return false }
        return zip(fa, fb).allSatisfy { $0.pixels == $1.pixels && (fa.count == 1 || $0.delay.seconds == $1.delay.seconds) }
    }
}

extension FrameDelay {
    /// Two delays as one, exactly, when an APNG fcTL (16-bit numerator and denominator) can hold it.
    public static func sum(_ a: FrameDelay, _ b: FrameDelay) -> FrameDelay? {
        let (numerator, denominator) =
            a.denominator == b.denominator
            ? (a.numerator + b.numerator, a.denominator)
            : (a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator)
        guard numerator <= 65_535, denominator <= 65_535 else { return nil }
        return FrameDelay(numerator: numerator, denominator: denominator)
    }
}

extension ColorModel {
    /// How the report names it: "RGBA", "palette".
    var displayName: String {
        switch self {
        case .grey: "grey"
        case .greyAlpha: "grey+alpha"
        case .rgb: "RGB"
        case .rgba: "RGBA"
        case .indexed: "palette"
        case .cmyk: "CMYK"
        case .ycck: "YCCK"
        case .ycbcr: "YCbCr"
        }
    }
}
