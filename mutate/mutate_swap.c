/*
 * The swap operator: finds the binary operators of a masked line (telling
 * them from unary, pointer, generic and keyword uses, per language) and
 * swaps each with its counterpart (== and !=, < and <=, + and -, && and
 * ||, ...), one mutation each.
 */
#include "mutate_ops.h"
#include "mutate_lex.h"

#include <assert.h>
#include <ctype.h>
#include <string.h>

/* The word that ends just before position `i` of the mask (after spaces),
 * copied into w; empty when the previous token is no word. Returns the
 * previous non-space character, or 0 at the start of the line. */
static char prev_token(const line_ctx *c, size_t i, char *w, size_t wsize)
{
	size_t j = i, end;

	assert(wsize > 0);
	w[0] = '\0';
	while (j > 0 && c->mask[j - 1] == ' ')
		j--;
	if (j == 0)
		return 0;
	end = j;
	while (j > 0 && smart__mutate_lex_word_char(c->mask[j - 1]))
		j--;
	if (end > j && end - j < wsize) {
		memcpy(w, c->mask + j, end - j);
		w[end - j] = '\0';
	}
	return c->mask[end - 1];
}

/* Whether the operator at mask[i] has a left operand, i.e. is binary:
 * the previous token ends a value and is no keyword or type name. */
static int binary_left(const line_ctx *c, size_t i)
{
	static const char *const not_values[] = { "return", "case", "typeof",
		"in", "of", "else", "do", "throw", "yield", "await", "new",
		"delete", "void", "and", "or", "not", "is", "echo", "print",
		"sizeof", "char", "int", "long", "short", "unsigned", "signed",
		"float", "double", "const", "bool", "struct", "enum", "union",
		"static", "auto", "lambda", "if", "elif", "while", NULL };
	char w[32];
	char p = prev_token(c, i, w, sizeof(w));
	size_t k;

	if (!(smart__mutate_lex_word_char(p) || p == ')' || p == ']' || p == '"'))
		return 0;
	if (isdigit((unsigned char)w[0]))
		return 1;
	for (const char *const *nv = not_values; *nv; nv++)
		if (strcmp(w, *nv) == 0)
			return 0;
	k = strlen(w);
	/* C type names: size_t, uint8_t, ... */
	return !(c->lang == SMART_LANG_C && k > 2 && strcmp(w + k - 2, "_t") == 0);
}

/* Whether mask[i] is surrounded by spaces (comparisons that C++, Java and
 * TypeScript generics would otherwise turn into build failures). */
static int spaced(const line_ctx *c, size_t i, size_t len)
{
	return i > 0 && c->mask[i - 1] == ' ' && i + len < c->n &&
	       c->mask[i + len] == ' ';
}

/* The binary operator at mask[i], if any: its length and its swap. */
static size_t binary_op_at(const line_ctx *c, size_t i, const char **swap)
{
	const char *m = c->mask + i;
	char prev = i > 0 ? c->mask[i - 1] : ' ';
	char n1 = i + 1 < c->n ? m[1] : ' ', n2 = i + 2 < c->n ? m[2] : ' ';
	int js = c->lang == SMART_LANG_JS || c->lang == SMART_LANG_PHP;
	int py = c->lang == SMART_LANG_PYTHON;
	int loose = js || py; /* no generics: unspaced < > are comparisons */

	assert(i < c->n);
	if (js && (strncmp(m, "===", 3) == 0 || strncmp(m, "!==", 3) == 0) &&
	    i + 2 < c->n && (i + 3 >= c->n || m[3] != '=')) {
		*swap = m[0] == '=' ? "!==" : "===";
		return 3;
	}
	if (!py && ((m[0] == '&' && n1 == '&') || (m[0] == '|' && n1 == '|')) &&
	    prev != m[0] && n2 != m[0]) {
		*swap = m[0] == '&' ? "||" : "&&";
		return 2;
	}
	if ((m[0] == '=' || m[0] == '!') && n1 == '=' && n2 != '=' &&
	    !strchr("=!<>", prev)) {
		*swap = m[0] == '=' ? "!=" : "==";
		return 2;
	}
	if ((m[0] == '<' || m[0] == '>') && n1 == '=' && prev != m[0] &&
	    n2 != '>' && (loose || spaced(c, i, 2))) {
		*swap = m[0] == '<' ? "<" : ">";
		return 2;
	}
	if ((m[0] == '<' || m[0] == '>') && !strchr("<>=-?", n1) &&
	    !strchr("<>=-?", prev) && (loose || spaced(c, i, 1)) &&
	    binary_left(c, i)) {
		*swap = m[0] == '<' ? "<=" : ">=";
		return 1;
	}
	if ((m[0] == '+' || m[0] == '-') && !strchr("+-=>", n1) &&
	    prev != '+' && prev != '-' && binary_left(c, i)) {
		*swap = m[0] == '+' ? "-" : "+";
		return 1;
	}
	if ((m[0] == '*' || m[0] == '/') && !strchr("*/=", n1) &&
	    !strchr("*/", prev) && binary_left(c, i) &&
	    !(m[0] == '*' && !py && prev == ' ' && smart__mutate_lex_word_char(n1))) {
		/* `Type *name` declares a pointer: left alone */
		*swap = m[0] == '*' ? "/" : "*";
		return 1;
	}
	if (py && (strncmp(m, "and", 3) == 0 || strncmp(m, "or", 2) == 0)) {
		size_t len = m[0] == 'a' ? 3 : 2;

		if ((i == 0 || !smart__mutate_lex_word_char(prev)) &&
		    (i + len >= c->n || !smart__mutate_lex_word_char(m[len]))) {
			*swap = len == 3 ? "or" : "and";
			return len;
		}
	}
	return 0;
}

/* Whether an operand follows position `i` (after spaces): a word, a
 * bracket, a string, or a prefix operator; not `)`, `,` or `;` as after
 * the `*` of a cast. */
static int operand_follows(const line_ctx *c, size_t i)
{
	while (i < c->last && c->mask[i] == ' ')
		i++;
	return i < c->last && (smart__mutate_lex_word_char(c->mask[i]) ||
			       strchr("([\"!-~.+&*", c->mask[i]));
}

/* Swap every binary operator of the line, one mutation each. */
int smart__mutate_ops_swap(line_ctx *c, smart_error *err)
{
	for (size_t i = c->first; i < c->last;) {
		const char *swap;
		size_t len;

		if (smart__mutate_lex_word_char(c->mask[i]) && i > c->first &&
		    smart__mutate_lex_word_char(c->mask[i - 1])) {
			i++; /* inside a word: no `and`/`or` here */
			continue;
		}
		len = binary_op_at(c, i, &swap);
		if (len > 0 && !operand_follows(c, i + len))
			len = 0;
		if (len == 0) {
			i++;
			continue;
		}
		assert(i + len < c->last); /* an operand follows */
		if (smart__mutate_ops_add(c, SMART_MUTATE_SWAP, i, i + len, swap, err) < 0)
			return -1;
		i += len;
	}
	return 0;
}

