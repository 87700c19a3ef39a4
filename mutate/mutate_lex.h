/*
 * Line-by-line lexing of source files for the mutation operators: which
 * characters of a line are code, so that operators never touch comments,
 * strings or preprocessor lines. Internal to mutate/.
 */
#ifndef SMART_MUTATE_LEX_H
#define SMART_MUTATE_LEX_H

#include <stddef.h>

#include "smart/mutate.h"

/* What carries over from one line to the next. Zero-initialise, then set
 * `lang`. */
typedef struct mutate_lexer {
	smart_mutate_lang lang;
	int in_comment;      /* inside a block comment */
	char in_string;      /* the open string's quote when it spans lines */
	int triple;          /* the open string is a Python triple-quoted one */
	int continued;       /* the previous line was a preprocessor line ending in '\' */
	int php_code;        /* PHP: inside <?php ... ?> */
	int preproc;         /* the line just lexed was a preprocessor line */
} mutate_lexer;

/* Lexes one line (`n` bytes, no newline) and writes its mask into `mask`
 * (`n` bytes): code characters copied, comment characters and string
 * contents turned into spaces, string quotes kept as '"'. Returns 1 when the
 * line is eligible for mutation (it holds code with a letter or digit
 * outside strings, and is no preprocessor line), else 0. */
int smart__mutate_lex_line(mutate_lexer *lx, const char *line, size_t n, char *mask);

/* True for the characters of identifiers and numbers (and PHP's '$'). */
int smart__mutate_lex_word_char(char c);

#endif
