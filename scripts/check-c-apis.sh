#!/usr/bin/env bash
# Checks that the C declarations jasonrun writes itself (Sources/CJavaScriptCore, Sources/CLibEdit: the
# libraries are opened with dlopen, so nothing else would notice a wrong signature) match the installed
# headers of libjavascriptcoregtk-4.1-dev and libedit-dev: each function pointer type must be the header's.
set -euo pipefail
cd "$(dirname "$0")/.."
cc="${CC:-clang}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
{
    echo '#include <JavaScriptCore/JavaScript.h>'
    echo 'typedef bool (*JSShouldTerminateCallback)(JSContextRef ctx, void *context);'
    echo 'JS_EXPORT void JSContextGroupSetExecutionTimeLimit(JSContextGroupRef, double, JSShouldTerminateCallback, void *);'
    echo 'JS_EXPORT JSObjectRef JSGetMemoryUsageStatistics(JSContextRef ctx);'
    echo 'JS_EXPORT void JSSynchronousGarbageCollectForDebugging(JSContextRef ctx);'
    sed -n '/^#define JSC_FUNCTIONS/,/^$/p' Sources/CJavaScriptCore/include/CJavaScriptCore.h
    echo '#define SAME(result, name, parameters, arguments) _Static_assert(__builtin_types_compatible_p(__typeof__(&name), result (*) parameters), #name);'
    echo '#define SAME_VOID(name, parameters, arguments) _Static_assert(__builtin_types_compatible_p(__typeof__(&name), void (*) parameters), #name);'
    echo 'JSC_FUNCTIONS(SAME, SAME_VOID)'
    echo '_Static_assert(kJSTypeObject == 5 && kJSTypedArrayTypeUint32Array == 6 && kJSPropertyAttributeDontDelete == 8, "enums");'
} > "$work/jsc.c"
"$cc" -std=gnu11 -fsyntax-only $(pkg-config --cflags javascriptcoregtk-4.1) "$work/jsc.c"
# libedit: the names LibEdit.c looks up, with the types it gives them.
cat > "$work/edit.c" <<'C'
#include <stdio.h>
#include <editline/readline.h>
_Static_assert(__builtin_types_compatible_p(__typeof__(&readline), char *(*)(const char *)), "readline");
_Static_assert(__builtin_types_compatible_p(__typeof__(&add_history), int (*)(const char *)), "add_history");
_Static_assert(__builtin_types_compatible_p(__typeof__(&read_history), int (*)(const char *)), "read_history");
_Static_assert(__builtin_types_compatible_p(__typeof__(&write_history), int (*)(const char *)), "write_history");
_Static_assert(__builtin_types_compatible_p(__typeof__(&stifle_history), void (*)(int)), "stifle_history");
_Static_assert(__builtin_types_compatible_p(__typeof__(&using_history), void (*)(void)), "using_history");
_Static_assert(__builtin_types_compatible_p(__typeof__(&rl_parse_and_bind), int (*)(const char *)), "rl_parse_and_bind");
_Static_assert(__builtin_types_compatible_p(__typeof__(rl_attempted_completion_function), char **(*)(const char *, int, int)), "completion");
_Static_assert(__builtin_types_compatible_p(__typeof__(rl_getc_function), int (*)(FILE *)), "getc");
_Static_assert(__builtin_types_compatible_p(__typeof__(rl_catch_signals), int), "catch_signals");
_Static_assert(__builtin_types_compatible_p(__typeof__(rl_line_buffer), char *), "line_buffer");
C
"$cc" -std=gnu11 -fsyntax-only $(pkg-config --cflags libedit) "$work/edit.c"
echo "check-c-apis: the declarations match the installed headers"
