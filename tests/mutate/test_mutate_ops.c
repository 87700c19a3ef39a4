/* The mutation operators over source text, and the seeded order of mutants. */
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Scans `text` as file `path` into a fresh list (fails the test on error). */
static smart_mutation_list scan(const char *path, const char *text)
{
	smart_mutation_list l = { 0 };
	smart_error err;

	assert_int_equal(smart_mutate_scan(path, text, strlen(text), 0, &l, &err), 0);
	return l;
}

/* Whether some mutation of operator `op` on line `line` turns `before`
 * into `after`. */
static int has(const smart_mutation_list *l, const char *text, uint32_t line,
	       smart_mutate_op op, const char *before, const char *after)
{
	for (size_t i = 0; i < l->count; i++) {
		const smart_mutation *m = &l->items[i];

		if (m->line == line && m->op == op && strlen(before) == m->length &&
		    strncmp(text + m->offset, before, m->length) == 0 &&
		    strcmp(m->after, after) == 0)
			return 1;
	}
	return 0;
}

/* How many mutations fall on `line`. */
static size_t on_line(const smart_mutation_list *l, uint32_t line)
{
	size_t n = 0;

	for (size_t i = 0; i < l->count; i++)
		n += l->items[i].line == line;
	return n;
}

static const char c_text[] =
	"#include <stdio.h>\n"                      /* 1 */
	"#define TWICE(x) ((x) + (x))\n"            /* 2 */
	"struct s { int a; };\n"                    /* 3 */
	"/* a && b == 3 */\n"                       /* 4 */
	"static void f(int a, int b, char *p)\n"    /* 5 */
	"{\n"                                       /* 6 */
	"\tint k = 0;\n"                            /* 7 */
	"\tif (a && b)\n"                           /* 8 */
	"\t\tk = a + 42;\n"                         /* 9 */
	"\tputs(\"x == y && 7\"); // k < 3\n"       /* 10 */
	"\twhile (k <= b)\n"                        /* 11 */
	"\t\tk = k * 2 - 1;\n"                      /* 12 */
	"\t\"only a string\";\n"                    /* 13 */
	"}\n";                                      /* 14 */

static void mutate_c_operators_apply_where_expected(void **state)
{
	smart_mutation_list l = scan("x.c", c_text);

	(void)state;
	assert_true(has(&l, c_text, 8, SMART_MUTATE_SWAP, "&&", "||"));
	assert_true(has(&l, c_text, 8, SMART_MUTATE_NEGATE, "if (a && b)", "if (!(a && b))"));
	assert_true(has(&l, c_text, 9, SMART_MUTATE_DELETE, "k = a + 42;", ""));
	assert_true(has(&l, c_text, 9, SMART_MUTATE_RETURN, "k = a + 42;", "return;"));
	assert_true(has(&l, c_text, 9, SMART_MUTATE_SWAP, "+", "-"));
	assert_true(has(&l, c_text, 9, SMART_MUTATE_CONSTANT, "42", "43"));
	assert_true(has(&l, c_text, 9, SMART_MUTATE_CONSTANT, "42", "41"));
	assert_true(has(&l, c_text, 11, SMART_MUTATE_SWAP, "<=", "<"));
	assert_true(has(&l, c_text, 12, SMART_MUTATE_SWAP, "*", "/"));
	assert_true(has(&l, c_text, 12, SMART_MUTATE_SWAP, "-", "+"));
	smart_mutation_list_free(&l);
}

static void mutate_never_touches_comments_strings_or_preprocessor(void **state)
{
	smart_mutation_list l = scan("x.c", c_text);

	(void)state;
	assert_int_equal(on_line(&l, 1), 0);
	assert_int_equal(on_line(&l, 2), 0);
	assert_int_equal(on_line(&l, 4), 0);
	assert_int_equal(on_line(&l, 13), 0);
	/* line 10: only the call itself, none of the && == < 7 in its string
	 * or comment */
	for (size_t i = 0; i < l.count; i++)
		if (l.items[i].line == 10)
			assert_true(l.items[i].op == SMART_MUTATE_DELETE ||
				    l.items[i].op == SMART_MUTATE_RETURN);
	smart_mutation_list_free(&l);
}

