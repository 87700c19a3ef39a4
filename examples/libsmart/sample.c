/*
 * A small program built against the installed libsmart (docs/install.md):
 * aligns two HTML or XML files with DiffX and prints the edit script's
 * summary and its operations. Exit status as smart diff's: 0 same,
 * 1 different, 2 trouble.
 *
 *   cc sample.c $(pkg-config --cflags --libs smart) -o sample
 *   ./sample old.html new.html
 */
#include <stdio.h>
#include <stdlib.h>

#include <smart.h>

int main(int argc, char **argv)
{
	smart_error err = { "" };
	smart_tree *old_tree = NULL, *new_tree = NULL;
	smart_diff *diff = NULL;
	char *json = NULL;
	int status = 2;

	if (argc != 3) {
		fprintf(stderr, "usage: %s OLD NEW\n", argv[0]);
		return 2;
	}
	if (!(old_tree = smart_tree_parse_file(argv[1], SMART_FORMAT_AUTO, &err)) ||
	    !(new_tree = smart_tree_parse_file(argv[2], SMART_FORMAT_AUTO, &err)) ||
	    !(diff = smart_diffx(old_tree, new_tree, &err)) ||
	    !(json = smart_diff_to_json_string(diff, &err))) {
		fprintf(stderr, "sample: %s\n", err.message);
		goto done;
	}
	printf("libsmart %s: %zu operations (%u inserts, %u deletes, %u moves, %u updates, "
	       "%u attribute changes)\n", SMART_VERSION, diff->op_count, diff->summary.inserts,
	       diff->summary.deletes, diff->summary.moves, diff->summary.updates,
	       diff->summary.attribute_changes);
	for (size_t i = 0; i < diff->op_count; i++)
		printf("  %s\n", smart_op_name(diff->ops[i].kind));
	printf("%s\n", json);
	status = smart_diff_is_empty(diff) ? 0 : 1;
done:
	free(json);
	smart_diff_free(diff);
	smart_tree_free(new_tree);
	smart_tree_free(old_tree);
	return status;
}
