"""An adapted model in the Python binding (bindings/python/smart/__init__.py):
what `smart train --adapt` carries -- a profile and accepted change classes
(docs/model-format.md) -- decides in classify() as it does in `smart
classify`, and a pair measured with a profile is decided at the model's
profile cutoff."""
import json
import os
from pathlib import Path

import pytest

import smart

ROWS = "<tr><td>Kettle</td><td>24.00</td></tr><tr><td>Toaster</td><td>31.50</td></tr>"


def page(token, extra=""):
    """An order page whose reference token changes from run to run."""
    return ("<!DOCTYPE html>\n<html><head><title>Orders</title></head><body>\n"
            "<h1>Orders</h1>\n<p class=\"ref\">Order ref %s</p>\n<table>%s</table>\n"
            "%s\n</body></html>\n" % (token, ROWS, extra))


OLD, NEW = page("Qx7Kp2Lm9Z"), page("Wd4Rt8Yh3N")
FAULT = page("Lk8Jh4Gf2D", '<p class="err">Error: could not load orders</p>')
LIST_OLD = "<html><body><ul><li>Kettle</li><li>Lamp</li></ul><p>Hello.</p></body></html>"
LIST_NEW = "<html><body><ul><li>Blender</li><li>Mug</li></ul><p>Hello.</p></body></html>"
LIST_PROFILE = {
    "format": "smart-profile", "version": 1,
    "learned_from": {"kind": "runs", "runs": 2, "pairs": 0},
    "shapes": ["date"], "all_tests": [],
    "tests": {"page.html": [{"location": "/html/body/ul/li/text()", "patterns": [],
                             "shapes": [], "seen": 3}]}}


def default_model():
    return json.loads(Path(os.environ["SMART_MODEL"]).read_text())


def adapted(tmp_path, **carried):
    """The default model with `carried` members (profile, accepted) added,
    as `smart train --adapt` writes them."""
    model = default_model()
    model.update(carried)
    path = tmp_path / "adapted.json"
    path.write_text(json.dumps(model))
    return str(path)


def token_class():
    """The class of the token's change, as classify prints it."""
    d = smart.classify(OLD, NEW, accepted=False)
    assert d.inspect
    return d.raw["signatures"][0]["class"]


def test_carried_profile_is_used_when_none_is_given(tmp_path):
    path = adapted(tmp_path, profile=LIST_PROFILE)
    profile = tmp_path / "profile.json"
    profile.write_text(json.dumps(LIST_PROFILE))
    carried = smart.classify(LIST_OLD, LIST_NEW, model=path, test="page.html")
    given = smart.classify(LIST_OLD, LIST_NEW, test="page.html", profile=str(profile))
    assert carried.score == given.score
    assert carried.score < smart.classify(LIST_OLD, LIST_NEW, test="page.html").score


def test_profile_false_turns_the_carried_profile_off(tmp_path):
    path = adapted(tmp_path, profile=LIST_PROFILE)
    off = smart.classify(LIST_OLD, LIST_NEW, model=path, test="page.html", profile=False)
    plain = smart.classify(LIST_OLD, LIST_NEW, test="page.html")
    assert off.score == plain.score and off.cutoff == plain.cutoff


def test_a_profiled_pair_is_decided_at_the_profile_cutoff(tmp_path):
    model = default_model()
    assert "profile_cutoff" in model and model["profile_cutoff"] != model["cutoff"]
    profile = tmp_path / "profile.json"
    profile.write_text(json.dumps(LIST_PROFILE))
    with_profile = smart.classify(LIST_OLD, LIST_NEW, test="page.html", profile=str(profile))
    without = smart.classify(LIST_OLD, LIST_NEW, test="page.html")
    assert with_profile.cutoff == pytest.approx(model["profile_cutoff"])
    assert without.cutoff == pytest.approx(model["cutoff"])


def test_carried_classes_ignore_the_accepted_change_but_not_a_fault(tmp_path):
    accepted = {"format": "smart-accepted", "version": 2,
                "changes": [{"class": token_class()}]}
    path = adapted(tmp_path, accepted=accepted)
    d = smart.classify(OLD, NEW, model=path)
    assert d.decision == "ignore" and d.raw["accepted_change"] is True
    assert d.reasons[-1].endswith("(the classes the adapted model accepts)")
    assert smart.classify(OLD, FAULT, model=path).decision == "inspect"
    assert smart.classify(OLD, NEW, model=path, accepted=False).decision == "inspect"


def test_carried_classes_join_the_reviewers_accepted_file(tmp_path):
    accepted = {"format": "smart-accepted", "version": 2,
                "changes": [{"class": token_class()}]}
    path = adapted(tmp_path, accepted=accepted)
    empty = tmp_path / "accepted.json"
    empty.write_text(json.dumps({"format": "smart-accepted", "version": 1, "changes": []}))
    for _ in range(2):  # the joined set is kept, and stays right
        d = smart.classify(OLD, NEW, model=path, accepted=str(empty))
        assert d.decision == "ignore"
    assert smart.classify(OLD, NEW, accepted=str(empty)).decision == "inspect"


def test_a_carried_profile_that_is_not_one_is_refused_naming_the_model(tmp_path):
    path = adapted(tmp_path, profile={"format": "smart-profile", "version": 99})
    with pytest.raises(smart.SmartError, match="adapted.json"):
        smart.classify(OLD, NEW, model=path)
