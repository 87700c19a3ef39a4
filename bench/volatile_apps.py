#!/usr/bin/env python3
"""A small generated evaluation set for volatility profiles (docs/profile.md):
three web applications whose clean output varies from run to run in ways
that look like faults to structural features — a rotating "featured product"
box (SMART §7.2.2's PrestaShop), a random "latest comments" list of 3 to 5
items with relative times (Sprenkle et al. 2007's DSpace), hidden fields in
hash order with a session UUID and a build path — plus the usual clocks and
tokens. Writes

    OUT/volatile-apps.jsonl      rerun pairs (ignore) and faults (inspect)
    OUT/APP/runs/run-K/TEST.html three further clean runs per application

    python3 bench/volatile_apps.py OUT
    smart eval --by-app --runs OUT --calibrate OUT/volatile-apps.jsonl

The clean runs used for profiles are generated apart from the scored pairs."""
import json
import os
import random
import sys

PRODUCTS = ["Red shoes", "Blue hat", "Green scarf", "Leather belt", "Wool socks",
            "Rain coat", "Sun glasses", "Silk tie", "Canvas bag", "Denim jacket"]
WORDS = ["great", "service", "fast", "delivery", "would", "buy", "again", "thanks",
         "price", "quality", "support", "late", "box", "fine", "nice"]
USERS = ["ann", "bob", "carla", "dev", "eve", "farid", "gus", "hana"]
FIELDS = ["step", "origin", "cart", "locale", "ref", "mode"]


def clock(rng):
    return "2026-%02d-%02d %02d:%02d:%02d" % (rng.randint(1, 12), rng.randint(1, 28),
                                              rng.randint(0, 23), rng.randint(0, 59),
                                              rng.randint(0, 59))


def token(rng):
    while True:
        t = "%024x" % rng.getrandbits(96)
        if any(c.isalpha() for c in t) and any(c.isdigit() for c in t):
            return t


def store(rng, test, noise, fault=None):
    k = int(test[-2:])
    rows = [(PRODUCTS[(k + j) % len(PRODUCTS)], 10 + 3 * j + k) for j in range(4)]
    if fault == "price":
        rows[1] = (rows[1][0], rows[1][1] + 1)
    if fault == "row":
        rows = rows[:-1]
    feat = noise["featured"]
    nav = '<a href="/catalog">Catalog</a> <a href="/cart">Cart</a>'
    if fault == "link":
        nav = nav.replace("/cart", "/cartt")
    inputs = '<input type="hidden" name="csrf" value="%s"><input type="number" name="qty" value="1">' % noise["token"]
    if fault == "input":
        inputs = '<input type="hidden" name="csrf" value="%s">' % noise["token"]
    err = '<div class="alert">Error: could not reach the payment service</div>' if fault == "error" else ""
    title = "Product list %d" % k if fault != "placeholder" else "Product list undefined"
    return ("<!DOCTYPE html><html><head><title>%s</title></head><body>"
            '<div id="nav">%s</div>%s<h1>%s</h1>'
            '<div id="featured"><h3>Featured: %s</h3><a href="/product/%d"><img src="/img/%d.jpg" alt="%s"></a>'
            "<p>Only %d left</p></div>"
            '<table id="products">%s</table>'
            '<form id="buy" action="/cart/add" method="post">%s<button>Add</button></form>'
            '<div id="footer"><p>Page generated %s</p></div></body></html>'
            % (title, nav, err, title, feat[0], feat[1], feat[1], feat[0], feat[2],
               "".join("<tr><td>%s</td><td>%d EUR</td></tr>" % r for r in rows),
               inputs, noise["clock"]))


def news(rng, test, noise, fault=None):
    k = int(test[-2:])
    paras = ["Story %d paragraph %d: %s." % (k, j, " ".join(WORDS[(k + j + i) % len(WORDS)] for i in range(8)))
             for j in range(3)]
    if fault == "paragraph":
        paras = paras[:-1]
    heading = "Story number %d" % k if fault != "heading" else "Story numbr %d" % k
    more = '<a href="/stories/%d">More</a>' % (k + 1)
    if fault == "link":
        more = '<a href="/stories/%d">More</a>' % (k + 2)
    title = heading if fault != "placeholder" else "{{ story.title }}"
    comments = "".join("<li><b>%s</b> %s <i>%s</i></li>" % c for c in noise["comments"])
    return ("<!DOCTYPE html><html><head><title>%s</title></head><body>"
            '<h1>%s</h1><div id="story">%s</div>%s'
            '<ul id="comments">%s</ul>'
            '<div id="footer"><p>newsgen %s</p></div></body></html>'
            % (title, heading, "".join("<p>%s</p>" % p for p in paras), more, comments,
               noise["version"]))


