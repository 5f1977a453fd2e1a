// Fuzzing entry point. Built with `make fuzz` as a libFuzzer binary (-DFUZZING, -sanitize=fuzzer);
// built normally it replays files: `stickerfuzz TARGET FILE...` runs each through the target.
// The target is chosen with STICKERFUZZ_TARGET under libFuzzer (png, gif, jpeg, probe, catalog, yaml,
// contents, cache, report).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StickerImage
import StickerLint
import StickerFuzzing

#if FUZZING
// SwiftPM gives every executable its own `main`, so libFuzzer's is not linked: run its driver here.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

nonisolated(unsafe) var fuzzTarget = FuzzTarget.png

/// The entry point libFuzzer's own tools look for; the driver below calls the same code.
@_cdecl("LLVMFuzzerTestOneInput")
package func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzTarget.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

let targetName = getenv("STICKERFUZZ_TARGET").map { String(cString: $0) } ?? "png"
guard let chosen = FuzzTarget(rawValue: targetName) else { fatalError("unknown STICKERFUZZ_TARGET \(targetName)") }
fuzzTarget = chosen
// One-time static state (the rule registry and its examples) is built before fuzzing starts, so that
// libFuzzer's per-input leak check does not count it against the first input.
_ = RuleRegistry.descriptions
var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOne))
#else
let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
    print("usage: stickerfuzz \(FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")) FILE...")
    exit(2)
}
for path in arguments.dropFirst() {
    guard let bytes = try? FileByteSource(path: path).readAll() else { print("cannot read \(path)"); exit(2) }
    target.run(bytes)
}
print("replayed \(arguments.count - 1) files through \(name)")
#endif
