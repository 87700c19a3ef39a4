# Scores that rank (issue 35): with the default model as shipped, on every
# page taken here from the shipped corpora (two per application, every
# application with HTML pages), one value changed where no user sees it --
# a token in a <script>, the value of a hidden input, the content of a
# <meta> -- scores below one table row or list item deleted, a new error
# message and a changed link target on the same page. Each page is first
# given a script, a hidden input in a form and a meta element (in both
# trees of every pair), so that each variant differs from it by exactly one
# value; the words swapped ("compact" -> "spacious") are no volatile shape,
# so the hidden variants are residue the model scores, not scrubbed away:
# each must also score above the page compared with itself. Before the
# features were split by where an edit lies (features/visibility.c), a
# token in a <head> script scored about as high as a deleted row, above it
# on most pages. A number swapped for a number in a hidden input (what a
# clean rerun leaves, features/shape.c) scores below a blank line or a
# statement added to the script (what a fault leaves); at 659a7a1 the
# blank line scored below it on every page.
. "$(dirname "$0")/../cli/lib.sh"

CORPORA="$(cd "$(dirname "$0")/../.." && pwd)/corpora"

python3 - "$CORPORA" "$TMP/pairs.jsonl" "$TMP/pages" <<'EOF' || { echo "not ok - score_ranks_pages_built"; exit 0; }
import glob, gzip, json, re, sys

corpora, out, pages_out = sys.argv[1], sys.argv[2], sys.argv[3]
PER_APP, MAX_BYTES = 2, 400_000
HEAD = ('<meta name="description" content="ledger compact overview">'
        '<script>var rows = 25;\nvar layoutMode = "compact";</script>')
FORM = ('<form action="/search" method="get"><input type="hidden" name="view" value="compact">'
        '<input type="hidden" name="row" value="1042">'
        '<input type="text" name="q"><button>Search</button></form>')
ERROR = '<p class="error">Error: the record could not be saved.</p>'


def body_open(page):
    return re.search(r'<body\b[^>]*>', page, re.I)


def with_parts(page):
    """The page given a meta and a script in its head, a form with a hidden
    input at the start of its body; None when it has no body."""
    b = body_open(page)
    h = re.search(r'</head\s*>', page, re.I)
    if not b or not h or h.start() > b.start():
        return None
    return page[:h.start()] + HEAD + page[h.start():b.end()] + FORM + page[b.end():]


def without_one_item(page):
    """The page without its first table row or list item in the body that
    holds no other row or item (and has some text)."""
    start = body_open(page).end()
    for tag in ('tr', 'li'):
        for m in re.finditer(r'<%s\b[^>]*>(.*?)</%s\s*>' % (tag, tag), page[start:], re.I | re.S):
            inner = m.group(1)
            if re.search(r'<(tr|li)\b', inner, re.I) or not re.sub(r'<[^>]*>|\s', '', inner):
                continue
            return page[:start + m.start()] + page[start + m.end():]
    return None


def with_link_moved(page):
    """The page with its body's first link target changed, or None."""
    start = body_open(page).end()
    m = re.search(r'(<a\b[^>]*\bhref=")([^"#][^"]*)"', page[start:], re.I)
    if not m:
        return None
    at = start + m.end(2)
    return page[:at] + '-moved' + page[at:]


pairs, apps = [], {}
for f in sorted(glob.glob(corpora + '/*.jsonl*')):
    opener = gzip.open if f.endswith('.gz') else open
    with opener(f, 'rt', encoding='utf-8') as fh:
        for line in fh:
            r = json.loads(line)
            app, page = r['app'], r['old']
            if r.get('format', 'html') != 'html' or len(page) > MAX_BYTES:
                continue
            if apps.get(app, 0) >= PER_APP:
                continue
            if not body_open(page):  # a renderer's fragment, as a page shows it
                page = '<html><head><title>%s</title></head><body>%s</body></html>' % (app, page)
            base = with_parts(page)
            row = base and without_one_item(base)
            link = base and with_link_moved(base)
            if not row or not link:
                continue
            apps[app] = apps.get(app, 0) + 1
            b = body_open(base).end() + len(FORM)
            name = '%s/%s' % (app, r['test'])
            variants = [
                ('same', base),
                ('script', base.replace('"compact";</script>', '"spacious";</script>', 1)),
                ('hidden', base.replace('name="view" value="compact"', 'name="view" value="spacious"', 1)),
                ('meta', base.replace('content="ledger compact overview"',
                                      'content="ledger spacious overview"', 1)),
                ('script_blank', base.replace('var rows = 25;\n', 'var rows = 25;\n\n', 1)),
                ('script_statement', base.replace('var rows = 25;\n',
                                                  'var rows = 25;\nrows = rows * 2;\n', 1)),
                ('hidden_swap', base.replace('name="row" value="1042"', 'name="row" value="7315"', 1)),
                ('row', row),
                ('error', base[:b] + ERROR + base[b:]),
                ('link', link),
            ]
            for kind, new in variants:
                assert kind == 'same' or new != base, (name, kind)
                if kind == 'hidden_swap':  # its features are read one by one
                    k = sum(apps.values())
                    with open('%s.swap%d.old' % (pages_out, k), 'w') as o:
                        o.write(base)
                    with open('%s.swap%d.new' % (pages_out, k), 'w') as o:
                        o.write(new)
                pairs.append({'app': app, 'test': name + '#' + kind, 'format': 'html',
                              'old': base, 'new': new})
