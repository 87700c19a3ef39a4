#!/usr/bin/env python3
"""Writes the content of the eleventy corpus's blog from unpacked npm packages.

  site.py PACKAGES_DIR SITE_DIR [POSTS_PER_PACKAGE]

PACKAGES_DIR holds one unpacked npm package per folder.  Every change-log
section whose heading names a version and a date becomes a dated post
(SITE_DIR/posts/NAME-VERSION.md, tagged with the package's name; the newest
POSTS_PER_PACKAGE of each package); every README becomes an undated package
page (SITE_DIR/packages/NAME.md, dated by eleventy from the file itself).
"""
import json
import os
import re
import sys

MONTHS = {m: i for i, m in enumerate(
    "january february march april may june july august september october november december".split(), 1)}
ISO = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
LONG = re.compile(r"\b([A-Z][a-z]+) (\d{1,2}), (\d{4})\b")
VERSION = re.compile(r"v?(\d+\.\d+\.\d+)")


def heading_date(line):
    m = ISO.search(line)
    if m:
        return "%s-%s-%s" % m.groups()
    m = LONG.search(line)
    if m and m.group(1).lower() in MONTHS:
        return "%s-%02d-%02d" % (m.group(3), MONTHS[m.group(1).lower()], int(m.group(2)))
    return None


def sections(text):
    """(version, date, body) for each dated version heading, in file order."""
    lines = text.splitlines()
    starts = []
    for i, line in enumerate(lines):
        under = i + 1 < len(lines) and re.fullmatch(r"=+|-+", lines[i + 1].strip() or "x")
        if not (line.startswith("#") or under):
            continue
        v, d = VERSION.search(line), heading_date(line)
        if v and d:
            starts.append((i, v.group(1), d, 2 if under else 1))
    out = []
    for k, (i, v, d, skip) in enumerate(starts):
        end = starts[k + 1][0] if k + 1 < len(starts) else len(lines)
        body = "\n".join(lines[i + skip:end]).strip("\n")
        if body.strip():
            out.append((v, d, body))
    return out


def front(**kw):
    return "---\n" + "".join("%s: %s\n" % (k, json.dumps(v)) for k, v in kw.items()) + "---\n"


def main():
    src, dest = sys.argv[1], sys.argv[2]
    per = int(sys.argv[3]) if len(sys.argv) > 3 else 12
    os.makedirs(os.path.join(dest, "posts"), exist_ok=True)
    os.makedirs(os.path.join(dest, "packages"), exist_ok=True)
    for name in sorted(os.listdir(src)):
        pdir = os.path.join(src, name)
        files = {f.lower(): os.path.join(pdir, f) for f in os.listdir(pdir)}
        with open(os.path.join(pdir, "package.json"), encoding="utf-8") as f:
            meta = json.load(f)
        if "readme.md" in files:
            with open(files["readme.md"], encoding="utf-8") as f:
                body = f.read()
            with open(os.path.join(dest, "packages", name + ".md"), "w", encoding="utf-8") as f:
                f.write(front(title=name, description=meta.get("description", ""),
                              version=meta["version"]) + "\n" + body)
        for log in ("changelog.md", "history.md", "changes.md"):
            if log not in files:
                continue
            with open(files[log], encoding="utf-8") as f:
                secs = sections(f.read())
            for v, d, body in secs[:per]:
                slug = "%s-%s" % (name, v.replace(".", "-"))
                with open(os.path.join(dest, "posts", slug + ".md"), "w", encoding="utf-8") as f:
                    f.write(front(title="%s %s released" % (name, v), date=d, tags=[name],
                                  package=name) + "\n" + body + "\n")
            break


if __name__ == "__main__":
    main()
