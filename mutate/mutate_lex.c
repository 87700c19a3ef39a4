/*
 * Masking one source line at a time (mutate/mutate_lex.h).
 *
 * This is not a parser: it knows just enough of each language's comments
 * and string literals to keep the mutation operators on code. Anything it
 * gets wrong costs at most a mutant that does not build, which the driver
 * counts and skips.
 */
#include "mutate_lex.h"

#include <assert.h>
#include <ctype.h>
#include <string.h>

int smart__mutate_lex_word_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '$';
}

/* Whether the language has C's block and line comments. */
static int has_c_comments(smart_mutate_lang lang)
{
	return lang != SMART_LANG_PYTHON;
}

/* Whether `c` opens a string literal in the language. */
static int is_quote(smart_mutate_lang lang, char c)
{
	return c == '"' || c == '\'' || (c == '`' && lang == SMART_LANG_JS);
}

/* Whether the string that `lx` is in may continue on the next line when
 * the line ends inside it: triple-quoted Python strings, JavaScript
 * template literals, and PHP strings (which may hold newlines). */
static int string_spans_lines(const mutate_lexer *lx)
{
	return lx->triple || lx->in_string == '`' || lx->lang == SMART_LANG_PHP;
}

/* Masks the rest of a string literal from line[*i]; on return *i is past
 * the closing quote, or at n when the line ends inside the string. */
static void skip_string(mutate_lexer *lx, const char *line, size_t n,
			size_t *i, char *mask)
{
	char q = lx->in_string;

	assert(q);
	while (*i < n) {
		char c = line[*i];

		if (c == '\\') {
			mask[(*i)++] = ' ';
			if (*i < n)
				mask[(*i)++] = ' ';
			continue;
		}
		if (c == q && (!lx->triple ||
			       (*i + 2 < n && line[*i + 1] == q && line[*i + 2] == q))) {
			size_t len = lx->triple ? 3 : 1;

			memset(mask + *i, '"', len);
			*i += len;
			lx->in_string = 0;
			lx->triple = 0;
			return;
		}
		mask[(*i)++] = ' ';
	}
	if (!string_spans_lines(lx))
		lx->in_string = 0;
}

/* PHP outside <?php ... ?> is page text: masks it up to the next opening
 * tag, advancing *i. */
static void skip_php_html(mutate_lexer *lx, const char *line, size_t n,
			  size_t *i, char *mask)
{
	assert(lx->lang == SMART_LANG_PHP && !lx->php_code);
	while (*i < n) {
		if (line[*i] == '<' && *i + 1 < n && line[*i + 1] == '?') {
			size_t len = 2;

			if (*i + 5 <= n && strncmp(line + *i, "<?php", 5) == 0)
				len = 5;
			else if (*i + 2 < n && line[*i + 2] == '=')
				len = 3;
			memset(mask + *i, ' ', len);
			*i += len;
			lx->php_code = 1;
			return;
		}
		mask[(*i)++] = ' ';
	}
}

/* JavaScript: whether a '/' at line[i] starts a regular expression
 * literal, i.e. no value precedes it (the previous code character is no
 * word character, closing bracket or quote). */
static int regex_starts(const char *mask, size_t i)
{
	while (i > 0 && (mask[i - 1] == ' ' || mask[i - 1] == '\t'))
		i--;
	return i == 0 || !(smart__mutate_lex_word_char(mask[i - 1]) || mask[i - 1] == ')' ||
			   mask[i - 1] == ']' || mask[i - 1] == '"');
}

/* Masks a regular expression literal from its opening '/' at line[*i]
 * to its closing one (classes [...] may hold '/'), like a string. */
static void skip_regex(const char *line, size_t n, size_t *i, char *mask)
{
	int in_class = 0;

	assert(*i < n && line[*i] == '/');
	mask[(*i)++] = '"';
	while (*i < n) {
		char c = line[*i];

		if (c == '\\' && *i + 1 < n) {
			mask[(*i)++] = ' ';
			mask[(*i)++] = ' ';
			continue;
		}
		if (c == '[')
			in_class = 1;
		else if (c == ']')
			in_class = 0;
		else if (c == '/' && !in_class) {
			mask[(*i)++] = '"';
			return;
		}
		mask[(*i)++] = ' ';
	}
}

int smart__mutate_lex_line(mutate_lexer *lx, const char *line, size_t n, char *mask)
{
	size_t i = 0, first = 0;
	int preproc = 0, code = 0;

	while (first < n && isspace((unsigned char)line[first]))
		first++;
	if (lx->lang == SMART_LANG_C && !lx->in_comment &&
	    (lx->continued || (first < n && line[first] == '#')))
		preproc = 1;
	lx->continued = preproc && n > 0 && line[n - 1] == '\\';
	lx->preproc = preproc;
	while (i < n) {
		char c = line[i];

		if (lx->lang == SMART_LANG_PHP && !lx->php_code) {
			skip_php_html(lx, line, n, &i, mask);
			continue;
		}
		if (lx->in_comment) {
			if (c == '*' && i + 1 < n && line[i + 1] == '/') {
				mask[i++] = ' ';
				lx->in_comment = 0;
			}
			mask[i++] = ' ';
			continue;
		}
		if (lx->in_string) {
			skip_string(lx, line, n, &i, mask);
			continue;
		}
		if (has_c_comments(lx->lang) && c == '/' && i + 1 < n &&
		    line[i + 1] == '*') {
			lx->in_comment = 1;
			mask[i++] = ' ';
			mask[i++] = ' ';
			continue;
		}
		if ((has_c_comments(lx->lang) && c == '/' && i + 1 < n &&
		     line[i + 1] == '/') ||
		    ((lx->lang == SMART_LANG_PYTHON || lx->lang == SMART_LANG_PHP) &&
		     c == '#')) {
			memset(mask + i, ' ', n - i);
			break;
		}
		if (lx->lang == SMART_LANG_PHP && c == '?' && i + 1 < n &&
		    line[i + 1] == '>') {
			mask[i++] = ' ';
			mask[i++] = ' ';
			lx->php_code = 0;
			continue;
		}
		if (lx->lang == SMART_LANG_JS && c == '/' && regex_starts(mask, i)) {
			skip_regex(line, n, &i, mask);
			continue;
		}
		if (is_quote(lx->lang, c)) {
			lx->in_string = c;
			lx->triple = lx->lang == SMART_LANG_PYTHON && i + 2 < n &&
				     line[i + 1] == c && line[i + 2] == c;
			memset(mask + i, '"', lx->triple ? 3 : 1);
			i += lx->triple ? 3 : 1;
			continue;
		}
		if (smart__mutate_lex_word_char(c))
			code = 1;
		mask[i++] = c;
	}
	return code && !preproc;
}
