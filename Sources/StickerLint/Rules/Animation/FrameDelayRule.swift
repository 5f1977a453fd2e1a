import StickerCatalog
import StickerFiles
import StickerImage

/// Warns about animation frames shown for under 20 ms.
struct FrameDelayRule: Rule {
    static let description = RuleDescription(
        id: "frame-delay", category: .animation, severity: .warning, needs: [.allFrames],
        appliesTo: ImageRole.stickers.union([.media]).union(ImageRole.stores),
        rationale: "Players stretch frames shorter than 20 ms (GIF delays of 0 or 1 centisecond, tiny APNG delays), "
            + "usually to 100 ms, so the animation runs far slower than designed. Under a store's profile, its own "
            + "shortest frame" + Store.rationale("frame-delay", separator: "; ").parenthesized + ".",
        cases: [RuleCase("store", .error, "an error under a store that refuses shorter frames" + Store.rationale("frame-delay.store").parenthesized)],
        passing: [.loose(.gif(side: 408, frames: 2, delayCentiseconds: 5))],
        failing: [.loose(.gif(side: 408, frames: 2, delayCentiseconds: 1)), .loose(.apng(side: 408, frames: 3, delayMilliseconds: 10))])

    static let minimumMilliseconds = StickerLimits.minimumFrameMilliseconds

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        guard let delays = image.pixels?.frameDelays, delays.count > 1 else { return [] }
        if let (store, kind) = image.storeKind {
            guard let least = kind.minFrameMilliseconds else { return [] }
            // Exact: a delay of 7.5 ms is under 8 ms though it rounds to it.
            let short = delays.enumerated().filter { $0.element.seconds * 1_000 < Double(least) - 1e-9 }
            guard !short.isEmpty else { return [] }
            return [
                Finding(
                    path: image.path,
                    message: "\(short.count) of \(delays.count) frames show for under \(least) ms: \(store.name) refuses such frames",
                    case: "store")
            ]
        }
        // Exact, as the store's case: 19.5 ms (39/2000 s) is under 20 ms though it rounds to it.
        let short = delays.enumerated().filter { $0.element.seconds * 1_000 < Double(Self.minimumMilliseconds) - 1e-9 }
        guard let shortest = short.map({ $0.element.seconds * 1_000 }).min() else { return [] }
        return [Finding(path: image.path, message: Self.message(short: short.map(\.offset), total: delays.count, shortest: shortest))]
    }

    fileprivate static func message(short: [Int], total: Int, shortest: Double) -> String {
        let which =
            short.count == total
            ? "all \(total) frames show"
            : short.count == 1 ? "frame \(short[0] + 1) of \(total) shows" : "\(short.count) of \(total) frames show"
        return "\(which) for under \(minimumMilliseconds) ms (shortest \(shortest.hundredthsText) ms): players stretch such frames, often to 100 ms"
    }
}
