"""The pytest plugin (bindings/python/smart/pytest_plugin.py), run inside
pytest by pytester: the first run writes the baseline, a rerun with a new
timestamp and token passes, a deleted row fails with a message naming it,
--smart-update accepts and the next run passes, a corrupt baseline is an
error, --smart-report writes the report, .smart/profile.json is used."""
import os
import subprocess

import pytest

PLUGIN = ("-p", "smart.pytest_plugin", "-p", "no:cacheprovider")

# An order page as an application renders it: a clock, a CSRF token, rows
# (SHOP_DROP=1 loses the third, SHOP_EXTRA adds a note) and a list of picks.
APP = '''
import os, secrets, time

def render():
    rows = [("10231", "Kettle", "24.00"), ("10232", "Toaster", "31.50"),
            ("10240", "Garden hose", "29.90")]
    if os.environ.get("SHOP_DROP"):
        rows = rows[:2]
    body = "".join(f"<tr><td>{n}</td><td>{i}</td><td>{p}</td></tr>" for n, i, p in rows)
    picks = os.environ.get("SHOP_PICKS", "Lamp Mug").split()
    return ("<!DOCTYPE html><html><head><title>Orders</title></head><body>"
            f"<p>Generated {time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime(float(os.environ.get('SHOP_NOW', time.time()))))}</p>"
            f"<table><tr><th>Order</th><th>Item</th><th>Total</th></tr>{body}</table>"
            f"<ul class=\\"picks\\">{''.join(f'<li>{x}</li>' for x in picks)}</ul>"
            f"<form><input type=\\"hidden\\" name=\\"csrf_token\\" value=\\"{secrets.token_hex(16)}\\">"
            "<button>Pay</button></form></body></html>")

def test_orders(smart_snapshot):
    smart_snapshot.assert_match(render(), "orders")
'''

BASELINE = os.path.join("__snapshots__", "test_shop", "orders.html")


@pytest.fixture
def shop(pytester, monkeypatch):
    """A project with the shop's test whose first run wrote the baseline."""
    pytester.makepyfile(test_shop=APP)
    monkeypatch.setenv("SHOP_NOW", "1710496800")  # 2024-03-15 10:00:00
    first = pytester.runpytest(*PLUGIN)
    first.assert_outcomes(passed=1)
    monkeypatch.setenv("SHOP_NOW", "1710590553")  # a day later, another second
    return pytester


def test_first_run_writes_the_baseline_and_says_so(shop):
    text = (shop.path / BASELINE).read_text()
    assert "Garden hose" in text and "2024-03-15 10:00:00" in text


def test_first_run_summary_names_the_written_baseline(pytester):
    pytester.makepyfile(test_shop=APP)
    result = pytester.runpytest(*PLUGIN)
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["smart: 1 baseline(s) written (first run):",
                                 "  __snapshots__/test_shop/orders.html"])


def test_rerun_with_new_timestamp_and_token_passes(shop):
    before = (shop.path / BASELINE).read_bytes()
    result = shop.runpytest(*PLUGIN)
    result.assert_outcomes(passed=1)
    assert (shop.path / BASELINE).read_bytes() == before  # an ignored change is not written


def test_deleted_row_fails_with_a_message_naming_it(shop, monkeypatch):
    monkeypatch.setenv("SHOP_DROP", "1")
    result = shop.runpytest(*PLUGIN)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([
        "*smart: snapshot 'orders' needs a look: inspect (score *, inspect when score >= *",
        "*baseline __snapshots__/test_shop/orders.html",
        "*why:",
        "*severity content*",
        "*what changed (1 operations):",
        '*delete /html/body/table/tbody/tr[[]4]: "10240 Garden hose 29.90"',
        "*accept the new output with: pytest --smart-update",
    ])


def test_smart_update_accepts_and_the_next_run_passes(shop, monkeypatch):
    monkeypatch.setenv("SHOP_DROP", "1")
    shop.runpytest(*PLUGIN).assert_outcomes(failed=1)
    updated = shop.runpytest(*PLUGIN, "--smart-update")
    updated.assert_outcomes(passed=1)
    updated.stdout.fnmatch_lines(["smart: 1 baseline(s) updated:",
                                  "  __snapshots__/test_shop/orders.html"])
    assert "Garden hose" not in (shop.path / BASELINE).read_text()
    monkeypatch.setenv("SHOP_NOW", "1710700000")
    shop.runpytest(*PLUGIN).assert_outcomes(passed=1)


@pytest.mark.parametrize("content, problem", [
    (b"", "it is empty"),
    (b"<html>\0\0\0</html>", "it holds NUL bytes"),
    (b"<html><body>\n<<<<<<< HEAD\n<p>a</p>\n=======\n<p>b</p>\n>>>>>>> branch\n</body></html>",
     "it holds merge-conflict markers"),
    (b"PK\x03\x04 a zip archive, not a page", "it does not start with markup"),
], ids=["empty", "nul-bytes", "conflict-markers", "not-markup"])
def test_corrupt_baseline_is_an_error_never_a_pass(shop, content, problem):
    (shop.path / BASELINE).write_bytes(content)
    result = shop.runpytest(*PLUGIN)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([f"*SnapshotError: smart: the baseline __snapshots__/test_shop/"
                                 f"orders.html is corrupt: {problem}*"])
    assert (shop.path / BASELINE).read_bytes() == content  # left for a human


