internal import CSystem

/// Ctrl-C, SIGTERM and SIGHUP for a command that stages its output (`pack`): the signal is recorded
/// (nothing else happens inside the handler), the work sees it between steps and stops, cleans up,
/// and then the process dies of the same signal, so its parent sees what happened. Once installed,
/// `TemporaryFiles` leaves the signals to it (the staged folder holds the temporary files).
public enum Interruption {
    /// Catches the signals from now on.
    public static func install() { stickerlint_interrupts_install() }

    /// Whether a command answers the signals itself.
    static var isInstalled: Bool { stickerlint_interrupts_installed() != 0 }

    /// Whether one of them has arrived.
    public static var happened: Bool { stickerlint_interrupt_signal() != 0 }

    /// Dies of the signal that arrived (returns when none did).
    public static func reraise() { stickerlint_interrupt_reraise() }
}
