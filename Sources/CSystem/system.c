/* CSystem is headers only (include/stickerlint_system.h); SwiftPM needs one source file in a C target. */
#include "stickerlint_system.h"