with open(out, 'w') as o:
    for p in pairs:
        o.write(json.dumps(p) + '\n')
with open(pages_out, 'w') as o:
    o.write('%d %d\n' % (len(apps), sum(apps.values())))
EOF

read -r n_apps n_pages <"$TMP/pages"
# the 27 applications of the shipped corpora but pytest-junit (JUnit XML):
# 26, phpMyAdmin, phpLDAPadmin and Request Tracker among them
if [ "$n_apps" -ge 25 ] && [ "$n_pages" -ge 50 ]; then echo "ok - score_ranks_pages_from_every_html_application"
else echo "not ok - score_ranks_pages_from_every_html_application ($n_apps applications, $n_pages pages)"; fi

"$SMART" classify --json --corpus "$TMP/pairs.jsonl" >"$TMP/scores.jsonl" 2>"$TMP/err"
status=$?
if [ "$status" -eq 1 ]; then echo "ok - score_ranks_pairs_classified"; else
	echo "not ok - score_ranks_pairs_classified (exit $status)"; head -n 5 "$TMP/err" | sed 's/^/#   /'; fi

# the swapped number's residue, page by page (batch JSON has no features)
for old in "$TMP"/pages.swap*.old; do
	"$SMART" features --json --html "$old" "${old%.old}.new" 2>>"$TMP/err" | tr -d '\n'
	echo
done >"$TMP/swaps.jsonl"

python3 - "$TMP/scores.jsonl" "$TMP/swaps.jsonl" <<'EOF'
import json, sys

scores = {}
for line in open(sys.argv[1]):
    r = json.loads(line)
    page, kind = r['test'].rsplit('#', 1)
    scores.setdefault(page, {})[kind] = r['score']
swaps = {}
for k, line in enumerate(open(sys.argv[2])):
    swaps['swap %d' % k] = json.loads(line)['features']['hidden_substitutions'] if line.strip() else 0


def check(name, bad):
    if bad:
        print('not ok - %s (%d pages, e.g. %s)' % (name, len(bad), bad[0]))
    else:
        print('ok - %s' % name)


hidden, seen = ('script', 'hidden', 'meta', 'script_blank', 'script_statement'), ('row', 'error', 'link')
check('one_hidden_value_changed_is_a_difference_the_model_scores',
      ['%s %s %.3f <= same %.3f' % (p, h, s[h], s['same'])
       for p, s in sorted(scores.items()) for h in hidden if not s[h] > s['same']])
for h in hidden:
    for v in seen:
        check('one_%s_value_changed_scores_below_one_%s_%s' % (
                  h, v, {'row': 'deleted', 'error': 'message_added', 'link': 'target_changed'}[v]),
              ['%s %.3f >= %.3f' % (p, s[h], s[v])
               for p, s in sorted(scores.items()) if not s[h] < s[v]])
# A clean rerun swaps a generated value for one of its shape; a fault that
# reaches a script adds a line or a statement (features/shape.c). The
# number swapped in the hidden input is residue on every page (no scrubber
# explains it), is no higher than the page against itself and below what
# a user sees, and the script's new blank line or statement scores above it.
check('a_hidden_number_swapped_is_a_same_shape_substitution',
      ['%s %g' % (p, n) for p, n in sorted(swaps.items()) if not n > 0] +
      (['%d swaps read for %d pages' % (len(swaps), len(scores))] if len(swaps) < len(scores) else []))
check('a_same_shape_swap_scores_no_lower_than_the_page_itself',
      ['%s %.3f < %.3f' % (p, s['hidden_swap'], s['same'])
       for p, s in sorted(scores.items()) if s['hidden_swap'] < s['same']])
for v in seen:
    check('a_same_shape_swap_scores_below_one_%s' % v,
          ['%s %.3f >= %.3f' % (p, s['hidden_swap'], s[v])
           for p, s in sorted(scores.items()) if not s['hidden_swap'] < s[v]])
for h in ('script_blank', 'script_statement'):
    check('a_%s_added_to_a_script_scores_above_a_same_shape_swap_in_a_hidden_input'
          % h.split('_')[1], ['%s %.3f <= %.3f' % (p, s[h], s['hidden_swap'])
                              for p, s in sorted(scores.items()) if not s[h] > s['hidden_swap']])
EOF
finish
