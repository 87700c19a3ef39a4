/* Helpers shared by the cmocka test programs. */
#ifndef SMART_TEST_SUPPORT_H
#define SMART_TEST_SUPPORT_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "smart.h"

/* Parses a NUL-terminated string; fails the test on error. */
smart_tree *parse_html(const char *text);
smart_tree *parse_xml(const char *text);

/* The index of the n-th (0-based) node named `name` in pre-order, or fails. */
uint32_t find_node(const smart_tree *tree, const char *name, unsigned n);

/* Writes `len` bytes to a new file in a fresh temporary folder and returns
 * its path (static storage, valid until the next call). */
const char *write_temp_file(const char *name, const char *data, size_t len);

#endif
