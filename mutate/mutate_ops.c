/*
 * The mutation operators over source lines (include/smart/mutate.h): for
 * each eligible line, every place where deleting the statement, replacing it
 * with a return, swapping a binary operator, negating a condition or
 * changing an integer constant applies.
 *
 * The operators read the line's mask (mutate/mutate_lex.h), so they never
 * fire inside comments or strings, and write replacements in terms of the
 * original text.
 *
 * This file: the statement operators (delete, return), negate and
 * constant, and the helpers they share (mutate_ops.h); the swap operator
 * is in mutate_swap.c, the scan over a file's lines in mutate_scan.c.
 */
#include "mutate_ops.h"
#include "mutate_lex.h"

#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/array.h"

/* Appends one mutation of line[start, end) into `after` (copied). */
int smart__mutate_ops_add(line_ctx *c, smart_mutate_op op, size_t start, size_t end,
		   const char *after, smart_error *err)
{
	smart_mutation_list *l = c->list;
	smart_mutation *m;

	assert(start <= end && end <= c->n); /* the change stays on its line */
	if (smart__array_reserve((void **)&l->items, &l->cap, l->count, sizeof(*l->items), 256) < 0)
		return smart_error_oom(err);
	assert(l->count < l->cap);
	m = &l->items[l->count];
	m->after = strdup(after);
	if (!m->after)
		return smart_error_oom(err);
	m->file = c->file;
	m->line = c->number;
	m->op = op;
	m->offset = (size_t)(c->line - c->text) + start;
	m->length = end - start;
	l->count++;
	return 0;
}

/* Whether the code of the line starts with the word `w`. */
int smart__mutate_ops_starts_with_word(const line_ctx *c, const char *w)
{
	size_t k = strlen(w);

	return c->last - c->first >= k &&
	       strncmp(c->mask + c->first, w, k) == 0 &&
	       (c->first + k == c->last ||
		!smart__mutate_lex_word_char(c->mask[c->first + k]));
}

/* Bracket balance of mask[from, to): ( and [ (and { when `braces`). */
int smart__mutate_ops_balance(const char *mask, size_t from, size_t to, int braces)
{
	int depth = 0;

	for (size_t i = from; i < to; i++) {
		char ch = mask[i];

		if (ch == '(' || ch == '[' || (braces && ch == '{'))
			depth++;
		else if (ch == ')' || ch == ']' || (braces && ch == '}'))
			depth--;
	}
	return depth;
}

/* Whether the line declares something: `const`/`let`/`var` in
 * JavaScript, `Type name`, `Type *name`, `struct T name` in C-like code.
 * Deleting a declaration mostly breaks the build, so the statement
 * operators leave declarations alone. */
static int looks_like_declaration(const line_ctx *c)
{
	static const char *const js_decl[] = { "const", "let", "var", NULL };
	size_t i = c->first;

	if (c->lang == SMART_LANG_PYTHON)
		return 0;
	for (const char *const *d = js_decl; *d; d++)
		if (c->lang == SMART_LANG_JS && smart__mutate_ops_starts_with_word(c, *d))
			return 1;
	if (c->lang == SMART_LANG_JS || c->lang == SMART_LANG_PHP)
		return 0;
	while (i < c->last && (smart__mutate_lex_word_char(c->mask[i]) ||
			       c->mask[i] == ':' || c->mask[i] == '.'))
		i++; /* the type (std::string, java.util.List) */
	if (i == c->first || i >= c->last || c->mask[i] != ' ')
		return 0;
	while (i < c->last && (c->mask[i] == ' ' || c->mask[i] == '*' ||
			       c->mask[i] == '&'))
		i++;
	return i < c->last && smart__mutate_lex_word_char(c->mask[i]) &&
	       !isdigit((unsigned char)c->mask[i]);
}

/* Whether the line is one whole simple statement, the unit that the delete
 * and return operators replace. */
static int is_statement(const line_ctx *c)
{
	static const char *const c_heads[] = { "for", "case", "default", "if",
		"while", "switch", "do", "else", "return", NULL };
	static const char *const py_heads[] = { "def", "class", "if", "elif",
		"else", "for", "while", "try", "except", "finally", "with",
		"return", "pass", "lambda", "async", "import", "from", "global",
		"nonlocal", NULL };
	const char *const *heads = c->lang == SMART_LANG_PYTHON ? py_heads : c_heads;
	char end = c->mask[c->last - 1];

	if (c->continuation || c->first == 0 || !c->in_code ||
	    looks_like_declaration(c))
		return 0; /* file scope, struct bodies, continuations and
		           * declarations (whose loss only breaks the build) */
	for (const char *const *h = heads; *h; h++)
		if (smart__mutate_ops_starts_with_word(c, *h))
			return 0;
	if (c->lang == SMART_LANG_PYTHON)
		return c->in_function && end != ':' && end != '\\' && end != ',' &&
		       c->mask[c->first] != '@' &&
		       smart__mutate_ops_balance(c->mask, c->first, c->last, 1) == 0;
	return end == ';' && c->mask[c->first] != '}' && c->mask[c->first] != '{' &&
	       smart__mutate_ops_balance(c->mask, c->first, c->last, 1) == 0;
}

