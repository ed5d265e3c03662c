// libedit's readline API as the REPL uses it, opened with dlopen when the REPL starts on a terminal
// (`jr_edit_load`) rather than linked: every other command would load and relocate it, and libtinfo,
// libbsd and libmd with it, for nothing. Its globals (the completion hook, the word breaks…) are set
// through these functions because Swift 6 refuses to touch mutable C globals.
#ifndef JASONRUN_CLIBEDIT_H
#define JASONRUN_CLIBEDIT_H

#include <stdio.h>

typedef char **jr_completion_function(const char *text, int start, int end);

/// Opens libedit once: NULL when it and every function were found, else what went wrong, in words.
const char *jr_edit_load(void);

char *jr_readline(const char *prompt);
int jr_add_history(const char *line);
int jr_read_history(const char *file);
int jr_write_history(const char *file);
void jr_stifle_history(int max);
void jr_using_history(void);
int jr_parse_and_bind(const char *line);

void jr_set_completer(jr_completion_function *function);
void jr_set_name(const char *name);
void jr_set_word_breaks(const char *characters);
const char *jr_line_buffer(void);
void jr_set_getc(int (*function)(FILE *));
void jr_set_catch_signals(int on);

#endif
