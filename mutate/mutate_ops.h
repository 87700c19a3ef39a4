/*
 * Internals of the mutation operators (smart_mutate_scan): the context of
 * the line being scanned, shared by mutate_scan.c (the scan over a file's
 * lines, tracking blocks and functions), mutate_ops.c (the statement,
 * negate and constant operators) and mutate_swap.c (the binary operator
 * swap).
 */
#ifndef SMART_MUTATE_OPS_H
#define SMART_MUTATE_OPS_H

#include "smart/mutate.h"

/* What the operators know about the line being scanned. */
typedef struct line_ctx {
	const char *path;
	const char *text;      /* the whole file */
	const char *line;      /* start of the line in text */
	const char *mask;      /* the line's mask, same length */
	size_t n;              /* line length without the newline */
	size_t first, last;    /* code spans mask[first, last) */
	uint32_t file, number;
	smart_mutate_lang lang;
	int continuation;      /* the line starts inside an open bracket */
	int void_function;     /* C-like: the enclosing function returns void */
	int in_function;       /* Python: the line is inside a def */
	int in_code;           /* C-like: the line starts inside a function
	                        * body (not a struct, class or initializer) */
	smart_mutation_list *list;
} line_ctx;

/* Appends one mutation of line[start, end) into `after` (copied). */
int smart__mutate_ops_add(line_ctx *c, smart_mutate_op op, size_t start, size_t end,
		   const char *after, smart_error *err);

/* Whether the code of the line starts with the word `w`. */
int smart__mutate_ops_starts_with_word(const line_ctx *c, const char *w);

/* Bracket balance of mask[from, to): ( and [ (and { when `braces`). */
int smart__mutate_ops_balance(const char *mask, size_t from, size_t to, int braces);

/* The operators, each adding its mutations of the line to c->list;
 * 0, or -1 with err set. */
int smart__mutate_ops_statement(line_ctx *c, smart_error *err);
int smart__mutate_ops_swap(line_ctx *c, smart_error *err);
int smart__mutate_ops_negate(line_ctx *c, smart_error *err);
int smart__mutate_ops_constant(line_ctx *c, smart_error *err);

#endif