/* Delete a statement line (Python: replace it with `pass`, so that the
 * block stays valid), and replace it with a return. */
int smart__mutate_ops_statement(line_ctx *c, smart_error *err)
{
	const char *ret;

	if (!is_statement(c))
		return 0;
	if (smart__mutate_ops_add(c, SMART_MUTATE_DELETE, c->first, c->last,
		c->lang == SMART_LANG_PYTHON ? "pass" : "", err) < 0)
		return -1;
	if (c->lang == SMART_LANG_PYTHON)
		ret = "return";
	else if (c->lang == SMART_LANG_JS || c->lang == SMART_LANG_PHP ||
		 c->void_function)
		ret = "return;";
	else
		ret = "return 0;";
	return smart__mutate_ops_add(c, SMART_MUTATE_RETURN, c->first, c->last, ret, err);
}

/* Negate the condition of `if (...)` / `while (...)` (C-like), or of
 * `if x:` / `elif x:` / `while x:` (Python). */
int smart__mutate_ops_negate(line_ctx *c, smart_error *err)
{
	char after[4096];

	if (c->lang == SMART_LANG_PYTHON) {
		static const char *const kws[] = { "if", "elif", "while", NULL };
		size_t colon = c->last - 1;

		if (c->mask[colon] != ':' || smart__mutate_ops_balance(c->mask, c->first, c->last, 1))
			return 0;
		for (const char *const *k = kws; *k; k++) {
			size_t kl = strlen(*k), cs = c->first + kl + 1, ce = colon;

			if (!smart__mutate_ops_starts_with_word(c, *k))
				continue;
			while (ce > cs && c->line[ce - 1] == ' ')
				ce--;
			if (ce <= cs || (size_t)snprintf(after, sizeof(after), "%s not (%.*s)", *k,
					    (int)(ce - cs), c->line + cs) >= sizeof(after))
				return 0;
			return smart__mutate_ops_add(c, SMART_MUTATE_NEGATE, c->first, ce, after, err);
		}
		return 0;
	}
	for (size_t i = c->first; i < c->last; i++) {
		size_t kl, open, close;
		int depth = 0;

		if (i > 0 && smart__mutate_lex_word_char(c->mask[i - 1]))
			continue;
		if (strncmp(c->mask + i, "if", 2) == 0)
			kl = 2;
		else if (strncmp(c->mask + i, "while", 5) == 0)
			kl = 5;
		else
			continue;
		for (open = i + kl; open < c->last && c->mask[open] == ' '; open++)
			;
		if (open >= c->last || c->mask[open] != '(')
			continue;
		for (close = open; close < c->last; close++) {
			depth += c->mask[close] == '(';
			depth -= c->mask[close] == ')';
			if (depth == 0)
				break;
		}
		if (close >= c->last ||
		    (size_t)snprintf(after, sizeof(after), "%.*s(!%.*s)", (int)(open - i),
				     c->line + i, (int)(close + 1 - open),
				     c->line + open) >= sizeof(after))
			continue;
		if (smart__mutate_ops_add(c, SMART_MUTATE_NEGATE, i, close + 1, after, err) < 0)
			return -1;
	}
	return 0;
}

/* Change every decimal integer constant by one (up and, above 0, down). */
int smart__mutate_ops_constant(line_ctx *c, smart_error *err)
{
	for (size_t i = c->first; i < c->last; i++) {
		size_t j = i;
		long v;
		char after[32];

		if (!isdigit((unsigned char)c->mask[i]) ||
		    (i > 0 && (smart__mutate_lex_word_char(c->mask[i - 1]) ||
			       c->mask[i - 1] == '.')))
			continue;
		while (j < c->last && isdigit((unsigned char)c->mask[j]))
			j++;
		if ((j < c->last && (c->mask[j] == '.' || c->mask[j] == 'e' ||
				     c->mask[j] == 'E' || c->mask[j] == 'x' ||
				     c->mask[j] == 'X' || c->mask[j] == '_')) ||
		    (c->mask[i] == '0' && j - i > 1) || j - i > 9) {
			i = j;
			continue;
		}
		v = strtol(c->mask + i, NULL, 10);
		snprintf(after, sizeof(after), "%ld", v + 1);
		if (smart__mutate_ops_add(c, SMART_MUTATE_CONSTANT, i, j, after, err) < 0)
			return -1;
		if (v > 0) {
			snprintf(after, sizeof(after), "%ld", v - 1);
			if (smart__mutate_ops_add(c, SMART_MUTATE_CONSTANT, i, j, after, err) < 0)
				return -1;
		}
		i = j;
	}
	return 0;
}

