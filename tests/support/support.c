/* Helpers shared by the cmocka test programs. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static smart_tree *parse_as(const char *text, smart_format format)
{
	smart_error err = { { 0 } };
	smart_tree *tree = smart_tree_parse(text, strlen(text), format, "test", &err);

	if (!tree)
		fail_msg("parse failed: %s", err.message);
	return tree;
}

smart_tree *parse_html(const char *text)
{
	return parse_as(text, SMART_FORMAT_HTML);
}

smart_tree *parse_xml(const char *text)
{
	return parse_as(text, SMART_FORMAT_XML);
}

uint32_t find_node(const smart_tree *tree, const char *name, unsigned n)
{
	for (uint32_t i = 0; i < tree->count; i++)
		if (strcmp(tree->nodes[i].name, name) == 0 && n-- == 0)
			return i;
	fail_msg("no node named %s", name);
	return SMART_NONE;
}

const char *write_temp_file(const char *name, const char *data, size_t len)
{
	static char path[4096];
	char dir[] = "/tmp/smart-test-XXXXXX";
	FILE *f;

	if (!mkdtemp(dir))
		fail_msg("mkdtemp failed");
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f || fwrite(data, 1, len, f) != len || fclose(f) != 0)
		fail_msg("cannot write %s", path);
	return path;
}
