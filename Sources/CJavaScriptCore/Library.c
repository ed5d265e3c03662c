#include "CJavaScriptCore.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

struct jsc_functions jsc_table;

static const char *default_library = "libjavascriptcoregtk-4.1.so.0";
static char failure[512];
static const char *outcome;
static pthread_once_t once = PTHREAD_ONCE_INIT;
/// Set once loading succeeded: every evaluation asks, and this answers without the once's barrier.
static atomic_bool loaded;

static void *find(void *library, const char *name) {
    void *found = dlsym(library, name);
    if (!found && !outcome) {
        snprintf(failure, sizeof failure, "%s has no function %s", default_library, name);
        outcome = failure;
    }
    return found;
}

static void load(void) {
    const char *path = getenv("JASONRUN_JAVASCRIPTCORE");
    if (!path || !*path) path = default_library;
    // RTLD_LOCAL: its symbols stay out of the global scope, so nothing else binds to them by accident.
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "%s", reason ? reason : path);
        outcome = failure;
        return;
    }
    default_library = path;
#define JSC_FIND(result, name, parameters, arguments) jsc_table.name = (result (*) parameters)find(library, #name);
#define JSC_VOID_FIND(name, parameters, arguments) jsc_table.name = (void (*) parameters)find(library, #name);
    JSC_FUNCTIONS(JSC_FIND, JSC_VOID_FIND)
#undef JSC_FIND
#undef JSC_VOID_FIND
    if (!outcome) atomic_store_explicit(&loaded, true, memory_order_release);
}

const char *jsc_load(void) {
    if (atomic_load_explicit(&loaded, memory_order_acquire)) return NULL;
    pthread_once(&once, load);
    return outcome;
}
