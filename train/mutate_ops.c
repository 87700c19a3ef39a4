/*
 * The mutation operators over source lines (include/smart/mutate.h): for
 * each eligible line, every place where deleting the statement, replacing it
 * with a return, swapping a binary operator, negating a condition or
 * changing an integer constant applies.
 *
 * The operators read the line's mask (train/mutate_lex.h), so they never
 * fire inside comments or strings, and write replacements in terms of the
 * original text.
 */
#include "smart/mutate.h"
#include "mutate_lex.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/array.h"

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
static int add(line_ctx *c, smart_mutate_op op, size_t start, size_t end,
	       const char *after, smart_error *err)
{
	smart_mutation_list *l = c->list;
	smart_mutation *m;

	if (smart_array_reserve((void **)&l->items, &l->cap, l->count, sizeof(*l->items), 256) < 0)
		return smart_error_oom(err);
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
static int starts_with_word(const line_ctx *c, const char *w)
{
	size_t k = strlen(w);

	return c->last - c->first >= k &&
	       strncmp(c->mask + c->first, w, k) == 0 &&
	       (c->first + k == c->last ||
		!mutate_lex_word_char(c->mask[c->first + k]));
}

/* Bracket balance of mask[from, to): ( and [ (and { when `braces`). */
static int balance(const char *mask, size_t from, size_t to, int braces)
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
		if (c->lang == SMART_LANG_JS && starts_with_word(c, *d))
			return 1;
	if (c->lang == SMART_LANG_JS || c->lang == SMART_LANG_PHP)
		return 0;
	while (i < c->last && (mutate_lex_word_char(c->mask[i]) ||
			       c->mask[i] == ':' || c->mask[i] == '.'))
		i++; /* the type (std::string, java.util.List) */
	if (i == c->first || i >= c->last || c->mask[i] != ' ')
		return 0;
	while (i < c->last && (c->mask[i] == ' ' || c->mask[i] == '*' ||
			       c->mask[i] == '&'))
		i++;
	return i < c->last && mutate_lex_word_char(c->mask[i]) &&
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
		if (starts_with_word(c, *h))
			return 0;
	if (c->lang == SMART_LANG_PYTHON)
		return c->in_function && end != ':' && end != '\\' && end != ',' &&
		       c->mask[c->first] != '@' &&
		       balance(c->mask, c->first, c->last, 1) == 0;
	return end == ';' && c->mask[c->first] != '}' && c->mask[c->first] != '{' &&
	       balance(c->mask, c->first, c->last, 1) == 0;
}

/* Delete a statement line (Python: replace it with `pass`, so that the
 * block stays valid), and replace it with a return. */
static int statement_ops(line_ctx *c, smart_error *err)
{
	const char *ret;

	if (!is_statement(c))
		return 0;
	if (add(c, SMART_MUTATE_DELETE, c->first, c->last,
		c->lang == SMART_LANG_PYTHON ? "pass" : "", err) < 0)
		return -1;
	if (c->lang == SMART_LANG_PYTHON)
		ret = "return";
	else if (c->lang == SMART_LANG_JS || c->lang == SMART_LANG_PHP ||
		 c->void_function)
		ret = "return;";
	else
		ret = "return 0;";
	return add(c, SMART_MUTATE_RETURN, c->first, c->last, ret, err);
}

/* The word that ends just before position `i` of the mask (after spaces),
 * copied into w; empty when the previous token is no word. Returns the
 * previous non-space character, or 0 at the start of the line. */
