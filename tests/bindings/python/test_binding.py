"""The smart module over libsmart (bindings/python/smart/__init__.py):
decisions, reasons and changes of real example pairs, the raw edit
script, and clear errors."""
import json
import os
from pathlib import Path

import pytest

import smart

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def pair(name):
    return ((EXAMPLES / name / "old.html").read_text(),
            (EXAMPLES / name / "new.html").read_text())


def test_deleted_table_is_inspect_with_reasons_and_the_deleted_table_named():
    d = smart.classify(*pair("deleted-table"))
    assert d.inspect and d.decision == "inspect"
    assert d.severity == "content"
    assert d.score >= d.cutoff
    assert any(r.startswith("severity content") for r in d.reasons)
    assert d.changes[0].startswith("delete /html/body/table: ")
    assert "Kettle" in d.changes[0]


def test_timestamp_change_is_ignore_and_says_what_was_discounted():
    d = smart.classify(*pair("timestamp-change"))
    assert d.decision == "ignore" and not d.inspect
    assert d.severity == "none"
    assert "date" in d.discounted
    assert any(r.startswith("every difference is a volatile value") for r in d.reasons)


def test_identical_documents_are_ignore_with_no_change():
    old, _ = pair("deleted-table")
    d = smart.classify(old, old)
    assert d.decision == "ignore" and d.changes == [] and d.changes_total == 0


def test_bytes_and_str_give_the_same_decision():
    old, new = pair("deleted-table")
    a = smart.classify(old, new)
    b = smart.classify(old.encode(), new.encode())
    assert (a.decision, a.score, a.changes) == (b.decision, b.score, b.changes)


def test_cutoff_is_the_default_models():
    model = json.loads(Path(os.environ["SMART_MODEL"]).read_text())
    assert smart.classify(*pair("deleted-table")).cutoff == pytest.approx(model["cutoff"])


def test_model_given_as_path_or_model_object_decides_as_the_default():
    path = os.environ["SMART_MODEL"]
    a = smart.classify(*pair("deleted-table"), model=path)
    b = smart.classify(*pair("deleted-table"), model=smart.Model(path))
    assert a.score == b.score == smart.classify(*pair("deleted-table")).score


def test_profile_explains_a_varying_list(tmp_path):
    profile = tmp_path / "profile.json"
    profile.write_text(json.dumps({
        "format": "smart-profile", "version": 1,
        "learned_from": {"kind": "runs", "runs": 2, "pairs": 0},
        "shapes": ["date"], "all_tests": [],
        "tests": {"page.html": [{"location": "/html/body/ul/li/text()", "patterns": [],
                                 "shapes": [], "seen": 3}]}}))
    old = "<html><body><ul><li>Kettle</li><li>Lamp</li></ul><p>Hello.</p></body></html>"
    new = "<html><body><ul><li>Blender</li><li>Mug</li></ul><p>Hello.</p></body></html>"
    without = smart.classify(old, new)
    with_profile = smart.classify(old, new, profile=str(profile), test="page.html")
    assert with_profile.score < without.score


def test_diff_is_the_raw_edit_script():
    script = smart.diff(*pair("deleted-table"))
    assert script["summary"]["deletes"] > 0
    assert script["operations"][0]["op"] == "delete"
    assert script["operations"][0]["path"] == "/html/body/table"


def test_broken_xml_is_a_smart_error_naming_the_document():
    with pytest.raises(smart.SmartError, match=r"^old:1: not well-formed XML"):
        smart.classify("<a>", "<a/>", format="xml")


def test_a_file_that_is_not_a_model_is_a_smart_error_naming_it(tmp_path):
    bad = tmp_path / "model.json"
    bad.write_text('{"kind": "linear"}')
    with pytest.raises(smart.SmartError, match="model.json"):
        smart.classify("<p>a</p>", "<p>b</p>", model=str(bad))


def test_documents_must_be_str_or_bytes():
    with pytest.raises(TypeError, match="old must be str or bytes"):
        smart.classify(42, "<p>b</p>")


def test_unknown_format_is_refused():
    with pytest.raises(ValueError, match="format"):
        smart.classify("<p>a</p>", "<p>b</p>", format="json")
