/* System headers that Swift's Glibc and Darwin modules do not bring in: extended attributes
 * (<sys/xattr.h>: llistxattr, lgetxattr, fsetxattr on Linux; listxattr... with options on Darwin)
 * and, on Darwin, copyfile(3). Used by StickerFiles to keep a replaced file's metadata. */
#ifndef STICKERLINT_SYSTEM_H
#define STICKERLINT_SYSTEM_H
#include <sys/types.h>
#include <sys/xattr.h>
#ifdef __APPLE__
#include <copyfile.h>
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
#endif
