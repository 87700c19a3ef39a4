/* Precision, recall, F1 and the LookCost/MissCost break-even ratio (SMART §4, §5). */
#include "smart/model.h"

#include <math.h>

void smart_confusion_add(smart_confusion *c, int predicted_inspect,
			 int truly_inspect)
{
	if (predicted_inspect && truly_inspect)
		c->tp++;
	else if (predicted_inspect)
		c->fp++;
	else if (truly_inspect)
		c->fn++;
	else
		c->tn++;
}

smart_scores smart_confusion_scores(const smart_confusion *c)
{
	smart_scores s = { 0, 0, 0 };

	if (c->tp + c->fp)
		s.precision = (double)c->tp / (double)(c->tp + c->fp);
	if (c->tp + c->fn)
		s.recall = (double)c->tp / (double)(c->tp + c->fn);
	if (s.precision + s.recall > 0)
		s.f1 = 2 * s.precision * s.recall / (s.precision + s.recall);
	return s;
}

double smart_break_even_ratio(const smart_confusion *c, size_t diff_flagged,
			      size_t annotated)
{
	/* SMART is cheaper than diff when
	 *   Look * (TP + FP + Annot) + Miss * FN < Look * |diff|,
	 * i.e. Look/Miss > FN / (|diff| - (TP + FP + Annot)). */
	double looked = (double)(c->tp + c->fp + annotated);
	double saved = (double)diff_flagged - looked;

	if (c->fn == 0)
		return 0;
	if (saved <= 0)
		return INFINITY;
	return (double)c->fn / saved;
}
