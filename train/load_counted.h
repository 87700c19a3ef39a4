/*
 * Loading corpora the way smart_eval_corpora and smart_train_corpora do
 * (train/load_counted.c): every unusable record is counted, the first one
 * kept and each passed on; without skip_bad they stop the work after
 * reading. Internal to train/.
 */
#ifndef SMART_TRAIN_LOAD_COUNTED_H
#define SMART_TRAIN_LOAD_COUNTED_H

#include "smart/train.h"

typedef struct smart__counted_load {
	smart_format format;        /* records without a "format" */
	unsigned threads;           /* 0: all cores */
	struct smart_shard_walk *shard; /* only this shard's records, or NULL */
	int skip_bad;               /* 0: an unusable record is an error */
	smart_bad_record_fn on_bad; /* each unusable record, or NULL */
	void *payload;              /* on_bad's ctx */
	size_t *bad;                /* out: unusable records of this load */
	smart_error *first_bad;     /* out: the first of them */
	void (*on_row)(void *ctx, size_t index); /* smart_load_options' */
	void *row_payload;          /* on_row's ctx */
	smart_progress_fn progress; /* after each record measured, or NULL */
	void *progress_ctx;         /* progress's ctx */
} smart__counted_load;

/* Loads the corpora into `t`. -1 with `err` set when reading failed (*bad
 * is then 0: what stopped it is not the records), or, unless skip_bad,
 * when a record was unusable (err is the first one). */
int smart__table_load_counted(smart_table *t, const char *const *paths, size_t n_paths,
			      const smart__counted_load *c, smart_error *err);

#endif
