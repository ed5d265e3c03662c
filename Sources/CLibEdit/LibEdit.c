#include "CLibEdit.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static char *(*p_readline)(const char *);
static int (*p_add_history)(const char *);
static int (*p_read_history)(const char *);
static int (*p_write_history)(const char *);
static void (*p_stifle_history)(int);
static void (*p_using_history)(void);
static int (*p_parse_and_bind)(const char *);

static jr_completion_function **v_attempted_completion;
static const char **v_readline_name;
static char **v_basic_word_breaks;
static char **v_completer_word_breaks;
static char **v_line_buffer;
static int (**v_getc)(FILE *);
static int *v_catch_signals;

static char failure[512];
static const char *outcome;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *library_name = "libedit.so.2";

static void *find(void *library, const char *name) {
    void *found = dlsym(library, name);
    if (!found && !outcome) {
        snprintf(failure, sizeof failure, "%s has no symbol %s", library_name, name);
        outcome = failure;
    }
    return found;
}

static void load(void) {
    void *library = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "%s", reason ? reason : library_name);
        outcome = failure;
        return;
    }
    p_readline = (char *(*)(const char *))find(library, "readline");
    p_add_history = (int (*)(const char *))find(library, "add_history");
    p_read_history = (int (*)(const char *))find(library, "read_history");
    p_write_history = (int (*)(const char *))find(library, "write_history");
    p_stifle_history = (void (*)(int))find(library, "stifle_history");
    p_using_history = (void (*)(void))find(library, "using_history");
    p_parse_and_bind = (int (*)(const char *))find(library, "rl_parse_and_bind");
    v_attempted_completion = (jr_completion_function **)find(library, "rl_attempted_completion_function");
    v_readline_name = (const char **)find(library, "rl_readline_name");
    v_basic_word_breaks = (char **)find(library, "rl_basic_word_break_characters");
    v_completer_word_breaks = (char **)find(library, "rl_completer_word_break_characters");
    v_line_buffer = (char **)find(library, "rl_line_buffer");
    v_getc = (int (**)(FILE *))find(library, "rl_getc_function");
    v_catch_signals = (int *)find(library, "rl_catch_signals");
}

const char *jr_edit_load(void) {
    pthread_once(&once, load);
    return outcome;
}

char *jr_readline(const char *prompt) { return p_readline(prompt); }
int jr_add_history(const char *line) { return p_add_history(line); }
int jr_read_history(const char *file) { return p_read_history(file); }
int jr_write_history(const char *file) { return p_write_history(file); }
void jr_stifle_history(int max) { p_stifle_history(max); }
void jr_using_history(void) { p_using_history(); }
int jr_parse_and_bind(const char *line) { return p_parse_and_bind(line); }

void jr_set_completer(jr_completion_function *function) { *v_attempted_completion = function; }
void jr_set_name(const char *name) { *v_readline_name = strdup(name); }
void jr_set_word_breaks(const char *characters) {
    *v_basic_word_breaks = strdup(characters);
    *v_completer_word_breaks = strdup(characters);
}
const char *jr_line_buffer(void) { return *v_line_buffer ? *v_line_buffer : ""; }
void jr_set_getc(int (*function)(FILE *)) { *v_getc = function; }
void jr_set_catch_signals(int on) { *v_catch_signals = on; }
