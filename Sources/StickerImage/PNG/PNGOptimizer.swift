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
    /// The strategies are ranked by compressing a band of filtered rows in every `sampleStep` bands
    /// (`PNGFilter.sampledRows`) at libdeflate level `trialLevel`; the winner is compressed whole at
    /// `deflateLevel`. Measured on 48 of those stickers:
    /// ranking this way picks files 0.02% larger than the best strategy would make, at a twentieth of
    /// the cost of compressing every strategy whole; level 11 makes files 0.7% smaller than oxipng -o 2's
    /// in about half its time (level 12: 0.8% smaller again, at twice the time).
    static let sampleStep = 4
    /// Images this many rows tall or taller are ranked on samples (two of every `sampleStep` bands at
    /// least); shorter ones on all their rows. 64 rather than 128 (issue #39): report previews are
    /// 120 px, and ranking them whole made reports of still packs 7% slower.
    static let samplingHeight = 2 * sampleStep * PNGFilter.sampleBand
    /// `--effort max`: every strategy compressed whole at this level to rank them, and this many of the
    /// best compressed again at the strong levels.
    static let finalistLevel = 6
    static let finalists = 2
    static let trialLevel = 4
    /// libdeflate's level for the winner (12 is its strongest).
    public static let deflateLevel = 11

    /// How hard `fix` tries (`--effort`), as oxipng's `-o`: the work per file against the bytes saved.
    public enum Effort: String, Sendable, Hashable, CaseIterable {
        /// The three strategies that win most, ranked on sampled rows, the winner at level 8.
        case quick
        /// Every strategy ranked on sampled rows, the winner at level 11 (no more bytes than oxipng -o 2,
        /// in less time: Benchmarks/README.md).
        case `default`
        /// Every strategy, bigrams and brute force included, compressed whole and ranked; the two best
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
        let kept = chunks.filter { colourChunks.contains($0.name) || (keepMetadata && metadataChunks.contains($0.name)) }
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
    /// source has no colour chunk or is not a PNG.
    public static func carryingColourChunks(from source: [UInt8], into png: [UInt8]) -> [UInt8]? {
        let kind = Sniffer.kind(prefix: Array(source.prefix(Sniffer.prefixLength)))
        guard kind == .image(.png) || kind == .image(.apng), png.count > 26 else { return png }
        let chunks = (try? source.withUnsafeBytes { (raw) throws(ImageError) in try PNGLexer.walk(raw) }) ?? []
        let colour = chunks.filter { colourChunks.contains($0.name) }
        guard !colour.isEmpty else { return png }
        if colour.contains(where: { $0.name == "iCCP" }), [0, 4].contains(source[25]) != [0, 4].contains(png[25]) { return nil }
        return withChunks(colour.map { Array(source[$0.wholeRange]) }, png)
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
    /// with them: for a palette, each order worth trying (`PNGReduction.paletteOrders`), each one's
    /// filter strategies ranked, the smallest kept (the first on a tie); nil when none is under `cap`.
    static func smallestStill(
        _ rgba: [UInt8], width: Int, height: Int, plan: PNGReduction.Plan, strategies: [PNGFilter.Strategy], level: Int,
        exhaustive: Bool, under cap: Int, extra: Int, sourcePalette: [UInt32]? = nil
    ) throws(ImageError) -> [UInt8]? {
        var best: [UInt8]?
        var cap = cap
        for candidate in PNGReduction.paletteOrders(plan, sourcePalette: sourcePalette) {
            let raster = PNGReduction.raster(rgba: rgba, width: width, height: height, plan: candidate)
            if let png = try smallest(raster, strategies: strategies, level: level, exhaustive: exhaustive, under: cap, extra: extra) {
                best = png
                cap = png.count + extra
            }
        }
        return best
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
    /// sampled, ranked by their size at `trialLevel`; the smallest (the first on a tie) compressed
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
            let candidates = PNGFilter.filtered(raster, strategies)
            var sizes: [(size: Int, index: Int)] = []
            for (index, rows) in candidates.enumerated() where !candidates[..<index].contains(rows) {
                guard let data = try compressors.zlib(rows, level: finalistLevel, under: nil) else { continue }
                sizes.append((data.count, index))
            }
            var evaluator = Deflate.Evaluator(compressors: compressors, under: cap)
            for (_, index) in sizes.sorted(by: { ($0.size, $0.index) < ($1.size, $1.index) }).prefix(finalists).sorted(by: { $0.index < $1.index }) {
                for trial in Set([level, deflateLevel]).sorted() { try evaluator.offer(candidates[index], level: trial, index: index) }
            }
            return evaluator.best?.data
        }
        guard strategies.count > 1 else {
            return try compressors.zlib(PNGFilter.filtered(raster, strategies)[0], level: level, under: cap)
        }
        // Only the sampled rows are filtered for the ranking (a row's filter depends on that row and the
        // one above it, so they are the whole's rows), then the winner's rows whole.
        let step = raster.height >= samplingHeight ? sampleStep : 1
        let samples = PNGFilter.filtered(raster, strategies, step: step)
        var ranking = Deflate.Evaluator(compressors: compressors)
        for (index, sample) in samples.enumerated() {
            // Strategies often agree on every sampled row: the same rows rank the same, and the first
            // wins a tie.
            if samples[..<index].contains(sample) { continue }
            try ranking.offer(sample, level: trialLevel, index: index)
        }
        guard let (best, bestData) = ranking.best else { throw .encoding(.zlib) }
        // Every row was ranked at the level asked for: the winner's trial is the answer.
        if step == 1 && level == trialLevel { return cap.map { bestData.count < $0 } ?? true ? bestData : nil }
        let rows = step == 1 ? samples[best] : PNGFilter.filtered(raster, [strategies[best]])[0]
        return try compressors.zlib(rows, level: level, under: cap)
    }

    /// Consecutive frames with the same pixels as one frame shown for their summed delay.
    public static func mergingIdenticalFrames(_ frames: [ImageFrame]) -> [ImageFrame] {
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
