/* Internal: the HTML report's fixed parts (classify/report_html_assets.c). */
#ifndef SMART_CLASSIFY_REPORT_HTML_H
#define SMART_CLASSIFY_REPORT_HTML_H

extern const char smart__report_css[];  /* the style sheet */
extern const char smart__report_tail[]; /* from the end of the table on: the script */

#endif
