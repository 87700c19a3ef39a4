/* smart scrubbers — lists the scrubber registry (scrub/registry.c): each
 * rule's name, when it runs, the applications it was read from and what
 * it explains, so that a tester knows what `--scrubbers` turns off and
 * which rules a simulated first look (`eval --hold-out-rules`) holds out. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli.h"

static void usage(FILE *out)
{
	fprintf(out, "usage: smart scrubbers [--json]\n\n"
		     "Lists the scrubbers in the order they run: name, stage (before or after\n"
		     "the alignment), the applications whose false alarms each was read from\n"
		     "('-': written from frameworks' documentation or general knowledge) and\n"
		     "what it explains. 'smart eval --by-app --hold-out-rules' measures each\n"
		     "application with the scrubbers read from it turned off.\n\n"
		     "  --json   one object: {\"scrubbers\":[{name,stage,read_from:[...],summary}]}\n"
		     "  -h       this help\n");
}

/* The table, one scrubber a line. */
static int print_text(void)
{
	printf("%-13s %-7s %-26s %s\n", "scrubber", "stage", "read from", "explains");
	for (int id = 0; id < SMART_SCRUBBER_COUNT; id++) {
		const char *from = smart_scrubber_read_from(id);

		printf("%-13s %-7s %-26s %s\n", smart_scrubber_name(id),
		       smart_scrubber_after_align(id) ? "after" : "before", *from ? from : "-",
		       smart_scrubber_summary(id));
	}
	return CLI_SAME;
}

/* A comma-separated list as a JSON array of strings (NULL when out of
 * memory). */
static cJSON *list_json(const char *list)
{
	cJSON *arr = cJSON_CreateArray();

	for (const char *p = list; arr && *p;) {
		size_t len = strcspn(p, ",");
		char item[64];

		snprintf(item, sizeof(item), "%.*s", (int)len, p);
		if (!cJSON_AddItemToArray(arr, cJSON_CreateString(item))) {
			cJSON_Delete(arr);
			return NULL;
		}
		p += len + (p[len] == ',');
	}
	return arr;
}

static int print_json(void)
{
	cJSON *root = cJSON_CreateObject();
	cJSON *all = root ? cJSON_AddArrayToObject(root, "scrubbers") : NULL;

	for (int id = 0; all && id < SMART_SCRUBBER_COUNT; id++) {
		cJSON *s = cJSON_CreateObject(), *from = list_json(smart_scrubber_read_from(id));

		if (!s || !from || !cJSON_AddItemToArray(all, s)) {
			cJSON_Delete(s);
			cJSON_Delete(from);
			all = NULL;
			break;
		}
		cJSON_AddStringToObject(s, "name", smart_scrubber_name(id));
		cJSON_AddStringToObject(s, "stage", smart_scrubber_after_align(id) ? "after" : "before");
		cJSON_AddItemToObject(s, "read_from", from);
		cJSON_AddStringToObject(s, "summary", smart_scrubber_summary(id));
	}
	if (!all) {
		cJSON_Delete(root);
		root = NULL;
	}
	return cli_print_json(root);
}

static int run_scrubbers(int argc, char **argv)
{
	static const struct option options[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c, json = 0;

	optind = 1;
	while ((c = getopt_long(argc, argv, ":h", options, NULL)) != -1) {
		switch (c) {
		case 'j': json = 1; break;
		case 'h': usage(stdout); return CLI_SAME;
		default: return cli_bad_option("scrubbers", c, argv);
		}
	}
	if (optind != argc)
		return cli_usage_error("scrubbers", "takes no operands");
	return json ? print_json() : print_text();
}

const cli_command cli_cmd_scrubbers = { "scrubbers", "list the scrubbers and where each was read",
					run_scrubbers };
