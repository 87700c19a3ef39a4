/*
 * smart — the public API of libsmart: a machine-learned oracle comparator
 * for tree-structured (HTML/XML) test output. Each module has its own
 * header under smart/; this one includes them all.
 */
#ifndef SMART_H
#define SMART_H

#include "smart/version.h"
#include "smart/progress.h"
#include "smart/error.h"
#include "smart/file.h"
#include "smart/shard.h"
#include "smart/limits.h"
#include "smart/html_parser.h"
#include "smart/tree.h"
#include "smart/diffx.h"
#include "smart/compare.h"
#include "smart/shapes.h"
#include "smart/scrub.h"
#include "smart/accepted.h"
#include "smart/profile.h"
#include "smart/features.h"
#include "smart/feature_means.h"
#include "smart/tree_write.h"
#include "smart/tree_dump.h"
#include "smart/patch.h"
#include "smart/plot.h"
#include "smart/model.h"
#include "smart/corpus.h"
#include "smart/train.h"
#include "smart/measure.h"
#include "smart/signature.h"
#include "smart/profile_set.h"
#include "smart/eval.h"
#include "smart/train_corpora.h"
#include "smart/value_model.h"
#include "smart/classify.h"
#include "smart/explain.h"
#include "smart/replay.h"
#include "smart/mutate.h"
#include "smart/perturb.h"

#endif
