import StickerCatalog
import StickerImage

/// Warns about animation frames shown for under 20 ms.
struct FrameDelayRule: Rule {
    static let description = RuleDescription(
        id: "frame-delay", category: .animation, severity: .warning, needs: [.allFrames], appliesTo: ImageRole.stickers.union([.media]),
        rationale: "Players stretch frames shorter than 20 ms (GIF delays of 0 or 1 centisecond, tiny APNG delays), "
            + "usually to 100 ms, so the animation runs far slower than designed.",
        passing: [.loose(.gif(side: 408, frames: 2, delayCentiseconds: 5))],
        failing: [.loose(.gif(side: 408, frames: 2, delayCentiseconds: 1)), .loose(.apng(side: 408, frames: 3, delayMilliseconds: 10))])

    static let minimumMilliseconds = StickerLimits.minimumFrameMilliseconds

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        guard let delays = image.pixels?.frameDelays, delays.count > 1 else { return [] }
        let short = delays.enumerated().filter { $0.element.milliseconds < Self.minimumMilliseconds }
        guard let shortest = short.map(\.element.milliseconds).min() else { return [] }
        return [Finding(path: image.path, message: Self.message(short: short.map(\.offset), total: delays.count, shortest: shortest))]
    }

    fileprivate static func message(short: [Int], total: Int, shortest: Int) -> String {
        let which =
            short.count == total
            ? "all \(total) frames show"
            : short.count == 1 ? "frame \(short[0] + 1) of \(total) shows" : "\(short.count) of \(total) frames show"
        return "\(which) for under \(minimumMilliseconds) ms (shortest \(shortest) ms): players stretch such frames, often to 100 ms"
    }
}
