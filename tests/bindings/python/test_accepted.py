"""Accepted changes in the Python binding (bindings/python/smart/__init__.py):
classify() uses .smart/accepted.json as `smart classify` does -- the current
folder's, else the one in the folder holding the old output -- so that a
pair whose every residual change a reviewer accepted is ignored, while a
new fault on the same page is still inspected."""
import json
import os

import pytest

import smart

ROWS = ("<tr><td>Kettle</td><td>24.00</td></tr><tr><td>Toaster</td><td>31.50</td></tr>"
        "<tr><td>Garden hose</td><td>29.90</td></tr>")


def page(token, extra=""):
    """The order page of tests/cli/test_review_bychange.sh: its token changes
    from run to run, a change the default model flags."""
    return ("<!DOCTYPE html>\n<html><head><title>Orders a</title></head><body>\n"
            "<h1>Orders of a</h1>\n<p class=\"ref\">Order ref %s</p>\n<table>%s</table>\n"
            "%s\n</body></html>\n" % (token, ROWS, extra))


OLD, NEW = page("Qx7Kp2Lm9Z"), page("Wd4Rt8Yh3N")
LATER = page("Mn3Bv6Cx9Z")
FAULT = page("Lk8Jh4Gf2D", '<p class="err">Error: could not load orders</p>')


def write_accepted(folder, ids):
    """An accepted-changes file holding `ids` in folder/.smart/."""
    os.makedirs(os.path.join(folder, ".smart"), exist_ok=True)
    path = os.path.join(folder, ".smart", "accepted.json")
    with open(path, "w") as f:
        json.dump({"format": "smart-accepted", "version": 1,
                   "changes": [{"id": i} for i in ids]}, f)
    return path


@pytest.fixture
def ids(tmp_path):
    """The signatures of the token's change, as classify says them."""
    empty = write_accepted(str(tmp_path / "empty"), [])
    d = smart.classify(OLD, NEW, accepted=empty)
    assert d.inspect
    return [s["id"] for s in d.raw["signatures"]]


def test_accepted_file_of_the_current_folder_ignores_the_accepted_change(tmp_path, ids,
                                                                          monkeypatch):
    write_accepted(str(tmp_path), ids)
    monkeypatch.chdir(tmp_path)
    d = smart.classify(OLD, NEW)
    assert d.decision == "ignore"
    assert d.raw["accepted_change"] is True
    assert d.reasons[-1] == ("ignored: every residual change was accepted in review "
                             "(.smart/accepted.json)")
    # the next run's other token is the same change
    assert smart.classify(OLD, LATER).decision == "ignore"


def test_a_new_fault_on_the_same_page_is_still_inspected(tmp_path, ids, monkeypatch):
    write_accepted(str(tmp_path), ids)
    monkeypatch.chdir(tmp_path)
    d = smart.classify(OLD, FAULT)
    assert d.inspect and "accepted_change" not in d.raw


def test_folder_holding_old_is_used_when_the_current_folder_has_none(tmp_path, ids,
                                                                      monkeypatch):
    write_accepted(str(tmp_path / "app"), ids)
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    assert smart.find_accepted() is None
    assert smart.classify(OLD, NEW).inspect
    old_dir = tmp_path / "app" / "old"
    assert smart.find_accepted(old_dir) == str(tmp_path / "app" / ".smart" / "accepted.json")
    d = smart.classify(OLD, NEW, old_path=old_dir)
    assert d.decision == "ignore" and d.raw["accepted_change"] is True
    # the current folder's file comes first, even when it accepts nothing
    write_accepted(str(tmp_path / "elsewhere"), [])
    assert smart.classify(OLD, NEW, old_path=old_dir).inspect


def test_accepted_given_or_turned_off(tmp_path, ids, monkeypatch):
    path = write_accepted(str(tmp_path / "given"), ids)
    monkeypatch.chdir(tmp_path)
    assert smart.classify(OLD, NEW, accepted=path).decision == "ignore"
    assert smart.classify(OLD, NEW, accepted=smart.Accepted(path)).decision == "ignore"
    write_accepted(str(tmp_path), ids)
    assert smart.classify(OLD, NEW, accepted=False).inspect


def test_a_bad_accepted_file_is_one_clear_error(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "smart-accepted", "version": 1, "changes": [{"id": "xyz"}]}')
    with pytest.raises(smart.SmartError) as e:
        smart.classify(OLD, NEW, accepted=str(bad))
    assert "bad.json" in str(e.value)


def page_in_a_div(token, extra=""):
    """The order page with its reference one element deeper: the token's
    change is at another place (another signature id), of the same class
    (the same shape in a p's text)."""
    return page(token, extra).replace('<p class="ref">Order ref %s</p>' % token,
                                      '<div><p class="ref">Order ref %s</p></div>' % token)


def write_classes(folder, signatures, version=2):
    """An accepted-changes file of `version` remembering each signature
    with its class, as `smart review --by-change` writes it."""
    os.makedirs(os.path.join(folder, ".smart"), exist_ok=True)
    path = os.path.join(folder, ".smart", "accepted.json")
    with open(path, "w") as f:
        json.dump({"format": "smart-accepted", "version": version,
                   "changes": [{"id": s["id"], "class": s["class"],
                                "covers": {"kind": s["kind"], "place": "p/text()"}}
                               for s in signatures]}, f)
    return path


def test_a_class_remembered_in_version_2_is_accepted_at_another_place(tmp_path):
    empty = write_accepted(str(tmp_path / "empty"), [])
    sigs = smart.classify(OLD, NEW, accepted=empty).raw["signatures"]
    assert all(s["class"] != s["id"] for s in sigs)
    old, new = page_in_a_div("Qx7Kp2Lm9Z"), page_in_a_div("Mn3Bv6Cx9Z")
    moved = smart.classify(old, new, accepted=empty).raw["signatures"]
    assert [s["id"] for s in moved] != [s["id"] for s in sigs]
    # version 2: the class is accepted, wherever its place of that kind is
    v2 = write_classes(str(tmp_path / "v2"), sigs)
    d = smart.classify(old, new, accepted=v2)
    assert d.decision == "ignore" and d.raw["accepted_change"] is True
    # a new fault on that page is another class: still inspected
    d = smart.classify(old, page_in_a_div("Lk8Jh4Gf2D",
                                          '<p class="err">Error: could not load orders</p>'),
                       accepted=v2)
    assert d.inspect and "accepted_change" not in d.raw
    # version 1 (the ids alone) still reads, and accepts only those ids
    v1 = write_classes(str(tmp_path / "v1"), sigs, version=1)
    assert smart.classify(OLD, LATER, accepted=v1).decision == "ignore"
    assert smart.classify(old, new, accepted=v1).inspect
