/* CSystem: system headers Swift lacks (include/stickerlint_system.h), and the interruption handler. */
#include "stickerlint_system.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#ifdef __linux__
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif
#include <unistd.h>
#ifdef __APPLE__
#include <stdio.h>
#endif

/* Our own C is held to -Wall -Wextra as errors; the vendored libraries build with the compiler's
   defaults (their warnings are upstream's, and a pragma needs no unsafe flag in Package.swift). */
#pragma clang diagnostic error "-Wall"
#pragma clang diagnostic error "-Wextra"

static volatile sig_atomic_t caught_signal = 0;
static volatile sig_atomic_t installed = 0;

static void record_signal(int number) { caught_signal = number; }

void stickerlint_interrupts_install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = record_signal;
    sigemptyset(&action.sa_mask);
    int signals[] = {SIGINT, SIGTERM, SIGHUP};
    sigset_t set;
    sigemptyset(&set);
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        sigaction(signals[i], &action, NULL);
        sigaddset(&set, signals[i]);
    }
    /* A process started with these signals blocked (some launchers block them) still hears them. */
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    installed = 1;
}

int stickerlint_interrupts_installed(void) { return installed; }

int stickerlint_interrupt_signal(void) { return caught_signal; }

void stickerlint_interrupt_reraise(void) {
    int number = caught_signal;
    if (number == 0) return;
    signal(number, SIG_DFL);
    raise(number);
}

int stickerlint_exchange(const char *a, const char *b) {
#if defined(__linux__) && defined(SYS_renameat2)
    /* The system call, not glibc's wrapper: glibc before 2.28 has none. RENAME_EXCHANGE is (1 << 1). */
    return (int)syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, 1 << 1);
#elif defined(__APPLE__) && defined(RENAME_SWAP)
    return renamex_np(a, b, RENAME_SWAP);
#else
    (void)a;
    (void)b;
    errno = ENOSYS;
    return -1;
#endif
}

int stickerlint_process_exists(int pid) {
    if (pid <= 0) return 0;
    return kill((pid_t)pid, 0) == 0 || errno == EPERM;
}

int stickerlint_getpid(void) { return (int)getpid(); }
