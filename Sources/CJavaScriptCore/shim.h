#include <JavaScriptCore/JavaScript.h>
#include <stdbool.h>

// Exported by libjavascriptcoregtk (and Apple's framework) but declared only in the private header
// JSContextRefPrivate.h, which distributions do not install. This is its published signature.
typedef bool (*JSShouldTerminateCallback)(JSContextRef ctx, void *context);
JS_EXPORT void JSContextGroupSetExecutionTimeLimit(JSContextGroupRef group, double limit,
                                                   JSShouldTerminateCallback callback, void *context);

// Also from a private header (JSBasePrivate.h): an object with the heap's sizes (heapSize,
// heapCapacity, extraMemorySize, objectCount…), read to bound the memory expressions may use.
JS_EXPORT JSObjectRef JSGetMemoryUsageStatistics(JSContextRef ctx);
