#!/usr/bin/env python3
"""The pelican corpus's blog: Debian change logs and README files turned into
a Pelican content folder.

  site.py DOCDIR DEST [PACKAGE ...]

DOCDIR is /usr/share/doc (of Debian bookworm packages installed by
generate.sh).  Each entry of a package's changelog.Debian.gz becomes one
dated article: title "SOURCE VERSION", the maintainer from the trailer as the
author, the package as the category, the distribution, the urgency and a
team word as tags, the first change as the summary.  Entries for UNRELEASED
are drafts; every ninth entry carries no date (Pelican takes the file's
modification time, DEFAULT_DATE = 'fs'); the date is written without its UTC
offset, so Pelican reads it in the site's TIMEZONE.  Packages listed in RST
are written as reStructuredText, the others as Markdown.  A few README files
become pages.  Nothing is random: the same inputs give the same folder.
"""
import gzip
import os
import re
import sys
from email.utils import parsedate_tz

RST = {"python3-docutils", "python3-tz", "faketime", "python3-blinker"}
MAX_ENTRIES = 16
HEAD = re.compile(r"^(\S+) \(([^)]+)\) ([^;]+); urgency=(\w+)")
TRAIL = re.compile(r"^ -- (.*?) <([^>]*)>  (.*)$")


def entries(text):
    cur = None
    for line in text.splitlines():
        m = HEAD.match(line)
        if m:
            cur = {"source": m.group(1), "version": m.group(2),
                   "dist": m.group(3).split()[0], "urgency": m.group(4), "body": []}
            continue
        if cur is None:
            continue
        m = TRAIL.match(line)
        if m:
            cur["author"], cur["email"] = m.group(1).strip(), m.group(2)
            t = parsedate_tz(m.group(3).strip())
            cur["date"] = ("%04d-%02d-%02d %02d:%02d:%02d" % t[:6]) if t else None
            yield cur
            cur = None
            continue
        cur["body"].append(line)


def slug(s):
    return re.sub(r"[^a-z0-9]+", "-", s.lower()).strip("-")


def md_body(lines):
    out = []
    for line in lines:
        if not line.strip():
            out.append("")
            continue
        s = line[2:] if line.startswith("  ") else line.lstrip()
        m = re.match(r"^\[ (.*) \]$", s.strip())
        if m:
            out += ["", "**%s**" % m.group(1), ""]
        elif s.startswith("* "):
            out.append("- " + s[2:])
        elif re.match(r"^  +[-+*] ", s):
            out.append("    - " + s.strip()[2:])
        else:
            out.append("  " + s.strip())
    return "\n".join(out).strip() + "\n"


def first_change(lines):
    text = " ".join(l.strip() for l in lines if l.strip())
    m = re.search(r"\* (.+?)(?= \* | - | \[ |$)", text)
    return (m.group(1) if m else text)[:160]


def write_article(dest, pkg, i, e, fmt):
    tags = [e["dist"].split("-")[0], "urgency-" + e["urgency"]]
    tags.append("python" if pkg.startswith("python3-") else "tools")
    meta = [("title", "%s %s" % (e["source"], e["version"])),
            ("slug", slug("%s-%s" % (pkg, e["version"]))),
            ("category", pkg), ("tags", ", ".join(tags)),
            ("authors", e["author"]), ("summary", first_change(e["body"]))]
    if e["date"] and i % 9 != 4:
        meta.insert(1, ("date", e["date"]))
    if e["dist"].upper() == "UNRELEASED" or i % 13 == 7:
        meta.append(("status", "draft"))
    name = os.path.join(dest, "content", pkg, "%02d-%s.%s" % (i, slug(e["version"]), fmt))
    os.makedirs(os.path.dirname(name), exist_ok=True)
    with open(name, "w", encoding="utf-8") as f:
        if fmt == "md":
            for k, v in meta:
                f.write("%s: %s\n" % (k.capitalize(), v))
            f.write("\n" + md_body(e["body"]))
            f.write("\nUploaded by %s &lt;%s&gt;.\n" % (e["author"], e["email"]))
        else:
            title = meta[0][1]
            f.write("%s\n%s\n\n" % (title, "#" * len(title)))
            for k, v in meta[1:]:
                f.write(":%s: %s\n" % (k, v))
            f.write("\nChanges in this upload::\n\n")
            for line in e["body"]:
                f.write(("    " + line).rstrip() + "\n")
            f.write("\nUploaded by %s <%s>.\n" % (e["author"], e["email"]))


PAGES = [  # (file under DOCDIR, page title, format)
    ("pelican/README.Debian", "Pelican in Debian", "txt"),
    ("python3-markdown/README.Debian", "Python-Markdown in Debian", "txt"),
    ("python3-docutils/README.txt.gz", "Docutils", "rst"),
    ("python3-tz/README.rst.gz", "pytz", "rst"),
    ("python3-rich/README.md.gz", "Rich", "md"),
    ("python3-docutils/BUGS.txt.gz", "Docutils bugs", "rst"),
]


def read(path):
    op = gzip.open if path.endswith(".gz") else open
    with op(path, "rt", encoding="utf-8", errors="replace") as f:
        return f.read()


def main():
    docdir, dest, pkgs = sys.argv[1], sys.argv[2], sys.argv[3:]
    n = 0
    for pkg in pkgs:
        text = read(os.path.join(docdir, pkg, "changelog.Debian.gz"))
        for i, e in enumerate(entries(text)):
            if i >= MAX_ENTRIES:
                break
            write_article(dest, pkg, i, e, "rst" if pkg in RST else "md")
            n += 1
    os.makedirs(os.path.join(dest, "content", "pages"), exist_ok=True)
    for path, title, fmt in PAGES:
        full = os.path.join(docdir, path)
        if not os.path.exists(full) or path.split("/")[0] not in pkgs:
            continue
        text = read(full)
        name = os.path.join(dest, "content", "pages", slug(title) + (".rst" if fmt == "rst" else ".md"))
        with open(name, "w", encoding="utf-8") as f:
            if fmt == "rst":
                # the document's own title and fields; its $Date$ keyword is
                # not a date Pelican can read
                f.write(re.sub(r"(?m)^:(Date|Revision): .*\n", "", text))
            else:
                f.write("Title: %s\nSlug: %s\n\n" % (title, slug(title)) + text)
        n += 1
    print(n)


if __name__ == "__main__":
    main()
