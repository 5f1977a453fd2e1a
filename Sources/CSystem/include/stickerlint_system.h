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
#endif
