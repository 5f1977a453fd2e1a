import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Headless Chromium (or Chrome) driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`:
/// commands in on descriptor 3, replies out on 4, each JSON message ended by a NUL byte): a page is opened
/// and an expression evaluated in it, its promise awaited in real time. `--virtual-time-budget` cannot do
/// this for media: a video's seeks are decoded on other threads, which virtual time runs ahead of.
package enum HeadlessBrowser {
    /// Chromium or Chrome on `PATH`, or macOS's Google Chrome application.
    package static let path: String? =
        ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap(Tools.find).first
        ?? ["/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"].first { access($0, X_OK) == 0 }

    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// The string `expression` gives (or its promise settles to) in the page at `url`, evaluated again every
    /// tenth of a second until the page has made it (its value a string), for at most `timeout` seconds.
    package static func evaluate(_ expression: String, at url: String, profile: String, timeout: Double = 60) throws -> String {
        guard let path else { throw Failure(description: "no Chromium or Chrome") }
        // A browser that dies mid-write must fail the test, not end the test process.
        signal(SIGPIPE, SIG_IGN)
        let session = try Session(browser: path, profile: profile)
        defer { session.close() }
        let deadline = Date().addingTimeInterval(timeout)
        let target = try session.call("Target.createTarget", ["url": url], until: deadline)
        guard let targetID = target["targetId"] as? String else { throw Failure(description: "no target: \(target)") }
        let attached = try session.call("Target.attachToTarget", ["targetId": targetID, "flatten": true], until: deadline)
        guard let sessionID = attached["sessionId"] as? String else { throw Failure(description: "not attached: \(attached)") }
        var last: [String: Any] = [:]
        while Date() < deadline {
            last = try session.call(
                "Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true], session: sessionID, until: deadline)
            if let value = (last["result"] as? [String: Any])?["value"] as? String { return value }
            usleep(100_000)
        }
        throw Failure(description: "the page gave no answer in \(Int(timeout)) s: \(last)")
    }

    /// One browser process and its two pipes.
    final class Session {
        let pid: pid_t
        let commands: Int32  // we write, the browser reads (its descriptor 3)
        let replies: Int32  // the browser writes (its descriptor 4), we read
        var buffer: [UInt8] = []
        var nextID = 1

        init(browser: String, profile: String) throws {
            var toBrowser: [Int32] = [0, 0], fromBrowser: [Int32] = [0, 0]
            guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else { throw Failure(description: "pipe: \(errno)") }
            // Every end closed in the browser but the two it is given as 3 and 4 (dup2 clears close-on-exec on the copies).
            for fd in toBrowser + fromBrowser { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            #if canImport(Glibc)
            var actions = posix_spawn_file_actions_t()
            #else
            var actions: posix_spawn_file_actions_t?
            #endif
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            // Moved above 4 first, so that dup2 onto 3 and 4 never overwrites an end still to be copied.
            let high = (toBrowser + fromBrowser).map { fcntl($0, F_DUPFD_CLOEXEC, 10) }
            posix_spawn_file_actions_adddup2(&actions, high[0], 3)
            posix_spawn_file_actions_adddup2(&actions, high[3], 4)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            let arguments = [
                browser, "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files", "--remote-debugging-pipe",
                "--no-first-run", "--user-data-dir=\(profile)", "about:blank"
            ]
            var argv = arguments.map { strdup($0) } + [nil]
            var envp = ProcessInfo.processInfo.environment.map { strdup("\($0)=\($1)") } + [nil]
            defer { for pointer in argv + envp { free(pointer) } }
            var pid: pid_t = 0
            let status = posix_spawn(&pid, browser, &actions, nil, &argv, &envp)
            for fd in high + [toBrowser[0], fromBrowser[1]] { closeDescriptor(fd) }
            guard status == 0 else {
                closeDescriptor(toBrowser[1])
                closeDescriptor(fromBrowser[0])
                throw Failure(description: "could not start \(browser): \(status)")
            }
            self.pid = pid
            commands = toBrowser[1]
            replies = fromBrowser[0]
        }

        /// The result of one command, the events and other replies before it skipped.
        func call(_ method: String, _ parameters: [String: Any], session: String? = nil, until deadline: Date) throws -> [String: Any] {
            let id = nextID
            nextID += 1
            var message: [String: Any] = ["id": id, "method": method, "params": parameters]
            if let session { message["sessionId"] = session }
            var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message)) + [0]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
                guard written > 0 else { throw Failure(description: "the browser stopped reading (\(method))") }
                bytes.removeFirst(written)
            }
            while true {
                if let end = buffer.firstIndex(of: 0) {
                    let reply = Array(buffer[..<end])
                    buffer.removeFirst(end + 1)
                    guard let object = try JSONSerialization.jsonObject(with: Data(reply)) as? [String: Any], object["id"] as? Int == id else {
                        continue
                    }
                    if let error = object["error"] { throw Failure(description: "\(method): \(error)") }
                    return object["result"] as? [String: Any] ?? [:]
                }
                var poller = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
                let wait = Int32(max(0, min(1_000, deadline.timeIntervalSinceNow * 1000)))
                guard wait > 0 else { throw Failure(description: "no reply to \(method) in time") }
                guard poll(&poller, 1, wait) >= 0 else { throw Failure(description: "poll: \(errno)") }
                guard poller.revents != 0 else { continue }
                var chunk = [UInt8](repeating: 0, count: 65_536)
                let count = chunk.withUnsafeMutableBytes { read(replies, $0.baseAddress, $0.count) }
                guard count > 0 else { throw Failure(description: "the browser closed its pipe (\(method))") }
                buffer += chunk[..<count]
            }
        }

        /// Asks the browser to close, and makes sure it has: killed after two seconds.
        func close() {
            _ = try? call("Browser.close", [:], until: Date().addingTimeInterval(2))
            closeDescriptor(commands)
            closeDescriptor(replies)
            var status: Int32 = 0
            for _ in 0..<20 {
                if waitpid(pid, &status, WNOHANG) == pid { return }
                usleep(100_000)
            }
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
        }
    }
}

/// `close(2)`, which `Session.close()` hides by its name.
private func closeDescriptor(_ fd: Int32) {
    #if canImport(Glibc)
    _ = Glibc.close(fd)
    #else
    _ = Darwin.close(fd)
    #endif
}
