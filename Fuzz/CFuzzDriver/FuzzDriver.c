// SwiftPM needs one source file in a C target; the declaration in include/FuzzDriver.h is all there is.
#include "FuzzDriver.h"
