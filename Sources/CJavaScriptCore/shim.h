#include <JavaScriptCore/JavaScript.h>
#include <stdbool.h>

// Exported by libjavascriptcoregtk (and Apple's framework) but declared only in the private header
// JSContextRefPrivate.h, which distributions do not install. This is its published signature.
typedef bool (*JSShouldTerminateCallback)(JSContextRef ctx, void *context);
JS_EXPORT void JSContextGroupSetExecutionTimeLimit(JSContextGroupRef group, double limit,
                                                   JSShouldTerminateCallback callback, void *context);