def test_smart_update_replaces_a_corrupt_baseline(shop):
    (shop.path / BASELINE).write_bytes(b"")
    shop.runpytest(*PLUGIN, "--smart-update").assert_outcomes(passed=1)
    assert "Garden hose" in (shop.path / BASELINE).read_text()
    shop.runpytest(*PLUGIN).assert_outcomes(passed=1)


def test_smart_report_writes_the_flagged_pairs(shop, monkeypatch):
    monkeypatch.setenv("SHOP_DROP", "1")
    report = shop.path / "report.html"
    result = shop.runpytest(*PLUGIN, "--smart-report", str(report))
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([f"smart: report of 1 flagged pairs written to {report}"])
    html = report.read_text()
    assert "test_shop/orders.html" in html and "inspect" in html


def test_profile_in_dot_smart_explains_what_clean_runs_vary(shop, monkeypatch):
    # a list of picks that changes between clean runs: flagged without a profile
    monkeypatch.setenv("SHOP_PICKS", "Blender Hose Toaster")
    shop.runpytest(*PLUGIN).assert_outcomes(failed=1)
    # the profile `smart profile` learns from two clean runs' __snapshots__
    runs = []
    for k, picks in enumerate(["Lamp Mug", "Blender Hose Toaster"]):
        monkeypatch.setenv("SHOP_PICKS", picks)
        run = shop.path / f"run{k}"
        shop.runpytest(*PLUGIN, "--smart-update")
        (run / "test_shop").mkdir(parents=True)
        (run / "test_shop" / "orders.html").write_bytes((shop.path / BASELINE).read_bytes())
        runs.append(str(run))
    (shop.path / ".smart").mkdir()
    subprocess.run([os.environ["SMART"], "profile", *runs, "-o", ".smart/profile.json"],
                   cwd=shop.path, check=True, capture_output=True)
    monkeypatch.setenv("SHOP_PICKS", "Kettle Lamp Mug")
    monkeypatch.delenv("SHOP_DROP", raising=False)
    (shop.path / BASELINE).write_bytes((shop.path / "run0/test_shop/orders.html").read_bytes())
    shop.runpytest(*PLUGIN).assert_outcomes(passed=1)
    # a lost row is still flagged with the profile
    monkeypatch.setenv("SHOP_DROP", "1")
    shop.runpytest(*PLUGIN).assert_outcomes(failed=1)


def test_snapshot_names_with_folders_are_refused(pytester):
    pytester.makepyfile(test_names='''
def test_bad(smart_snapshot):
    smart_snapshot.assert_match("<p>a</p>", "../escape")
''')
    result = pytester.runpytest(*PLUGIN)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*ValueError: smart: snapshot name '../escape'*"])
    assert not (pytester.path / "escape.html").exists()


# Nine snapshots of one file, spread by pytest-xdist over two workers; each
# test also writes one baseline the others share, so that first runs race
# for it.
XDIST_APP = APP + '''
import pytest

@pytest.mark.parametrize("n", range(8))
def test_many(smart_snapshot, n):
    smart_snapshot.assert_match(render(), f"page-{n}")
    smart_snapshot.assert_match(render(), "shared")
'''


def test_pytest_xdist_workers_write_baselines_safely_and_report_them_once(pytester, monkeypatch):
    pytest.importorskip("xdist")  # Debian's python3-pytest-xdist (make test installs it)
    pytester.makepyfile(test_shop=XDIST_APP)
    xdist = (*PLUGIN, "-p", "xdist", "-n", "2")
    monkeypatch.setenv("SHOP_NOW", "1710496800")
    first = pytester.runpytest_subprocess(*xdist)
    first.assert_outcomes(passed=9)
    first.stdout.fnmatch_lines(["gw0 [[]9] / gw1 [[]9]"])  # two workers, nine tests
    snaps = pytester.path / "__snapshots__" / "test_shop"
    names = sorted(p.name for p in snaps.iterdir())
    assert names == sorted(["orders.html", "shared.html"] + [f"page-{n}.html" for n in range(8)])
    for p in snaps.iterdir():  # whole pages, whichever worker renamed its file last
        assert p.read_text().rstrip().endswith("</html>")
    written = [line for line in first.stdout.lines if line.startswith("  __snapshots__/")]
    assert "smart: 10 baseline(s) written (first run):" in first.stdout.lines
    assert sorted(written) == sorted(f"  __snapshots__/test_shop/{n}" for n in names)
    assert not list(snaps.glob(".smart-tmp-*"))  # no temporary file left behind

    monkeypatch.setenv("SHOP_NOW", "1710590553")
    pytester.runpytest_subprocess(*xdist).assert_outcomes(passed=9)

    monkeypatch.setenv("SHOP_DROP", "1")
    report = pytester.path / "report.html"
    flagged = pytester.runpytest_subprocess(*xdist, "--smart-report", str(report))
    flagged.assert_outcomes(failed=9)
    flagged.stdout.fnmatch_lines([f"smart: report of 9 flagged pairs written to {report}"])
    assert report.stat().st_size > 0
    updated = pytester.runpytest_subprocess(*xdist, "--smart-update")
    updated.assert_outcomes(passed=9)
    updated.stdout.fnmatch_lines(["smart: 10 baseline(s) updated:"])  # the shared one too
    pytester.runpytest_subprocess(*xdist).assert_outcomes(passed=9)
