// JavaScriptCore's C API as jasonrun uses it, loaded with dlopen on first use (`jsc_load`) rather than
// linked: the library and what it pulls in (ICU, GLib…) cost about 10 ms and 14 MB at every start-up,
// and most runs never evaluate JavaScript. The types and signatures are those of JavaScriptCore's
// public headers (JSBase.h, JSContextRef.h, JSObjectRef.h, JSStringRef.h, JSValueRef.h) plus three
// exported functions from its private headers; each function below calls through a pointer that
// `jsc_load` fills. Nothing here may be called before `jsc_load` has succeeded.
#ifndef JASONRUN_CJAVASCRIPTCORE_H
#define JASONRUN_CJAVASCRIPTCORE_H

#include <stdbool.h>
#include <stddef.h>

typedef const struct OpaqueJSContextGroup *JSContextGroupRef;
typedef const struct OpaqueJSContext *JSContextRef;
typedef struct OpaqueJSContext *JSGlobalContextRef;
typedef struct OpaqueJSString *JSStringRef;
typedef struct OpaqueJSClass *JSClassRef;
typedef struct OpaqueJSPropertyNameArray *JSPropertyNameArrayRef;
typedef const struct OpaqueJSValue *JSValueRef;
typedef struct OpaqueJSValue *JSObjectRef;
typedef unsigned short JSChar;
typedef unsigned JSPropertyAttributes;
typedef void (*JSTypedArrayBytesDeallocator)(void *bytes, void *deallocatorContext);
typedef bool (*JSShouldTerminateCallback)(JSContextRef ctx, void *context);

typedef enum {
    kJSTypeUndefined, kJSTypeNull, kJSTypeBoolean, kJSTypeNumber, kJSTypeString, kJSTypeObject,
    kJSTypeSymbol, kJSTypeBigInt
} JSType;

typedef enum {
    kJSTypedArrayTypeInt8Array, kJSTypedArrayTypeInt16Array, kJSTypedArrayTypeInt32Array,
    kJSTypedArrayTypeUint8Array, kJSTypedArrayTypeUint8ClampedArray, kJSTypedArrayTypeUint16Array,
    kJSTypedArrayTypeUint32Array, kJSTypedArrayTypeFloat32Array, kJSTypedArrayTypeFloat64Array,
    kJSTypedArrayTypeArrayBuffer, kJSTypedArrayTypeNone, kJSTypedArrayTypeBigInt64Array,
    kJSTypedArrayTypeBigUint64Array
} JSTypedArrayType;

enum {
    kJSPropertyAttributeNone = 0, kJSPropertyAttributeReadOnly = 1 << 1,
    kJSPropertyAttributeDontEnum = 1 << 2, kJSPropertyAttributeDontDelete = 1 << 3
};