static char prev_token(const line_ctx *c, size_t i, char *w, size_t wsize)
{
	size_t j = i, end;

	w[0] = '\0';
	while (j > 0 && c->mask[j - 1] == ' ')
		j--;
	if (j == 0)
		return 0;
	end = j;
	while (j > 0 && mutate_lex_word_char(c->mask[j - 1]))
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

	if (!(mutate_lex_word_char(p) || p == ')' || p == ']' || p == '"'))
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
	    !(m[0] == '*' && !py && prev == ' ' && mutate_lex_word_char(n1))) {
		/* `Type *name` declares a pointer: left alone */
		*swap = m[0] == '*' ? "/" : "*";
		return 1;
	}
	if (py && (strncmp(m, "and", 3) == 0 || strncmp(m, "or", 2) == 0)) {
		size_t len = m[0] == 'a' ? 3 : 2;

		if ((i == 0 || !mutate_lex_word_char(prev)) &&
		    (i + len >= c->n || !mutate_lex_word_char(m[len]))) {
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
	return i < c->last && (mutate_lex_word_char(c->mask[i]) ||
			       strchr("([\"!-~.+&*", c->mask[i]));
}

/* Swap every binary operator of the line, one mutation each. */
static int swap_ops(line_ctx *c, smart_error *err)
{
	for (size_t i = c->first; i < c->last;) {
		const char *swap;
		size_t len;

		if (mutate_lex_word_char(c->mask[i]) && i > c->first &&
		    mutate_lex_word_char(c->mask[i - 1])) {
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
		if (add(c, SMART_MUTATE_SWAP, i, i + len, swap, err) < 0)
			return -1;
		i += len;
	}
	return 0;
}

/* Negate the condition of `if (...)` / `while (...)` (C-like), or of
 * `if x:` / `elif x:` / `while x:` (Python). */
static int negate_ops(line_ctx *c, smart_error *err)
{
	char after[4096];

	if (c->lang == SMART_LANG_PYTHON) {
		static const char *const kws[] = { "if", "elif", "while", NULL };
		size_t colon = c->last - 1;

		if (c->mask[colon] != ':' || balance(c->mask, c->first, c->last, 1))
			return 0;
		for (const char *const *k = kws; *k; k++) {
			size_t kl = strlen(*k), cs = c->first + kl + 1, ce = colon;

			if (!starts_with_word(c, *k))
				continue;
			while (ce > cs && c->line[ce - 1] == ' ')
				ce--;
			if (ce <= cs || (size_t)snprintf(after, sizeof(after), "%s not (%.*s)", *k,
					    (int)(ce - cs), c->line + cs) >= sizeof(after))
				return 0;
			return add(c, SMART_MUTATE_NEGATE, c->first, ce, after, err);
		}
		return 0;
	}
	for (size_t i = c->first; i < c->last; i++) {
		size_t kl, open, close;
		int depth = 0;

		if (i > 0 && mutate_lex_word_char(c->mask[i - 1]))
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
		if (add(c, SMART_MUTATE_NEGATE, i, close + 1, after, err) < 0)
			return -1;
	}
	return 0;
}

/* Change every decimal integer constant by one (up and, above 0, down). */
static int constant_ops(line_ctx *c, smart_error *err)
{
	for (size_t i = c->first; i < c->last; i++) {
		size_t j = i;
		long v;
		char after[32];

		if (!isdigit((unsigned char)c->mask[i]) ||
		    (i > 0 && (mutate_lex_word_char(c->mask[i - 1]) ||
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
		if (add(c, SMART_MUTATE_CONSTANT, i, j, after, err) < 0)
			return -1;
		if (v > 0) {
			snprintf(after, sizeof(after), "%ld", v - 1);
			if (add(c, SMART_MUTATE_CONSTANT, i, j, after, err) < 0)
				return -1;
		}
		i = j;
	}
	return 0;
}

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

		if (starts_with_word(c, "def") || starts_with_word(c, "async"))
			*py_def_indent = indent;
		else if (*py_def_indent >= 0 && indent <= *py_def_indent)
			*py_def_indent = -1;
		c->in_function = *py_def_indent >= 0 && indent > *py_def_indent;
		return;
	}
	if ((c->first == 0 || (c->lang == SMART_LANG_JAVA && c->first <= 4)) &&
	    c->mask[c->last - 1] != ';' && !starts_with_word(c, "if") &&
	    !starts_with_word(c, "for") && !starts_with_word(c, "while") &&
	    !starts_with_word(c, "switch")) {
		const char *paren = memchr(c->mask, '(', c->last);

		if (paren) {
			size_t head = (size_t)(paren - c->mask);
			int is_void = 0;

			for (size_t i = 0; i + 4 <= head; i++)
				if (strncmp(c->mask + i, "void", 4) == 0 &&
				    (i + 4 == head || !mutate_lex_word_char(c->mask[i + 4])))
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
		int eligible = mutate_lex_line(&lx, c.line, n, mask);

		if (eligible) {
			c.first = 0;
			while (mask[c.first] == ' ' || mask[c.first] == '\t')
				c.first++;
			c.last = n;
			while (c.last > c.first && isspace((unsigned char)mask[c.last - 1]))
				c.last--;
			/* inside open brackets, or after a line that ends
			 * mid-expression (a, b ? c + d ...) */
			c.continuation = (lx.lang == SMART_LANG_PYTHON ? depth > 0
								       : blocks.paren > 0) ||
					 (prev_end && strchr(",?+-*/&|=<>(!", prev_end));
			c.in_code = block_is_code(&blocks) ||
				    lx.lang == SMART_LANG_PYTHON;
			track_function(&c, &py_def);
			if (statement_ops(&c, err) < 0 || swap_ops(&c, err) < 0 ||
			    negate_ops(&c, err) < 0 || constant_ops(&c, err) < 0)
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
				depth += balance(mask, 0, n, 1);
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
