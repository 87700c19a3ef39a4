/* Internal: the HTML report's fixed parts (classify/report_html_assets.c). */
#ifndef SMART_CLASSIFY_REPORT_HTML_H
#define SMART_CLASSIFY_REPORT_HTML_H

extern const char smart__report_css[];  /* the style sheet */
extern const char smart__report_tail[]; /* from the end of the table on: the script */

/* Where the changes view goes in the report's head: filled in by
 * smart_html_report_fill_changes from the rows, once they are all there
 * (an unsharded run's finish, or the merge of its shards). */
#define SMART__REPORT_CHANGES_MARK "<!--smart:changes-->"

#endif
