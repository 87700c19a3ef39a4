/*
 * The two trees of a pair (measure/parse_pair.h). Until they are aligned
 * the two documents of a pair have nothing to do with each other, and
 * parsing them is most of classifying one large pair (docs/performance.md):
 * a pair classified on its own may parse the old document on a thread of
 * its own while the calling thread parses the new one. Batches never ask
 * for it: their pool already gives each core a pair of its own.
 *
 * The trees are the same whichever way they were made (parsing reads only
 * its document and the process's settings), and so is the error: the old
 * document's when it does not parse, else the new one's, as when they are
 * parsed one after the other.
 */
#include "parse_pair.h"

#include <assert.h>
#include <pthread.h>
#include <string.h>

#include "common/pool.h"
#include "smart/tree.h"
#include "tree_cache.h"

/* Below this many bytes in the smaller document, starting a thread costs
 * about what it saves: such a pair is parsed on the calling thread. */
#define SIDE_BY_SIDE_MIN_BYTES ((size_t)16 * 1024)

/* The tree of one document: through m->trees when the caller gave a cache
 * (training, whose pairs share documents), else a parse. *ref is what
 * unparse hands back. */
static smart_tree *parse(const smart_measure *m, const smart_document *doc, void **ref,
			 smart_error *err)
{
	*ref = NULL;
	if (m->trees)
		return smart__tree_cache_get(m->trees, doc, m->format, ref, err);
	return smart_tree_parse(doc->data, doc->len, m->format, doc->name, err);
}

/* Frees a tree parse returned (NULL is allowed). */
static void unparse(const smart_measure *m, smart_tree *tree, void *ref)
{
	if (m->trees)
		smart__tree_cache_release(m->trees, tree, ref);
	else
		smart_tree_free(tree);
}

/* One document parsed on a thread of its own: what it is given and what
 * it gives back. */
typedef struct side_job {
	const smart_measure *m;
	const smart_document *doc;
	smart_tree *tree;
	void *ref;
	smart_error err; /* its own: the calling thread writes the other's */
} side_job;

/* The helper thread's work: parses job->doc into job->tree. */
static void *parse_on_side(void *arg)
{
	side_job *job = arg;

	job->tree = parse(job->m, job->doc, &job->ref, &job->err);
	return NULL;
}

/* Whether the pair is worth a second thread: asked for, a second core to
 * run it on, and both documents large enough to pay for its start. */
static int worth_a_thread(const smart_measure *m, const smart_document *old_doc,
			  const smart_document *new_doc)
{
	size_t smaller = old_doc->len < new_doc->len ? old_doc->len : new_doc->len;

	return m->side_by_side && smaller >= SIDE_BY_SIDE_MIN_BYTES && smart__pool_cores() > 1;
}

/* Parses the old document on a new thread and the new one on this thread.
 * 1 when the thread ran (t and err as smart__parse_pair says), 0 when it
 * could not start (nothing done: the caller parses both itself). */
static int parse_side_by_side(const smart_measure *m, const smart_document *old_doc,
			      const smart_document *new_doc, smart__pair_trees *t,
			      smart_error *err)
{
	side_job job = { .m = m, .doc = old_doc };
	pthread_t thread;
	int rc;

	/* libxml2 wants its process-wide set-up done before threads parse */
	smart_tree_parse_init();
	if (pthread_create(&thread, NULL, parse_on_side, &job) != 0)
		return 0;
	t->new_tree = parse(m, new_doc, &t->new_ref, err);
	rc = pthread_join(thread, NULL);
	assert(rc == 0);
	(void)rc;
	t->old_tree = job.tree;
	t->old_ref = job.ref;
	if (!t->old_tree) {
		/* the old document's error first, as one after the other */
		if (err)
			memcpy(err, &job.err, sizeof(*err));
		unparse(m, t->new_tree, t->new_ref);
		t->new_tree = NULL;
		t->new_ref = NULL;
	}
	return 1;
}

int smart__parse_pair(smart_measure *m, const smart_document *old_doc,
		      const smart_document *new_doc, smart__pair_trees *t, smart_error *err)
{
	memset(t, 0, sizeof(*t));
	m->parsed_side_by_side = worth_a_thread(m, old_doc, new_doc) &&
				 parse_side_by_side(m, old_doc, new_doc, t, err);
	if (!m->parsed_side_by_side) {
		t->old_tree = parse(m, old_doc, &t->old_ref, err);
		if (t->old_tree)
			t->new_tree = parse(m, new_doc, &t->new_ref, err);
	}
	if (t->old_tree && t->new_tree)
		return 0;
	smart__unparse_pair(m, t);
	return -1;
}

void smart__unparse_pair(const smart_measure *m, smart__pair_trees *t)
{
	unparse(m, t->new_tree, t->new_ref);
	unparse(m, t->old_tree, t->old_ref);
	memset(t, 0, sizeof(*t));
}