def dash(rng, test, noise, fault=None):
    k = int(test[-2:])
    stats = [("Users", 100 + k), ("Orders", 40 + 2 * k), ("Returns", k % 7)]
    if fault == "stat":
        stats[1] = (stats[1][0], stats[1][1] * 2)
    hidden = "".join('<input type="hidden" name="%s" value="%s">' % (f, f[:2]) for f in noise["order"])
    field = '<input type="text" name="query">' if fault != "input" else '<input type="text" name="qeury">'
    button = "<button>Search</button>" if fault != "button" else ""
    trace = "<pre>Traceback (most recent call last):\n  File x.py</pre>" if fault == "error" else ""
    return ("<!DOCTYPE html><html><head><title>Dashboard %d</title></head><body>"
            "<h1>Dashboard %d</h1>%s"
            '<table id="stats">%s</table>'
            '<form id="search" action="/search">%s%s%s</form>'
            '<div id="footer"><p>Session %s</p><p>Built from %s</p></div></body></html>'
            % (k, k, trace, "".join("<tr><td>%s</td><td>%d</td></tr>" % s for s in stats),
               hidden, field, button, noise["uuid"], noise["path"]))


def noise_for(rng):
    p = rng.randrange(len(PRODUCTS))
    u = "%032x" % rng.getrandbits(128)
    order = FIELDS[:]
    rng.shuffle(order)
    return {
        "clock": clock(rng), "token": token(rng),
        "featured": (PRODUCTS[p], 100 + p, rng.randint(1, 9)),
        "comments": [(rng.choice(USERS), " ".join(rng.sample(WORDS, 4)),
                      "%d %s ago" % (rng.randint(1, 59), rng.choice(["minutes", "hours", "days"])))
                     for _ in range(rng.randint(3, 5))],
        "version": "3.%d.%d" % (rng.randint(0, 9), rng.randint(0, 20)),
        "uuid": "%s-%s-%s-%s-%s" % (u[:8], u[8:12], u[12:16], u[16:20], u[20:]),
        "path": "/home/ci/build-%d/dash/app.py" % rng.randint(1000, 9999),
        "order": order,
    }


APPS = {
    "store": (store, ["price", "row", "link", "input", "error", "placeholder"]),
    "news": (news, ["paragraph", "heading", "link", "placeholder"]),
    "dash": (dash, ["stat", "input", "button", "error"]),
}


def main():
    out = sys.argv[1]
    rng = random.Random(20261121)
    records = []
    for app, (page, faults) in APPS.items():
        tests = ["%s-%02d" % (app, k) for k in range(16)]
        for t in tests:
            for run in range(1, 4):
                d = os.path.join(out, app, "runs", "run-%d" % run)
                os.makedirs(d, exist_ok=True)
                with open(os.path.join(d, t + ".html"), "w") as f:
                    f.write(page(rng, t, noise_for(rng)))
            old = page(rng, t, noise_for(rng))
            records.append({"app": app, "test": t + ".html", "format": "html", "old": old,
                            "new": page(rng, t, noise_for(rng)), "label": "ignore",
                            "origin": "rerun", "note": "clean rerun"})
            for fault in rng.sample(faults, 2):
                records.append({"app": app, "test": t + ".html", "format": "html", "old": old,
                                "new": page(rng, t, noise_for(rng), fault), "label": "inspect",
                                "origin": "perturb", "note": fault})
    with open(os.path.join(out, "volatile-apps.jsonl"), "w") as f:
        for r in records:
            f.write(json.dumps(r) + "\n")
    print("wrote %d pairs and 3 clean runs of %d applications to %s" % (len(records), len(APPS), out))


if __name__ == "__main__":
    main()
