import StickerFiles
import StickerImage

// Discord: 320×320 PNG, APNG, GIF or Lottie JSON stickers up to 512 KiB, a server's slots rather than
// packs (discord-api-docs resources/sticker.mdx).

extension Store {
    package static let discord: Store = Store(
        id: "discord", limits: .discord,
        recipe: StoreRecipe(stillFormats: [.png], animatedFormats: [.apng]),
        packHelp: "320×320 PNG or APNG, ≤ 524,288 bytes, ≤ 5 s; Lottie JSON stickers that pass kept as they are.",
        sample: { seed, _ in .png(width: 320, height: 320, seed: seed) },
        rationale: [
            "file-size": "Discord 524,288 (its Lottie JSON stickers too)",
            "pixel-dimensions": "Discord 320×320 (a warning: its documentation says only \"constrained to\")",
            "pixel-dimensions.unstated": "Discord",
            "unsupported-format": "Discord PNG, APNG, GIF and Lottie JSON (a `.json` file in a folder under the discord profile is "
                + "read as a Lottie sticker; Contents.json never is)",
            "animation-duration": "Discord over 5 seconds (its Lottie stickers too)",
            "pack-count.none": "a Discord server's stickers are slots, not a pack"
        ],
        examples: {
            [
                "file-size": StoreRuleExamples(
                    passing: [.store(.discord, .lottie(width: 320, height: 320, bytes: 524_288))],
                    failing: [.store(.discord, .lottie(width: 320, height: 320, bytes: 524_289))]),
                "pixel-dimensions": StoreRuleExamples(failing: [.store(.discord, .lottie(width: 321, height: 320))]),
                // A one-frame APNG is a PNG, which Discord takes as a still (as a one-frame GIF).
                "unsupported-format": StoreRuleExamples(
                    passing: [.store(.discord, .lottie(width: 320, height: 320)), .store(.discord, .apng(side: 320, frames: 1))]),
                "animation-duration": StoreRuleExamples(
                    passing: [.store(.discord, .lottie(width: 320, height: 320, frames: 300))],
                    failing: [.store(.discord, .lottie(width: 320, height: 320, frames: 301))])
            ]
        })
}

extension Profile {
    package static let discord: Profile = .store(.discord)
}

extension ImageRole {
    package static let discord: ImageRole = .store(.discord)
}

extension StoreLimits {
    static let discord = StoreLimits(
        name: "Discord",
        still: Kind(
            formats: [.png, .apng, .gif], sides: .exactly(width: 320, height: 320), sidesStated: false, maxBytes: 524_288,
            source: "discord-api-docs resources/sticker.mdx (PNG, APNG, GIF, Lottie; 512 KiB; \"constrained to 320×320\")"),
        animated: Kind(
            formats: [.apng, .gif], noun: "an animated sticker", sides: .exactly(width: 320, height: 320), sidesStated: false, maxBytes: 524_288,
            maxMilliseconds: 5_000,
            source: "discord-api-docs resources/sticker.mdx (PNG, APNG, GIF, Lottie; 512 KiB; \"constrained to 320×320\"; at most 5 seconds)"),
        lottie: Kind(
            formats: [], container: .lottie, noun: "a Lottie sticker", sides: .exactly(width: 320, height: 320), sidesStated: false,
            maxBytes: 524_288, maxMilliseconds: 5_000,
            source: "discord-api-docs resources/sticker.mdx (Lottie JSON stickers, in servers with the VERIFIED or PARTNERED "
                + "feature; 512 KiB; \"constrained to 320×320\"; at most 5 seconds)"),
        count: nil, animatedCount: nil,
        countSource: "a server's sticker slots (5 to 60 by boost level), not a pack")
}
