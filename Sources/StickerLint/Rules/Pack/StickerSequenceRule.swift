import StickerCatalog

/// Flags sticker sequences Xcode cannot turn into an animation.
struct StickerSequenceRule: Rule {
    static let description = RuleDescription(
        id: "sticker-sequence", category: .pack, severity: .error, mainCase: "invalid",
        rationale: "A sticker sequence needs frames of one size, a positive duration and a duration-type of fps or "
            + "fixed; otherwise Xcode rejects it or plays it wrong.",
        cases: [RuleCase("empty-entry", .note, "a note for an empty {} frame entry, which Xcode writes and skips")],
        passing: [
            .pack(
                [.sequence("Wave", [.png(width: 408, height: 408), .png(width: 408, height: 408, seed: 1)])],
                "a sequence of two 408×408 frames at 15 fps")
        ],
        failing: [
            .pack(
                [.sequence("Wave", [.png(width: 408, height: 408), .png(width: 300, height: 300)])],
                "a sequence whose frames are 408×408 and 300×300"),
            .pack([.sequence("Wave", [.png(width: 408, height: 408)], duration: "0")], "a sequence with duration 0"),
            .pack([.sequence("Wave", [.png(width: 408, height: 408)], durationType: "bpm")], "a sequence with duration-type bpm")
        ])

    func check(entry: PackEntry, context: LintContext) -> [Finding] {
        guard case .sequence(let sequence) = entry, sequence.isReadable else { return [] }
        var findings = Self.problems(of: sequence).map { problem in
            if case .emptyFrameEntry = problem {
                return Finding(path: sequence.path, message: Self.message(problem), case: "empty-entry")
            }
            return Finding(path: sequence.path, message: Self.message(problem))
        }
        let sizes = context.images(of: entry).compactMap { $0.readableHeader.map { "\($0.width)×\($0.height)" } }
        let distinct = sizes.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        if distinct.count > 1 {
            let counted = distinct.map { size in "\(size) px (\(sizes.filter { $0 == size }.count))" }
            findings.append(Finding(path: sequence.path, message: Self.framesDiffer(counted)))
        }
        return findings
    }

    /// What Xcode cannot play: no frames, a duration that is not positive, an unknown duration type;
    /// and the empty `{}` frame entries it skips.
    fileprivate static func problems(of sequence: StickerSequence) -> [SequenceProblem] {
        var problems: [SequenceProblem] = []
        if let duration = sequence.duration, duration <= 0 { problems.append(.durationNotPositive(duration)) }
        if let type = sequence.durationType, type != "fps", type != "fixed" { problems.append(.unknownDurationType(type)) }
        problems += sequence.emptyFrameEntries.map { .emptyFrameEntry(index: $0) }
        if sequence.frames.isEmpty { problems.append(.noFrames) }
        return problems
    }

    fileprivate static func message(_ problem: SequenceProblem) -> String {
        switch problem {
        case .noFrames: "the sequence has no frames"
        case .durationNotPositive(let d): "duration is \(d.formatted), but it must be above 0"
        case .unknownDurationType(let t): "duration-type \"\(t)\" is neither fps nor fixed"
        case .emptyFrameEntry(let index): "frame entry \(index + 1) is empty ({}) and is skipped"
        }
    }

    fileprivate static func framesDiffer(_ sizes: [String]) -> String {
        "frames differ in size: \(sizes.joined(separator: ", ")); every frame must have the same size"
    }
}

/// What is wrong with a sticker sequence's Contents.json.
private enum SequenceProblem {
    case noFrames
    case durationNotPositive(Double)
    case unknownDurationType(String)
    /// An empty `{}` frame entry (real catalogs have them); skipped.
    case emptyFrameEntry(index: Int)
}

extension Double {
    /// 15 or 0.5, without a trailing ".0".
    var formatted: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