// F(result, name, parameters, arguments) for functions with a result; V(name, parameters, arguments)
// for those without.
#define JSC_FUNCTIONS(F, V) \
    F(JSContextGroupRef, JSContextGroupCreate, (void), ()) \
    V(JSContextGroupRelease, (JSContextGroupRef group), (group)) \
    V(JSContextGroupSetExecutionTimeLimit, (JSContextGroupRef group, double limit, \
        JSShouldTerminateCallback callback, void *context), (group, limit, callback, context)) \
    F(JSGlobalContextRef, JSGlobalContextCreateInGroup, (JSContextGroupRef group, JSClassRef globalClass), \
        (group, globalClass)) \
    F(JSGlobalContextRef, JSGlobalContextRetain, (JSGlobalContextRef ctx), (ctx)) \
    V(JSGlobalContextRelease, (JSGlobalContextRef ctx), (ctx)) \
    F(JSObjectRef, JSContextGetGlobalObject, (JSContextRef ctx), (ctx)) \
    F(JSContextGroupRef, JSContextGetGroup, (JSContextRef ctx), (ctx)) \
    F(JSValueRef, JSEvaluateScript, (JSContextRef ctx, JSStringRef script, JSObjectRef thisObject, \
        JSStringRef sourceURL, int startingLineNumber, JSValueRef *exception), \
        (ctx, script, thisObject, sourceURL, startingLineNumber, exception)) \
    F(bool, JSCheckScriptSyntax, (JSContextRef ctx, JSStringRef script, JSStringRef sourceURL, \
        int startingLineNumber, JSValueRef *exception), (ctx, script, sourceURL, startingLineNumber, exception)) \
    V(JSGarbageCollect, (JSContextRef ctx), (ctx)) \
    V(JSSynchronousGarbageCollectForDebugging, (JSContextRef ctx), (ctx)) \
    F(JSObjectRef, JSGetMemoryUsageStatistics, (JSContextRef ctx), (ctx)) \
    F(JSStringRef, JSStringCreateWithUTF8CString, (const char *string), (string)) \
    F(JSStringRef, JSStringCreateWithCharacters, (const JSChar *chars, size_t count), (chars, count)) \
    V(JSStringRelease, (JSStringRef string), (string)) \
    F(size_t, JSStringGetLength, (JSStringRef string), (string)) \
    F(const JSChar *, JSStringGetCharactersPtr, (JSStringRef string), (string)) \
    F(size_t, JSStringGetMaximumUTF8CStringSize, (JSStringRef string), (string)) \
    F(size_t, JSStringGetUTF8CString, (JSStringRef string, char *buffer, size_t bufferSize), (string, buffer, bufferSize)) \
    F(JSType, JSValueGetType, (JSContextRef ctx, JSValueRef value), (ctx, value)) \
    F(bool, JSValueIsUndefined, (JSContextRef ctx, JSValueRef value), (ctx, value)) \
    F(bool, JSValueIsObject, (JSContextRef ctx, JSValueRef value), (ctx, value)) \
    F(bool, JSValueIsArray, (JSContextRef ctx, JSValueRef value), (ctx, value)) \
    F(bool, JSValueIsDate, (JSContextRef ctx, JSValueRef value), (ctx, value)) \
    F(bool, JSValueIsStrictEqual, (JSContextRef ctx, JSValueRef a, JSValueRef b), (ctx, a, b)) \
    F(JSValueRef, JSValueMakeNull, (JSContextRef ctx), (ctx)) \
    F(JSValueRef, JSValueMakeBoolean, (JSContextRef ctx, bool boolean), (ctx, boolean)) \
    F(JSValueRef, JSValueMakeNumber, (JSContextRef ctx, double number), (ctx, number)) \
    F(JSValueRef, JSValueMakeString, (JSContextRef ctx, JSStringRef string), (ctx, string)) \
    F(JSValueRef, JSValueMakeFromJSONString, (JSContextRef ctx, JSStringRef string), (ctx, string)) \
    F(bool, JSValueToBoolean, (JSContextRef ctx, JSValueRef value), (ctx, value)) \
    F(double, JSValueToNumber, (JSContextRef ctx, JSValueRef value, JSValueRef *exception), (ctx, value, exception)) \
    F(JSStringRef, JSValueToStringCopy, (JSContextRef ctx, JSValueRef value, JSValueRef *exception), \
        (ctx, value, exception)) \
    F(JSObjectRef, JSValueToObject, (JSContextRef ctx, JSValueRef value, JSValueRef *exception), \
        (ctx, value, exception)) \
    V(JSValueProtect, (JSContextRef ctx, JSValueRef value), (ctx, value)) \
    V(JSValueUnprotect, (JSContextRef ctx, JSValueRef value), (ctx, value)) \
    F(JSObjectRef, JSObjectMake, (JSContextRef ctx, JSClassRef jsClass, void *data), (ctx, jsClass, data)) \
    F(JSObjectRef, JSObjectMakeArray, (JSContextRef ctx, size_t count, const JSValueRef arguments[], \
        JSValueRef *exception), (ctx, count, arguments, exception)) \
    F(JSObjectRef, JSObjectMakeTypedArrayWithBytesNoCopy, (JSContextRef ctx, JSTypedArrayType arrayType, \
        void *bytes, size_t byteLength, JSTypedArrayBytesDeallocator deallocator, void *deallocatorContext, \
        JSValueRef *exception), (ctx, arrayType, bytes, byteLength, deallocator, deallocatorContext, exception)) \
    F(JSValueRef, JSObjectGetProperty, (JSContextRef ctx, JSObjectRef object, JSStringRef name, \
        JSValueRef *exception), (ctx, object, name, exception)) \
    V(JSObjectSetProperty, (JSContextRef ctx, JSObjectRef object, JSStringRef name, JSValueRef value, \
        JSPropertyAttributes attributes, JSValueRef *exception), (ctx, object, name, value, attributes, exception)) \
    F(bool, JSObjectHasProperty, (JSContextRef ctx, JSObjectRef object, JSStringRef name), (ctx, object, name)) \
    F(bool, JSObjectDeleteProperty, (JSContextRef ctx, JSObjectRef object, JSStringRef name, \
        JSValueRef *exception), (ctx, object, name, exception)) \
    F(JSValueRef, JSObjectGetPropertyAtIndex, (JSContextRef ctx, JSObjectRef object, unsigned index, \
        JSValueRef *exception), (ctx, object, index, exception)) \
    V(JSObjectSetPropertyAtIndex, (JSContextRef ctx, JSObjectRef object, unsigned index, JSValueRef value, \
        JSValueRef *exception), (ctx, object, index, value, exception)) \
    F(bool, JSObjectIsFunction, (JSContextRef ctx, JSObjectRef object), (ctx, object)) \
    F(JSValueRef, JSObjectCallAsFunction, (JSContextRef ctx, JSObjectRef object, JSObjectRef thisObject, \
        size_t count, const JSValueRef arguments[], JSValueRef *exception), \
        (ctx, object, thisObject, count, arguments, exception)) \
    F(JSPropertyNameArrayRef, JSObjectCopyPropertyNames, (JSContextRef ctx, JSObjectRef object), (ctx, object)) \
    F(size_t, JSPropertyNameArrayGetCount, (JSPropertyNameArrayRef array), (array)) \
    F(JSStringRef, JSPropertyNameArrayGetNameAtIndex, (JSPropertyNameArrayRef array, size_t index), (array, index)) \
    V(JSPropertyNameArrayRelease, (JSPropertyNameArrayRef array), (array))

#define JSC_POINTER(result, name, parameters, arguments) result (*name) parameters;
#define JSC_VOID_POINTER(name, parameters, arguments) void (*name) parameters;
struct jsc_functions { JSC_FUNCTIONS(JSC_POINTER, JSC_VOID_POINTER) };
#undef JSC_POINTER
#undef JSC_VOID_POINTER

extern struct jsc_functions jsc_table;

#define JSC_CALL(result, name, parameters, arguments) \
    static inline result name parameters { return jsc_table.name arguments; }
#define JSC_VOID_CALL(name, parameters, arguments) \
    static inline void name parameters { jsc_table.name arguments; }
JSC_FUNCTIONS(JSC_CALL, JSC_VOID_CALL)
#undef JSC_CALL
#undef JSC_VOID_CALL

/// Loads JavaScriptCore once (later calls give the first answer): NULL when every function was found,
/// else what went wrong, in words. `JASONRUN_JAVASCRIPTCORE` names another file to load.
const char *jsc_load(void);

#endif
