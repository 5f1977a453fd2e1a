#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import StickerFiles
import StickerImage
import StickerTestSupport
import Testing

/// #51 point 9: the pixels decoded at once are held under one ceiling for the process, so a big image
/// on every job does not multiply its memory by the jobs.
@Suite("decode gate")
struct DecodeGateTests {
    /// Runs `body` on `count` threads of the global queue at once and waits for them.
    static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let group = DispatchGroup()
        for index in 0..<count { DispatchQueue.global().async(group: group) { body(index) } }
        group.wait()
    }

    @Test("four threads asking 60 of 100 take turns: never more than 100 in flight")
    func takesTurns() {
        let gate = DecodeGate(capacity: 100)
        let seen = Locked(0)
        Self.onThreads(4) { _ in
            gate.withPixels(60) {
                seen.withLock { $0 = max($0, gate.held) }
                _ = usleep(30_000)
            }
        }
        #expect(gate.peak == 60 && seen.withLock { $0 } == 60)
        #expect(gate.held == 0)
    }

    @Test("requests that fit together go together: 40 and 60 of 100, each waiting inside for the other")
    func fitTogether() {
        let gate = DecodeGate(capacity: 100)
        let inside = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
        let met = Locked(0)
        Self.onThreads(2) { index in
            gate.withPixels(index == 0 ? 40 : 60) {
                inside[index].signal()
                // Both inside at once, or the other never came in: a gate that serialised them times out here.
                if inside[1 - index].wait(timeout: .now() + 5) == .success { met.withLock { $0 += 1 } }
            }
        }
        #expect(gate.peak == 100 && met.withLock { $0 } == 2)
    }

    @Test("a request over the ceiling goes alone, clamped; a nested request on the same thread never waits for itself")
    func overAndNested() {
        let gate = DecodeGate(capacity: 100)
        gate.withPixels(500) {
            #expect(gate.held == 100)
            gate.withPixels(80) { #expect(gate.held == 180) }
        }
        #expect(gate.held == 0)
    }

    @Test("the decoder holds the canvas's pixels in the shared gate while it decodes, and gives them back")
    func decoderUsesTheGate() throws {
        let bytes = SolidWebP.bytes(width: 300, height: 200, frames: 1, delayMilliseconds: 0, padTo: nil, seed: 1)
        var held = 0
        try ImageDecoder().decodeFrames(bytes) { _ in
            held = DecodeGate.shared.held
            return .stop
        }
        #expect(held >= 300 * 200)
    }
}
