#ifndef JASONRUN_FUZZ_DRIVER_H
#define JASONRUN_FUZZ_DRIVER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry for programs that keep their own main (libclang_rt.fuzzer_no_main): parses the
/// libFuzzer flags in argv and calls `callback` once per input. SwiftPM renames an executable's main,
/// which clashes with the main of the ordinary libFuzzer archive, so the fuzz targets call this instead.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
