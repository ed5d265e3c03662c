// libedit's readline-compatible API. Swift 6 refuses to touch mutable C globals (the completion hook,
// the word-break characters), so these small inline functions set them instead.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <editline/readline.h>

static inline void jr_set_completer(rl_completion_func_t *f) { rl_attempted_completion_function = f; }
static inline void jr_set_name(const char *name) { rl_readline_name = strdup(name); }
static inline void jr_set_word_breaks(const char *chars) {
    rl_basic_word_break_characters = strdup(chars);
    rl_completer_word_break_characters = strdup(chars);
}
static inline const char *jr_line_buffer(void) { return rl_line_buffer; }
static inline void jr_set_getc(int (*f)(FILE *)) { rl_getc_function = f; }
static inline void jr_set_catch_signals(int on) { rl_catch_signals = on; }