static void mutate_leaves_declarations_and_struct_bodies_alone(void **state)
{
	smart_mutation_list l = scan("x.c", c_text);

	(void)state;
	for (size_t i = 0; i < l.count; i++) {
		const smart_mutation *m = &l.items[i];

		/* struct body, a declaration, and `char *p` (no multiplication) */
		assert_false(m->line == 3 && m->op != SMART_MUTATE_CONSTANT);
		assert_false(m->line == 7 && (m->op == SMART_MUTATE_DELETE ||
					      m->op == SMART_MUTATE_RETURN));
		assert_false(m->line == 5 && m->op == SMART_MUTATE_SWAP);
	}
	smart_mutation_list_free(&l);
}

static void mutate_return_matches_function_type(void **state)
{
	static const char text[] = "int g(int a)\n{\n\ta = a + 1;\n\treturn a;\n}\n";
	smart_mutation_list l = scan("g.c", text);

	(void)state;
	assert_true(has(&l, text, 3, SMART_MUTATE_RETURN, "a = a + 1;", "return 0;"));
	smart_mutation_list_free(&l);
}

static void mutate_python_operators_keep_blocks_valid(void **state)
{
	static const char text[] =
		"def f(a, b):\n"              /* 1 */
		"    \"\"\"Doc with a and b.\n" /* 2 */
		"    x == 3\"\"\"\n"          /* 3 */
		"    if a and b:\n"           /* 4 */
		"        total = a * 2  # c\n"/* 5 */
		"    return total\n"          /* 6 */
		"x = f(1, 2)\n";              /* 7 */
	smart_mutation_list l = scan("m.py", text);

	(void)state;
	assert_int_equal(on_line(&l, 2), 0);
	assert_int_equal(on_line(&l, 3), 0);
	assert_true(has(&l, text, 4, SMART_MUTATE_SWAP, "and", "or"));
	assert_true(has(&l, text, 4, SMART_MUTATE_NEGATE, "if a and b", "if not (a and b)"));
	assert_true(has(&l, text, 5, SMART_MUTATE_DELETE, "total = a * 2", "pass"));
	assert_true(has(&l, text, 5, SMART_MUTATE_RETURN, "total = a * 2", "return"));
	assert_true(has(&l, text, 5, SMART_MUTATE_SWAP, "*", "/"));
	/* module level: no statement operators outside a def */
	assert_false(has(&l, text, 7, SMART_MUTATE_DELETE, "x = f(1, 2)", "pass"));
	smart_mutation_list_free(&l);
}

static void mutate_javascript_swaps_strict_equality_and_skips_regexes(void **state)
{
	static const char text[] =
		"function f(a, s) {\n"
		"  if (a === 1) {\n"
		"    s = s.replace(/x/g, '-');\n"
		"  }\n"
		"  return `a ${a} == b`;\n"
		"}\n";
	smart_mutation_list l = scan("f.js", text);

	(void)state;
	assert_true(has(&l, text, 2, SMART_MUTATE_SWAP, "===", "!=="));
	assert_true(has(&l, text, 2, SMART_MUTATE_NEGATE, "if (a === 1)", "if (!(a === 1))"));
	assert_true(has(&l, text, 3, SMART_MUTATE_DELETE, "s = s.replace(/x/g, '-');", ""));
	for (size_t i = 0; i < l.count; i++)
		assert_false(l.items[i].line == 3 && l.items[i].op == SMART_MUTATE_SWAP);
	assert_int_equal(on_line(&l, 5), 0);
	smart_mutation_list_free(&l);
}

static void mutate_statements_inside_callbacks_but_not_continuations(void **state)
{
	static const char text[] =
		"(function (exports) {\n"   /* 1 */
		"  run(function () {\n"     /* 2 */
		"    count = count + 1;\n"   /* 3 */
		"    total = count +\n"      /* 4 */
		"      other(1);\n"          /* 5 */
		"  });\n"                    /* 6 */
		"}(this));\n";               /* 7 */
	smart_mutation_list l = scan("cb.js", text);

	(void)state;
	assert_true(has(&l, text, 3, SMART_MUTATE_DELETE, "count = count + 1;", ""));
	for (size_t i = 0; i < l.count; i++)
		assert_false(l.items[i].line == 5 && l.items[i].op == SMART_MUTATE_DELETE);
	smart_mutation_list_free(&l);
}

