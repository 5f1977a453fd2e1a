/// "Did you mean …?": the closest of some known words to a misspelt one.
package enum Suggestion {
    /// The candidate nearest to `word` by edit distance (case ignored), when it is near enough to be a
    /// typo: at most one edit for short words, a third of the longer word's length for longer ones.
    package static func closest(to word: String, among candidates: [String]) -> String? {
        let typed = Array(word.lowercased())
        var best: (String, Int)?
        for candidate in candidates {
            let known = Array(candidate.lowercased())
            let limit = max(1, max(typed.count, known.count) / 3)
            let distance = editDistance(typed, known)
            if distance <= limit, distance < (best?.1 ?? .max) { best = (candidate, distance) }
        }
        return best?.0
    }

    /// " (did you mean "x"?)", or "" when nothing is close.
    package static func didYouMean(_ word: String, among candidates: [String]) -> String {
        closest(to: word, among: candidates).map { " (did you mean \"\($0)\"?)" } ?? ""
    }

    /// Levenshtein distance, with a transposition of neighbours counted as one edit.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            previous2 = previous
            previous = current
        }
        return previous[b.count]
    }

    /// A name from a file, shown in a message: whole up to 60 characters, else its start and its length
    /// (a configuration holding a 10 MB key gets a one-line error).
    package static func shown(_ text: String) -> String {
        text.count <= 60 ? text : String(text.prefix(60)) + "… (\(text.count) characters)"
    }
}
