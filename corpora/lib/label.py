#!/usr/bin/env python3
"""The rules of corpora/ANNOTATION.md, automated.

label(old, new) -> (label or None, rule, explanation)

The guide's conservative rule: a pair is `ignore` only when every difference
is one the guide lists as definitely benign (rules W, F, M below); a pair with
a difference in what a reader sees or what a program consumes is `inspect`
(rules C, A); a pair whose only differences are in presentational attributes
the guide cannot judge without the page's stylesheet/scripts (rule U) stays
unlabelled (None) and out of training.
"""
import html.parser
import itertools
import re

try:
    import html5lib  # Debian python3-html5lib: HTML parsed as browsers do
except ImportError:
    raise SystemExit("label.py: the annotation guide reads HTML with html5lib "
                     "(apt-get install python3-html5lib)")

# Elements whose whitespace is content (rule W does not apply inside them):
# preformatted text, and code-like inline elements, whose text is literal
# (sites commonly style inline code with white-space: pre; a space inside a
# code span is part of the code).  CSS in <style> ignores whitespace between
# tokens; scripts do not (automatic semicolon insertion).
PRE = {"pre", "textarea", "script", "listing", "xmp", "plaintext",
       "code", "kbd", "samp", "tt"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link",
        "meta", "param", "source", "track", "wbr"}
# Boolean attributes: present or absent is all they say, so `checked`,
# `checked=""` and `checked="checked"` are one spelling (rule F).
BOOLEAN = {"allowfullscreen", "async", "autofocus", "autoplay", "checked", "controls",
           "default", "defer", "disabled", "formnovalidate", "hidden", "inert", "ismap",
           "itemscope", "loop", "multiple", "muted", "nomodule", "novalidate", "open",
           "playsinline", "readonly", "required", "reversed", "selected"}
# Attributes whose value only affects presentation/identity (rule U).
PRESENTATIONAL = {"class", "id", "style", "lang", "dir"}


