/* Classifying one pair of documents (include/smart/classify.h). */
#include "smart/classify.h"

#include <math.h>

#include "smart/train.h"

int smart_classify_documents(const smart_model *model, const char *old_doc,
			     size_t old_len, const char *old_name,
			     const char *new_doc, size_t new_len,
			     const char *new_name, smart_format format,
			     double *values, int *inspect, double *score,
			     smart_error *err)
{
	return smart_classify_documents_profiled(model, NULL, NULL, old_doc, old_len, old_name,
						 new_doc, new_len, new_name, format, values,
						 inspect, score, err);
}

int smart_classify_documents_profiled(const smart_model *model,
				      const struct smart_profile *profile,
				      const char *test, const char *old_doc,
				      size_t old_len, const char *old_name,
				      const char *new_doc, size_t new_len,
				      const char *new_name, smart_format format,
				      double *values, int *inspect, double *score,
				      smart_error *err)
{
	smart_measure m = { values, 0, 0, profile, test };

	if (smart_measure_documents(old_doc, old_len, old_name, new_doc, new_len,
				    new_name, format, &m, err))
		return -1;
	*inspect = smart_model_decide(model, values, score);
	/* Byte-identical outputs never need a look, whatever the model says. */
	if (!m.bytes_differ)
		*inspect = 0;
	return 0;
}
