import StickerImage

/// The bytes of the TGS and WebM examples (`ExampleContent.tgs`, `.webm`), written out field by field:
/// the store profiles' examples need Telegram's animated and video stickers at exact canvases, frame
/// rates, durations and byte counts, which the conformance corpora (made by real tools) cannot give.
package enum ExampleMotion {
    // MARK: TGS

    /// A Lottie animation of one shape layer (a filled disc at the centre, `disc` pixels across, else
    /// half the canvas's width), with each listed feature written the way After Effects' exporter writes
    /// it, gzip'd in stored blocks; padded in its name to `bytes`.
    package static func tgs(
        width: Int, height: Int, frameRate: Int, frames: Int, features: [LottieFeature], bytes: Int?, disc: Int? = nil
    ) -> [UInt8] {
        let base = lottie(width: width, height: height, frameRate: frameRate, frames: frames, features: features, name: "", disc: disc)
        guard let bytes else {
            return gzipStored(
                Array(
                    lottie(width: width, height: height, frameRate: frameRate, frames: frames, features: features, name: "example", disc: disc)
                        .utf8))
        }
        // A stored gzip is 18 bytes of header and trailer, and 5 bytes before each block of up to 65,535.
        for blocks in 1...64 {
            let length = bytes - 18 - 5 * blocks
            guard length >= base.utf8.count else { break }
            // Any number of blocks at least the data's 65,535-byte share: every size is reachable.
            if length <= 65_535 * blocks {
                let padded = lottie(
                    width: width, height: height, frameRate: frameRate, frames: frames, features: features,
                    name: String(repeating: "x", count: length - base.utf8.count), disc: disc)
                return gzipStored(Array(padded.utf8), blocks: blocks)
            }
        }
        return gzipStored(Array(base.utf8))
    }

    /// A Lottie JSON document as it is (Discord's Lottie sticker), padded in its name to `bytes`.
    package static func lottieJSON(width: Int, height: Int, frameRate: Int, frames: Int, bytes: Int?) -> [UInt8] {
        let base = lottie(width: width, height: height, frameRate: frameRate, frames: frames, features: [], name: "")
        let pad = bytes.map { max(0, $0 - base.utf8.count) } ?? 7
        return Array(
            lottie(width: width, height: height, frameRate: frameRate, frames: frames, features: [], name: String(repeating: "x", count: pad)).utf8)
    }

    static func lottie(width: Int, height: Int, frameRate: Int, frames: Int, features: [LottieFeature], name: String, disc: Int? = nil) -> String {
        let has = Set(features)
        func value(_ k: String, expression: Bool = false) -> String {
            "{\"a\":0,\"k\":\(k)" + (expression ? ",\"x\":\"var $bm_rt; $bm_rt = value;\"" : "") + "}"
        }
        var shapes = [
            "{\"ty\":\"el\",\"nm\":\"Ellipse\",\"p\":\(value("[0,0]")),\"s\":\(value("[\(disc ?? width / 2),\(disc ?? height / 2)]"))}",
            "{\"ty\":\"fl\",\"nm\":\"Fill\",\"c\":\(value("[1,0.6,0.1,1]")),\"o\":\(value("100"))}"
        ]
        if has.contains(.mergePaths) { shapes.append("{\"ty\":\"mm\",\"nm\":\"Merge Paths\",\"mm\":1}") }
        if has.contains(.starShapes) {
            shapes.append("{\"ty\":\"sr\",\"nm\":\"Star\",\"sy\":1,\"pt\":\(value("5")),\"p\":\(value("[0,0]")),\"r\":\(value("0"))}")
        }
        if has.contains(.gradientStrokes) {
            shapes.append(
                "{\"ty\":\"gs\",\"nm\":\"Gradient Stroke\",\"o\":\(value("100")),\"w\":\(value("4")),\"g\":{\"p\":2,\"k\":\(value("[0,1,1,1,1,0,0,0]"))}}"
            )
        }
        if has.contains(.repeaters) { shapes.append("{\"ty\":\"rp\",\"nm\":\"Repeater\",\"c\":\(value("3")),\"o\":\(value("0"))}") }
        shapes.append(
            "{\"ty\":\"tr\",\"p\":\(value("[0,0]")),\"a\":\(value("[0,0]")),\"s\":\(value("[100,100]")),\"r\":\(value("0")),\"o\":\(value("100"))}")
        var layer = [
            "\"ddd\":\(has.contains(.threeDLayers) ? 1 : 0)", "\"ind\":1", "\"ty\":4", "\"nm\":\"Disc\"",
            "\"sr\":\(has.contains(.timeStretching) ? 2 : 1)",
            "\"ks\":{\"o\":\(value("100", expression: has.contains(.expressions))),\"r\":\(value("0")),\"p\":\(value("[\(width / 2),\(height / 2),0]")),"
                + "\"a\":\(value("[0,0,0]")),\"s\":\(value("[100,100,100]"))}",
            "\"ao\":\(has.contains(.autoOrientedLayers) ? 1 : 0)", "\"shapes\":[\(shapes.joined(separator: ","))]",
            "\"ip\":0", "\"op\":\(frames)", "\"st\":0", "\"bm\":0"
        ]
        if has.contains(.masks) {
            layer.append("\"hasMask\":true")
            layer.append(
                "\"masksProperties\":[{\"inv\":false,\"mode\":\"a\",\"pt\":\(value("{\"i\":[],\"o\":[],\"v\":[],\"c\":true}")),\"o\":\(value("100"))}]"
            )
        }
        if has.contains(.layerEffects) { layer.append("\"ef\":[{\"ty\":5,\"nm\":\"Slider Control\",\"ef\":[]}]") }
        if has.contains(.timeRemapping) { layer.append("\"tm\":\(value("0"))") }
        var layers = ["{" + layer.joined(separator: ",") + "}"]
        let plain = "\"ddd\":0,\"sr\":1,\"ks\":{},\"ao\":0,\"ip\":0,\"op\":\(frames),\"st\":0,\"bm\":0"
        if has.contains(.solids) {
            layers.append("{\"ind\":2,\"ty\":1,\"nm\":\"Solid\",\"sc\":\"#ffffff\",\"sw\":\(width),\"sh\":\(height),\(plain)}")
        }
        if has.contains(.texts) { layers.append("{\"ind\":3,\"ty\":5,\"nm\":\"Text\",\"t\":{\"d\":{\"k\":[]}},\(plain)}") }
        var assets: [String] = []
        if has.contains(.images) {
            assets.append("{\"id\":\"image_0\",\"w\":10,\"h\":10,\"u\":\"images/\",\"p\":\"img_0.png\",\"e\":0}")
            layers.append("{\"ind\":4,\"ty\":2,\"nm\":\"Image\",\"refId\":\"image_0\",\(plain)}")
        }
        return "{\"v\":\"5.7.4\",\"fr\":\(frameRate),\"ip\":0,\"op\":\(frames),\"w\":\(width),\"h\":\(height),\"nm\":\"\(name)\",\"ddd\":0,"
            + "\"assets\":[\(assets.joined(separator: ","))],\"layers\":[\(layers.joined(separator: ","))]}"
    }

    /// gzip (RFC 1952) of deflate's stored blocks: the size is the data's plus 18 and 5 a block.
    /// In `blocks` blocks of near-equal size (at least as many as 65,535-byte blocks need).
    package static func gzipStored(_ data: [UInt8], blocks: Int = 1) -> [UInt8] {
        let blocks = max(blocks, (data.count + 65_534) / 65_535)
        var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        var offset = 0
        for block in 0..<blocks {
            let end = data.count * (block + 1) / blocks, count = end - offset
            let last: UInt8 = block == blocks - 1 ? 1 : 0
            out += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<end]
            offset = end
        }
        return out + le32(PNGWriter.crc32(data)) + le32(UInt32(truncatingIfNeeded: data.count))
    }

    static func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }

    // MARK: WebM

    /// A WebM: the EBML header (DocType webm), a Segment of Info (1 ms timestamps, the Duration), Tracks
    /// (video; Opus with `audio`) and Clusters of one SimpleBlock a frame at `round(i × 1000 / rate)` ms,
    /// padded with a Void element to `bytes`. Every size is written in 8 bytes.
    package static func webm(width: Int, height: Int, frameRate: Int, frames: Int, codec: String, audio: Bool, bytes: Int?) -> [UInt8] {
        let header = element(
            0x1A45_DFA3,
            uint(0x4286, 1) + uint(0x42F7, 1) + uint(0x42F2, 4) + uint(0x42F3, 8) + string(0x4282, "webm") + uint(0x4287, 4) + uint(0x4285, 2))
        let duration = Double(frames) * 1000 / Double(frameRate)
        let info = element(
            0x1549_A966, uint(0x2A_D7B1, 1_000_000) + float(0x4489, duration) + string(0x4D80, "stickerlint") + string(0x5741, "stickerlint"))
        var tracks = element(
            0xAE, uint(0xD7, 1) + uint(0x73C5, 1) + uint(0x83, 1) + string(0x86, codec) + element(0xE0, uint(0xB0, width) + uint(0xBA, height)))
        if audio {
            tracks += element(
                0xAE, uint(0xD7, 2) + uint(0x73C5, 2) + uint(0x83, 2) + string(0x86, "A_OPUS") + element(0xE1, float(0xB5, 48_000) + uint(0x9F, 1)))
        }
        var clusters: [UInt8] = []
        var start = 0, blocks: [UInt8] = []
        for frame in 0..<frames {
            let time = (frame * 1000 * 2 + frameRate) / (frameRate * 2)
            if time - start > 30_000 {
                clusters += element(0x1F43_B675, uint(0xE7, start) + blocks)
                start = time
                blocks = []
            }
            let relative = time - start
            blocks += element(0xA3, [0x81, UInt8(relative >> 8), UInt8(relative & 0xFF), 0x80, 0, 0, 0, 0])
        }
        if !blocks.isEmpty || clusters.isEmpty { clusters += element(0x1F43_B675, uint(0xE7, start) + blocks) }
        var body = info + element(0x1654_AE6B, tracks) + clusters
        if let bytes {
            // Header, Segment ID and size, and the Void's own 9 bytes.
            let room = bytes - header.count - 4 - 8 - body.count - 9
            if room >= 0 { body += element(0xEC, [UInt8](repeating: 0, count: room)) }
        }
        return header + element(0x1853_8067, body)
    }

    static func element(_ id: UInt32, _ payload: [UInt8]) -> [UInt8] {
        let idBytes = (0..<4).map { UInt8(truncatingIfNeeded: id >> (8 * (3 - $0))) }.drop { $0 == 0 }
        return Array(idBytes) + [0x01] + (0..<7).map { UInt8(truncatingIfNeeded: payload.count >> (8 * (6 - $0))) } + payload
    }

    static func uint(_ id: UInt32, _ value: Int) -> [UInt8] {
        var bytes = (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * (7 - $0))) }
        while bytes.count > 1 && bytes[0] == 0 { bytes.removeFirst() }
        return element(id, bytes)
    }

    static func float(_ id: UInt32, _ value: Double) -> [UInt8] {
        element(id, (0..<8).map { UInt8(truncatingIfNeeded: value.bitPattern >> (8 * (7 - $0))) })
    }

    static func string(_ id: UInt32, _ text: String) -> [UInt8] { element(id, Array(text.utf8)) }
}