class _Tok(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.toks = []

    def handle_starttag(self, tag, attrs):
        self.toks.append(("start", tag, tuple(attrs)))
        if tag in VOID:
            self.toks.append(("end", tag))

    def handle_startendtag(self, tag, attrs):
        self.toks.append(("start", tag, tuple(attrs)))
        self.toks.append(("end", tag))

    def handle_endtag(self, tag):
        if tag in VOID:
            return                    # <br></br> forms: end already emitted
        self.toks.append(("end", tag))

    def handle_data(self, data):
        if self.toks and self.toks[-1][0] == "text":
            self.toks[-1] = ("text", self.toks[-1][1] + data)
        else:
            self.toks.append(("text", data))

    def handle_comment(self, data):
        self.toks.append(("comment", data))

    def handle_decl(self, decl):
        self.toks.append(("decl", decl))

    def handle_pi(self, data):
        self.toks.append(("pi", data))

    def unknown_decl(self, data):
        self.toks.append(("decl", data))


def _xml_tokens(doc):
    p = _Tok()
    p.feed(doc)
    p.close()
    return p.toks


def _html_tokens(doc):
    """The document as a browser builds it (html5lib: the WHATWG parsing
    algorithm), walked into the tokens _Tok gives: an end tag the markup
    leaves out (`</li>`, `</p>`, `</td>`) is the one the parser implies, as
    ANNOTATION.md asks ("read the outputs as a browser would")."""
    toks = []
    tree = html5lib.parse(doc, treebuilder="dom")
    for t in html5lib.getTreeWalker("dom")(tree):
        kind = t["type"]
        if kind in ("StartTag", "EmptyTag"):
            attrs = tuple((name, value) for (_, name), value in t["data"].items())
            toks.append(("start", t["name"], attrs))
            if kind == "EmptyTag":
                toks.append(("end", t["name"]))
        elif kind == "EndTag":
            toks.append(("end", t["name"]))
        elif kind in ("Characters", "SpaceCharacters"):
            if toks and toks[-1][0] == "text":
                toks[-1] = ("text", toks[-1][1] + t["data"])
            else:
                toks.append(("text", t["data"]))
        elif kind == "Comment":
            toks.append(("comment", t["data"]))
        elif kind == "Doctype":
            ids = " ".join('"%s"' % i for i in (t.get("publicId"), t.get("systemId")) if i)
            toks.append(("decl", ("DOCTYPE %s %s" % (t["name"] or "", ids)).strip()))
    return toks


def tokens(doc, fmt="html"):
    """The token list of a document: an HTML page as a browser parses it,
    XML by its literal tags."""
    return _html_tokens(doc) if fmt == "html" else _xml_tokens(doc)


BLOCK = {"html", "head", "body", "title", "meta", "link", "p", "div", "ul", "ol",
         "li", "dl", "dt", "dd", "table", "thead", "tbody", "tfoot", "tr", "td", "th",
         "caption", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "hr",
         "br", "section", "article", "nav", "aside", "header", "footer", "main",
         "figure", "figcaption", "form", "fieldset", "address", "details",
         "summary", "colgroup", "col", "style", "script", "noscript", "base"}


SPACE = "[ \t\r\n\f]"
SPACE_CHARS = re.compile(SPACE)


def _ws(toks):
    """Rule W: whitespace outside whitespace-significant elements is layout.
    Between two block boundaries the text renders as one flow in which every
    whitespace run is one space and leading/trailing space vanishes; inline
    tags sit at a position counted in non-space characters, so a space moved
    across a tag boundary (`a <b>x` / `a<b> x`) is the same rendering."""
    out, depth, text, tags = [], 0, [], []
    solid = [0]  # non-space characters of the flow so far: a tag's position

    def flush():
        s = re.sub(SPACE + "+", " ", "".join(text)).strip(" ")
        if s or tags:
            out.append(("flow", s, tuple(tags)))
        text.clear()
        tags.clear()
        solid[0] = 0

    for t in toks:
        if depth:
            out.append(t)
            if t[0] == "start" and t[1] in PRE:
                depth += 1
            elif t[0] == "end" and t[1] in PRE:
                depth -= 1
            continue
        if t[0] == "text":
            text.append(t[1])
            solid[0] += len(t[1]) - len(SPACE_CHARS.findall(t[1]))
        elif t[0] in ("start", "end") and t[1] not in BLOCK and t[1] not in PRE:
            tags.append((solid[0], t))
        else:
            flush()
            out.append(t)
            if t[0] == "start" and t[1] in PRE:
                depth = 1
    flush()
    return out


def _form(toks):
    """Rule F: markup spelling (attribute order/quoting/case, entity vs
    character, empty-element forms, doctype spelling) is not content."""
    out = []
    for t in toks:
        if t[0] == "start":
            out.append(("start", t[1], tuple(sorted(
                (k.lower(), k.lower() if v is None or k.lower() in BOOLEAN else v)
                for k, v in t[2]))))
        elif t[0] == "decl":
            out.append(("decl", re.sub(r"\s+", " ", t[1].lower().strip())))
        else:
            out.append(t)
    return out


def _is_meta_generator(t):
    if t[0] != "start" or t[1] != "meta":
        return False
    a = dict(t[2])
    return (a.get("name") or "").lower() in ("generator", "date", "created", "modified")


# A visible generator stamp: "Documentation generated by <a>JSDoc 4.0.0</a>",
# "Built with MkDocs 1.4.2", "Powered by Hugo v0.111".
STAMP_RE = re.compile(r"(?i)\b(generated|built|created|made|powered|rendered|produced|"
                      r"compiled)\s+(by|with|using|on)\b")
VERSION_RE = re.compile(r"\bv?\d+(?:\.\d+)+(?:[-+~][0-9A-Za-z.]+)?\b")


def _stamp_versions(toks):
    """The version numbers of a visible generator stamp: from a "generated
    by / built with / powered by" phrase to the end of its block."""
    out, in_stamp = [], False
    for t in toks:
        if t[0] in ("start", "end") and t[1] in BLOCK:
            in_stamp = False
        if t[0] == "text":
            text = t[1]
            m = STAMP_RE.search(text)
            if in_stamp or m:
                start = 0 if in_stamp else m.end()
                text = text[:start] + VERSION_RE.sub("<version>", text[start:])
                in_stamp = True
            t = ("text", text)
        out.append(t)
    return out


def _meta(toks):
    """Rule M: comments, generator/date meta data (HTML's <meta
    name="generator">, a feed's <generator>) and processing instructions
    are invisible to the reader and to consumers; the generator's version
    in a visible "generated by" stamp is the same metadata written out."""
    out, skip_end, in_feed_generator = [], False, False
    for t in _stamp_versions(toks):
        if t[0] in ("comment", "pi"):
            continue
        if t[:2] in (("start", "generator"), ("end", "generator")):
            in_feed_generator = t[0] == "start"   # Atom/RSS <generator>
            continue
        if in_feed_generator:
            continue
        if _is_meta_generator(t):
            skip_end = True
            continue
        if skip_end and t == ("end", "meta"):
            skip_end = False
            continue
        skip_end = False
        out.append(t)
    return out


_DAY = r"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\.?"
_MON = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?"
_TIME = r"\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s*[AaPp]\.?[Mm]\.?)?"
_ZONE = r"(?:\s*(?:GMT[+-]\d{4}(?:\s*\([^)]*\))?|Z|UTC|GMT|[A-Z]{2,4}T|[+-]\d{2}:?\d{2}))?"
DATE_RE = re.compile("|".join([
    # ctime / JS Date.toString: Tue Nov 14 22:13:20 2023, Tue Nov 14 2023 22:13:20 GMT+0000 (..)
    _DAY + r",?\s+" + _MON + r"\s+\d{1,2}(?:,?\s+\d{4})?(?:\s+" + _TIME + r")?(?:\s+\d{4})?" + _ZONE,
    # ISO 8601: 2023-11-14, 2023-11-14T22:13:20Z
    r"\d{4}-\d{2}-\d{2}(?:[T ]" + _TIME + r")?" + _ZONE,
    # 14 Nov 2023, Nov 14, 2023, November 2023
    r"\d{1,2}\s+" + _MON + r"\s+\d{4}", _MON + r"\s+\d{1,2},?\s+\d{4}",
    # 11/14/2023, 14.11.2023
    r"\d{1,2}[/.]\d{1,2}[/.]\d{2,4}",
    # a bare time of day: 22:13:20, 10:13 PM (+ zone)
    r"\b" + _TIME + _ZONE,
]))
DATE_ATTRS = {"datetime"}


def _dates(toks):
    """Rule D: a date or time of day (the moment of the run, a file's
    modification time) is not content."""
    out = []
    for t in toks:
        if t[0] == "text":
            out.append(("text", DATE_RE.sub("<date>", t[1])))
        elif t[0] == "start" and any(k in DATE_ATTRS for k, _ in t[2]):
            out.append(("start", t[1], tuple((k, "<date>" if k in DATE_ATTRS else v)
                                              for k, v in t[2])))
        else:
            out.append(t)
    return out


def _strip_attrs(toks, keep):
    out = []
    for t in toks:
        if t[0] == "start":
            out.append(("start", t[1], tuple((k, v) for k, v in t[2] if keep(k))))
        else:
            out.append(t)
    return out


def label(old, new, fmt="html"):
    """Label one pair of format `fmt` ("html" or "xml") by the guide;
    returns (label|None, rule, why)."""
    if old == new:
        return None, "same", "outputs identical"
    try:
        a, b = tokens(old, fmt), tokens(new, fmt)
    except Exception as e:  # html.parser is lenient; be safe anyway
        return None, "unparsed", "tokenizer failed: %s" % e
    if a == b:
        return "ignore", "F", "same tokens; only markup spelling differs"
    rules = [("F", _form), ("M", _meta), ("D", _dates), ("W", _ws)]
    names = {"W": "layout whitespace", "F": "markup spelling",
             "M": "comments/generator metadata", "D": "dates/times"}
    # The smallest set of benign rules that explains every difference.
    for size in range(1, len(rules) + 1):
        for combo in itertools.combinations(rules, size):
            x, y = a, b
            for _, fn in combo:
                x, y = fn(x), fn(y)
            if x == y:
                used = [n for n, _ in combo]
                return "ignore", "+".join(used), "differences are only " + \
                    ", ".join(names[u] for u in used)
    # Not benign.  Compare what remains after the benign rules F and M.
    a, b = _meta(_form(a)), _meta(_form(b))
    keep = lambda k: k not in PRESENTATIONAL and not k.startswith("data-")
    if _ws(_strip_attrs(a, keep)) == _ws(_strip_attrs(b, keep)):
        return None, "U", "only class/id/style/data-* attribute values differ"
    def visible(x):
        return [t[1] for t in _ws(x) if t[0] in ("flow", "text") and t[1]]

    def shape(x):
        return [t[:2] for t in x if t[0] in ("start", "end")]
    if visible(a) != visible(b):
        return "inspect", "C", "visible text differs"
    if shape(a) != shape(b):
        return "inspect", "C", "element structure differs"
    none = lambda k: False
    if _ws(_strip_attrs(a, none)) != _ws(_strip_attrs(b, none)):
        return "inspect", "C", "extent of inline markup differs"
    return "inspect", "A", "functional attribute differs"


if __name__ == "__main__":
    import sys
    o = open(sys.argv[1], encoding="utf-8", errors="replace").read()
    n = open(sys.argv[2], encoding="utf-8", errors="replace").read()
    print(label(o, n, "xml" if sys.argv[1].endswith(".xml") else "html"))
