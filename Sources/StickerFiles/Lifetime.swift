/// What a command that ends with its run need not free piece by piece (`Linter.keepsUntilExit`): the
/// process's end returns all its memory at once, as compilers skip freeing their trees before exiting
/// (a 5,000-sticker pack's model, plan and facts took milliseconds to free).
public enum Lifetime {
    private final class Holder<Value>: Sendable where Value: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// Keeps `value` alive until the process ends: nothing it holds is freed before.
    public static func keepUntilExit(_ value: some Sendable) {
        _ = Unmanaged.passRetained(Holder(value))
    }
}
