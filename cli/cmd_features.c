/* smart features — the feature vector of a pair of documents, or the mean of
 * every feature over the inspect and ignore pairs of corpora (paper Fig. 1). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include <cJSON.h>

#include "cli.h"

static void usage(FILE *out)
{
	fprintf(out, "usage: smart features [--json] [--html|--xml] OLD NEW\n"
		     "       smart features [--json] [--html|--xml] --means CORPUS.jsonl...\n\n"
		     "Prints SMART's features of the pair OLD -> NEW, one 'name value' per line\n"
		     "(--json: {\"features\":{\"name\":value,...}}), or with --means the mean of each\n"
		     "feature over the ignore and the inspect pairs of the corpora, raw and divided\n"
		     "by the feature's largest absolute value (the normalisation of the paper's\n"
		     "Fig. 1); --html/--xml then apply to records without a \"format\".\n"
		     "Definitions: docs/features.md.\n"
		     "Exit status (as diff(1)): 0 the two documents' trees are equal, 1 they\n"
		     "differ, 2 trouble; --means exits 0.\n\nfeatures:\n");
	for (size_t i = 0; i < smart_feature_count(); i++)
		fprintf(out, "  %-22s %s\n", smart_feature_info_at(i)->name,
			smart_feature_info_at(i)->description);
}

/* The feature vector of the pair of files, printed; the exit status says
 * whether their trees differ, as diff(1) would. */
static int print_vector(const double *values, int json);
static int features_of_files(const char *old_path, const char *new_path,
			     const cli_common *common)
{
	double *values = malloc(smart_feature_count() * sizeof(*values));
	smart_measure m = { .values = values, .format = common->format };
	smart_error err = { { 0 } };
	int status;

	if (!values)
		return cli_failf("out of memory");
	if (smart_measure_files(old_path, new_path, &m, &err) < 0)
		status = cli_fail(&err);
	else
		status = print_vector(values, common->json);
	if (status == CLI_SAME && m.trees_differ)
		status = CLI_DIFFER;
	free(values);
	return status;
}

static int print_vector(const double *values, int json)
{
	cJSON *root, *obj;

	if (!json) {
		for (size_t i = 0; i < smart_feature_count(); i++)
			printf("%s %.10g\n", smart_feature_info_at(i)->name, values[i]);
		return CLI_SAME;
	}
	root = cJSON_CreateObject();
	obj = cJSON_AddObjectToObject(root, "features");
	for (size_t i = 0; obj && i < smart_feature_count(); i++)
		if (!cJSON_AddNumberToObject(obj, smart_feature_info_at(i)->name, values[i]))
			obj = NULL;
	if (!obj) {
		cJSON_Delete(root);
		root = NULL;
	}
	return cli_print_json(root);
}

static double normalised(const smart_feature_means *m, int label, size_t i)
{
	return m->max_abs[i] > 0 ? m->mean[label][i] / m->max_abs[i] : 0;
}

static int print_means(const smart_feature_means *m, int json)
{
	cJSON *root, *pairs, *means;
	int ok;

	if (!json) {
		printf("pairs: %zu ignore, %zu inspect, %zu unlabelled\n", m->pairs[0], m->pairs[1],
		       m->unlabelled);
		printf("%-22s %12s %12s %12s %12s\n", "feature", "ignore", "inspect", "ignore_norm",
		       "inspect_norm");
		for (size_t i = 0; i < m->n_features; i++)
			printf("%-22s %12.6g %12.6g %12.4f %12.4f\n", smart_feature_info_at(i)->name,
			       m->mean[0][i], m->mean[1][i], normalised(m, 0, i), normalised(m, 1, i));
		return CLI_SAME;
	}
	root = cJSON_CreateObject();
	pairs = cJSON_AddObjectToObject(root, "pairs");
	means = cJSON_AddObjectToObject(root, "means");
	ok = pairs && means && cJSON_AddNumberToObject(pairs, "ignore", (double)m->pairs[0]) &&
	     cJSON_AddNumberToObject(pairs, "inspect", (double)m->pairs[1]) &&
	     cJSON_AddNumberToObject(pairs, "unlabelled", (double)m->unlabelled);
	for (size_t i = 0; ok && i < m->n_features; i++) {
		cJSON *f = cJSON_AddObjectToObject(means, smart_feature_info_at(i)->name);

		ok = f && cJSON_AddNumberToObject(f, "ignore", m->mean[0][i]) &&
		     cJSON_AddNumberToObject(f, "inspect", m->mean[1][i]) &&
		     cJSON_AddNumberToObject(f, "ignore_normalized", normalised(m, 0, i)) &&
		     cJSON_AddNumberToObject(f, "inspect_normalized", normalised(m, 1, i));
	}
	if (!ok) {
		cJSON_Delete(root);
		root = NULL;
	}
	return cli_print_json(root);
}

static int run_features(int argc, char **argv)
{
	static const struct option options[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "json", no_argument, NULL, 'j' },
		{ "html", no_argument, NULL, 'H' },
		{ "xml", no_argument, NULL, 'X' },
		{ "means", no_argument, NULL, 'm' },
		{ NULL, 0, NULL, 0 },
	};
	cli_common common = { .format = SMART_FORMAT_AUTO };
	smart_error err = { { 0 } };
	int means = 0, c, status;

	optind = 1;
	while ((c = getopt_long(argc, argv, ":h", options, NULL)) != -1) {
		switch (c) {
		case 'h':
			usage(stdout);
			return CLI_SAME;
		case 'j':
			common.json = 1;
			break;
		case 'H':
			common.format = SMART_FORMAT_HTML;
			break;
		case 'X':
			common.format = SMART_FORMAT_XML;
			break;
		case 'm':
			means = 1;
			break;
		default:
			return cli_bad_option("features", c, argv);
		}
	}
	argc -= optind;
	argv += optind;
	if (means) {
		smart_feature_means m;

		if (argc < 1)
			return cli_usage_error("features", "--means needs at least one corpus");
		if (smart_feature_means_compute((const char *const *)argv, (size_t)argc,
						common.format, &m, &err) < 0)
			return cli_fail(&err);
		status = print_means(&m, common.json);
		smart_feature_means_free(&m);
		return status;
	}
	if (argc != 2)
		return cli_usage_error("features", "expected OLD and NEW");
	return features_of_files(argv[0], argv[1], &common);
}

const cli_command cli_cmd_features = { "features", "print SMART's feature vector of a pair",
				       run_features };
