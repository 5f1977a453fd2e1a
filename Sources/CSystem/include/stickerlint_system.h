/* System headers that Swift's Glibc and Darwin modules do not bring in: extended attributes
 * (<sys/xattr.h>: llistxattr, lgetxattr, fsetxattr on Linux; listxattr... with options on Darwin)
 * and, on Darwin, copyfile(3). Used by StickerFiles to keep a replaced file's metadata. */
#ifndef STICKERLINT_SYSTEM_H
#define STICKERLINT_SYSTEM_H
#include <sys/types.h>
#include <sys/xattr.h>
#ifdef __APPLE__
#include <copyfile.h>

/* Swaps two existing paths in one step (Linux renameat2 RENAME_EXCHANGE, macOS renamex_np RENAME_SWAP):
 * at every moment each path names one of the two. 0, or -1 with errno (ENOSYS or EINVAL where the
 * system or the file system has no atomic swap, and the caller falls back to two renames). */
int stickerlint_exchange(const char *a, const char *b);
/* Whether a process of this id exists (kill(pid, 0): 0 or EPERM mean it does). */
int stickerlint_process_exists(int pid);
/* This process's id. */
int stickerlint_getpid(void);
#endif

/* Interruption for commands that stage their output (pack): SIGINT, SIGTERM and SIGHUP are caught by a
 * handler that only records the signal (async-signal-safe), so that the work stops between steps, cleans
 * up, and then dies of the same signal (stickerlint_interrupt_reraise). */
void stickerlint_interrupts_install(void);
/* Whether stickerlint_interrupts_install has run. */
int stickerlint_interrupts_installed(void);
/* The signal caught since install, or 0. */
int stickerlint_interrupt_signal(void);
/* Restores the default action of the caught signal and raises it again; returns when none was caught. */
void stickerlint_interrupt_reraise(void);

/* Swaps two existing paths in one step (Linux renameat2 RENAME_EXCHANGE, macOS renamex_np RENAME_SWAP):
 * at every moment each path names one of the two. 0, or -1 with errno (ENOSYS or EINVAL where the
 * system or the file system has no atomic swap, and the caller falls back to two renames). */
int stickerlint_exchange(const char *a, const char *b);
/* Whether a process of this id exists (kill(pid, 0): 0 or EPERM mean it does). */
int stickerlint_process_exists(int pid);
/* This process's id. */
int stickerlint_getpid(void);
#endif
