#!/usr/bin/env python3
"""Clean reruns of the hand-made applications, for volatility profiles
(docs/profile.md): writes OUT/APP/runs/run-K/TEST.html for K = 1..3, every
test of corpora/handmade.jsonl rendered by the same clean page generator
with what varies between two runs of such an application: the generation
stamp, the session id, the visitor counter and the rotating banner.

    python3 corpora/handmade/runs.py OUT_DIR
    smart eval --by-app --runs OUT_DIR --calibrate corpora/handmade.jsonl
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate  # noqa: E402  (the page generator of the hand-made corpus)

def main():
    out = sys.argv[1]
    rng = random.Random(20261121)
    generate.rng.seed(20261121)  # stamp() and session() draw from it
    for app in generate.APPS:
        for i, (name, _label, _change) in enumerate(generate.CHANGES):
            for variant in range(2):
                test = "%s-%02d%s" % (app, i, "ab"[variant])
                sentences, n_items = rng.randint(1, 4), rng.randint(3, 8)
                for k in range(1, 4):
                    html = generate.page(app, i + variant, when=generate.stamp(),
                                         sid=generate.session(),
                                         visitors=rng.randint(100, 900),
                                         sentences=sentences, n_items=n_items,
                                         banner=rng.choice(["summer", "winter", "spring"]))
                    d = os.path.join(out, app, "runs", "run-%d" % k)
                    os.makedirs(d, exist_ok=True)
                    with open(os.path.join(d, test + ".html"), "w", encoding="utf-8") as f:
                        f.write(html)

if __name__ == "__main__":
    main()
