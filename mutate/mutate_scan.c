/*
 * The scan of one source file for mutations (smart_mutate_scan): masks
 * each line (mutate_lex.c), follows brace blocks and functions to know
 * whether a line is code and what its function returns, and runs the
 * operators of mutate_ops.c and mutate_swap.c on every eligible line.
 */
#include "mutate_ops.h"
#include "mutate_lex.h"

#include <assert.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The kinds of the open brace blocks, to tell function bodies (code)
 * from struct, class and initializer bodies. */
typedef struct block_stack {
	unsigned char code[64]; /* per open block: is it code? */
	unsigned saved[64];     /* per open block: the bracket depth outside it */
	unsigned depth;
	unsigned paren;         /* ( and [ open inside the innermost block */
	int file_code;          /* is the file scope code (scripts)? */
	int header_paren;       /* a '(' since the last ; { or } */
	char last;              /* the last code character so far */
} block_stack;

static int block_is_code(const block_stack *b)
{
	if (b->depth == 0)
		return b->file_code;
	return b->depth > sizeof(b->code) || b->code[b->depth - 1];
}

/* Follows the braces of one masked line. A '{' opens code when a '('
 * came since the previous statement (a function or control header), or
 * when it opens a plain block inside code (not after `=`, `,`, `(`, `[`,
 * or, in JavaScript, `:`, where it opens an object or initializer). */
static void track_blocks(block_stack *b, const char *mask, size_t n,
			 smart_mutate_lang lang)
{
	for (size_t i = 0; i < n; i++) {
		char ch = mask[i];

		if (ch == '{') {
			int code = b->header_paren ||
				   (block_is_code(b) && !strchr("=,([", b->last) &&
				    !(lang == SMART_LANG_JS && b->last == ':'));

			if (b->depth < sizeof(b->code)) {
				b->code[b->depth] = (unsigned char)code;
				b->saved[b->depth] = b->paren;
			}
			b->depth++;
			b->paren = 0; /* a function body inside a call starts afresh */
			b->header_paren = 0;
		} else if (ch == '}') {
			if (b->depth > 0 && --b->depth < sizeof(b->code))
				b->paren = b->saved[b->depth];
			b->header_paren = 0;
		} else if (ch == ';') {
			b->header_paren = 0;
		} else if (ch == '(' || ch == '[') {
			b->header_paren |= ch == '(';
			b->paren++;
		} else if ((ch == ')' || ch == ']') && b->paren > 0) {
			b->paren--;
		}
		if (ch != ' ' && ch != '\t')
			b->last = ch;
	}
}

/* Tracks, from lines at the left margin, whether the function the next
 * lines belong to returns void (C-like) or whether they are in a def
 * (Python), for the return operator. */
static void track_function(line_ctx *c, int *py_def_indent)
{
	if (c->lang == SMART_LANG_PYTHON) {
		int indent = (int)c->first;

		if (smart__mutate_ops_starts_with_word(c, "def") || smart__mutate_ops_starts_with_word(c, "async"))
			*py_def_indent = indent;
		else if (*py_def_indent >= 0 && indent <= *py_def_indent)
			*py_def_indent = -1;
		c->in_function = *py_def_indent >= 0 && indent > *py_def_indent;
		return;
	}
	if ((c->first == 0 || (c->lang == SMART_LANG_JAVA && c->first <= 4)) &&
	    c->mask[c->last - 1] != ';' && !smart__mutate_ops_starts_with_word(c, "if") &&
	    !smart__mutate_ops_starts_with_word(c, "for") && !smart__mutate_ops_starts_with_word(c, "while") &&
	    !smart__mutate_ops_starts_with_word(c, "switch")) {
		const char *paren = memchr(c->mask, '(', c->last);

		if (paren) {
			size_t head = (size_t)(paren - c->mask);
			int is_void = 0;

			for (size_t i = 0; i + 4 <= head; i++)
				if (strncmp(c->mask + i, "void", 4) == 0 &&
				    (i + 4 == head || !smart__mutate_lex_word_char(c->mask[i + 4])))
					is_void = 1;
			c->void_function = is_void && !memchr(c->mask, '*', head);
		}
	}
}

int smart_mutate_scan(const char *path, const char *text, size_t len,
		      uint32_t file, smart_mutation_list *list, smart_error *err)
{
	mutate_lexer lx = { .lang = smart_mutate_lang_of(path) };
	line_ctx c = { .path = path, .text = text, .file = file,
		       .lang = lx.lang, .list = list };
	char *mask = malloc(len + 1);
	block_stack blocks = { .file_code = lx.lang == SMART_LANG_JS ||
				   lx.lang == SMART_LANG_PHP ||
				   lx.lang == SMART_LANG_PYTHON };
	int depth = 0, py_def = -1, rc = 0;
	char prev_end = 0; /* the last code character of the previous code line */
	size_t pos = 0;

	if (!mask)
		return smart_error_oom(err);
	while (pos < len && rc == 0) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - (text + pos)) : len - pos;

		if (n > 0 && text[pos + n - 1] == '\r')
			n--;
		c.number++;
		c.line = text + pos;
		c.mask = mask;
		c.n = n;
		int eligible = smart__mutate_lex_line(&lx, c.line, n, mask);

		if (eligible) {
			c.first = 0;
			while (mask[c.first] == ' ' || mask[c.first] == '\t')
				c.first++;
			c.last = n;
			while (c.last > c.first && isspace((unsigned char)mask[c.last - 1]))
				c.last--;
			/* an eligible line holds code: the operators read mask[last - 1] */
			assert(c.first < c.last);
			/* inside open brackets, or after a line that ends
			 * mid-expression (a, b ? c + d ...) */
			c.continuation = (lx.lang == SMART_LANG_PYTHON ? depth > 0
								       : blocks.paren > 0) ||
					 (prev_end && strchr(",?+-*/&|=<>(!", prev_end));
			c.in_code = block_is_code(&blocks) ||
				    lx.lang == SMART_LANG_PYTHON;
			track_function(&c, &py_def);
			if (smart__mutate_ops_statement(&c, err) < 0 || smart__mutate_ops_swap(&c, err) < 0 ||
			    smart__mutate_ops_negate(&c, err) < 0 || smart__mutate_ops_constant(&c, err) < 0)
				rc = -1;
		}
		if (!lx.preproc) {
			for (size_t k = n; k > 0; k--)
				if (!isspace((unsigned char)mask[k - 1])) {
					prev_end = mask[k - 1];
					break;
				}
			if (lx.lang != SMART_LANG_PYTHON) {
				track_blocks(&blocks, mask, n, lx.lang);
			} else {
				depth += smart__mutate_ops_balance(mask, 0, n, 1);
				if (depth < 0)
					depth = 0;
			}
		}
		pos += (nl ? (size_t)(nl - (text + pos)) + 1 : len - pos);
	}
	free(mask);
	if (rc < 0)
		smart_error_prefix(err, "%s", path);
	return rc;
}