static void mutate_php_mutates_only_inside_php_tags(void **state)
{
	static const char text[] =
		"<p>1 + 2 == 3</p>\n"
		"<?php if ($n > 1) { # one > two\n"
		"  echo $n + 1; ?>\n";
	smart_mutation_list l = scan("p.php", text);

	(void)state;
	assert_int_equal(on_line(&l, 1), 0);
	assert_true(has(&l, text, 2, SMART_MUTATE_NEGATE, "if ($n > 1)", "if (!($n > 1))"));
	assert_true(has(&l, text, 3, SMART_MUTATE_SWAP, "+", "-"));
	smart_mutation_list_free(&l);
}

/* Zend view scripts (.phtml: Icinga Web 2, Magento) and PHP include files
 * (.inc: LDAP Account Manager's lib/ and lib/modules/) are PHP: their page
 * text is never mutated, their code between <?php and ?> is. */
static void mutate_phtml_and_inc_are_php_mutated_only_inside_php_tags(void **state)
{
	static const char text[] =
		"<p>1 + 2 == 3</p>\n"
		"<?php if ($n > 1): ?>\n"
		"<b>a - b</b>\n";
	static const char *const paths[] = {
		"views/scripts/user/list.phtml", "lib/modules/posixAccount.inc"
	};

	(void)state;
	for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		smart_mutation_list l = scan(paths[i], text);

		assert_int_equal(smart_mutate_lang_of(paths[i]), SMART_LANG_PHP);
		assert_int_equal(on_line(&l, 1), 0);
		assert_true(has(&l, text, 2, SMART_MUTATE_NEGATE, "if ($n > 1)", "if (!($n > 1))"));
		assert_int_equal(on_line(&l, 3), 0);
		smart_mutation_list_free(&l);
	}
}

static void mutate_apply_replaces_exactly_the_before_text(void **state)
{
	smart_mutation_list l = scan("x.c", c_text);
	size_t len;

	(void)state;
	for (size_t i = 0; i < l.count; i++) {
		const smart_mutation *m = &l.items[i];
		char *out = smart_mutation_apply(c_text, strlen(c_text), m, &len);

		assert_non_null(out);
		assert_int_equal(len, strlen(c_text) - m->length + strlen(m->after));
		assert_memory_equal(out, c_text, m->offset);
		assert_memory_equal(out + m->offset, m->after, strlen(m->after));
		assert_string_equal(out + m->offset + strlen(m->after),
				    c_text + m->offset + m->length);
		free(out);
	}
	smart_mutation_list_free(&l);
}

static void mutate_order_is_a_seeded_permutation_visiting_lines_first(void **state)
{
	smart_mutation_list l = scan("x.c", c_text);
	size_t *a, *b, *c, lines = 0;
	unsigned char *seen = calloc(l.count, 1);
	smart_error err;

	(void)state;
	assert_int_equal(smart_mutate_order(&l, 7, &a, &err), 0);
	assert_int_equal(smart_mutate_order(&l, 7, &b, &err), 0);
	assert_int_equal(smart_mutate_order(&l, 8, &c, &err), 0);
	assert_memory_equal(a, b, l.count * sizeof(*a));
	assert_true(memcmp(a, c, l.count * sizeof(*a)) != 0);
	for (size_t i = 0; i < l.count; i++) {
		assert_true(a[i] < l.count);
		assert_false(seen[a[i]]);
		seen[a[i]] = 1;
		lines += i == 0 || l.items[i].line != l.items[i - 1].line;
	}
	/* the first `lines` mutants fall on distinct lines */
	for (size_t i = 0; i < lines; i++)
		for (size_t j = 0; j < i; j++)
			assert_int_not_equal(l.items[a[i]].line, l.items[a[j]].line);
	free(a);
	free(b);
	free(c);
	free(seen);
	smart_mutation_list_free(&l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(mutate_c_operators_apply_where_expected),
		cmocka_unit_test(mutate_never_touches_comments_strings_or_preprocessor),
		cmocka_unit_test(mutate_leaves_declarations_and_struct_bodies_alone),
		cmocka_unit_test(mutate_return_matches_function_type),
		cmocka_unit_test(mutate_python_operators_keep_blocks_valid),
		cmocka_unit_test(mutate_javascript_swaps_strict_equality_and_skips_regexes),
		cmocka_unit_test(mutate_statements_inside_callbacks_but_not_continuations),
		cmocka_unit_test(mutate_php_mutates_only_inside_php_tags),
		cmocka_unit_test(mutate_phtml_and_inc_are_php_mutated_only_inside_php_tags),
		cmocka_unit_test(mutate_apply_replaces_exactly_the_before_text),
		cmocka_unit_test(mutate_order_is_a_seeded_permutation_visiting_lines_first),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
