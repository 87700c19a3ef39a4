"""The pytest plugin of smart (entry point pytest11): HTML snapshots that
fail only when smart says the change needs a human's look.

    def test_orders(smart_snapshot):
        smart_snapshot.assert_match(render_orders(), "orders")

The first run writes the baseline (__snapshots__/<test file>/<name>.html
beside the test file) and says so; later runs classify the baseline
against the new output and fail only on inspect, with the reasons and the
changes in the message. --smart-update accepts: each flagged (or corrupt)
baseline is replaced by the new output. --smart-report FILE writes the
HTML report of the session's flagged pairs (smart classify --report).
An application's profile and model are taken from .smart/profile.json and
.smart/model.json under the root or the current folder when there
(docs/integrations.md).
"""
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

import smart

SNAPSHOTS = "__snapshots__"
_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.\-]*$")
_CONFLICT = re.compile(rb"^(<{7} |={7}$|>{7} )", re.M)
_STATE = pytest.StashKey()


class SnapshotError(Exception):
    """A baseline that cannot be used: unreadable or corrupt."""


def pytest_addoption(parser):
    group = parser.getgroup("smart", "smart: HTML snapshots judged by a learned oracle")
    group.addoption("--smart-update", action="store_true", default=False,
                    help="accept: write the new output over every baseline smart flags "
                         "inspect (and over corrupt ones)")
    group.addoption("--smart-report", metavar="FILE", default=None,
                    help="write the HTML report of the session's flagged pairs to FILE")
    group.addoption("--smart-model", metavar="FILE", default=None,
                    help="a model written by 'smart train' (default: .smart/model.json "
                         "when there, else smart's default model)")
    group.addoption("--smart-profile", metavar="FILE", default=None,
                    help="the application's volatility profile (default: "
                         ".smart/profile.json when there)")


def _app_file(config, name):
    """.smart/NAME under the root folder, or under the current folder."""
    for folder in (config.rootpath, config.invocation_params.dir):
        path = Path(folder) / ".smart" / name
        if path.is_file():
            return str(path)
    return None


class _Session:
    """What one session's snapshots share: the model, the profile, the
    baselines written and updated, the flagged pairs."""

    def __init__(self, config):
        self.config = config
        self.update = config.getoption("smart_update")
        self.report = config.getoption("smart_report")
        self.model = config.getoption("smart_model") or _app_file(config, "model.json")
        self.profile = config.getoption("smart_profile") or _app_file(config, "profile.json")
        self.written, self.updated, self.flagged = [], [], []
        self.report_line = None

    def rel(self, path):
        try:
            return os.path.relpath(path, self.config.rootpath)
        except ValueError:
            return str(path)


def pytest_configure(config):
    config.stash[_STATE] = _Session(config)


def _write(path, data):
    """Writes a baseline atomically: a reader never sees half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".smart-tmp-", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def baseline_problem(data):
    """Why a baseline's bytes are not a document smart can compare (None
    when they are): a corrupt baseline must never pass silently."""
    if not data.strip():
        return "it is empty"
    if b"\0" in data:
        return "it holds NUL bytes (not a text document)"
    if _CONFLICT.search(data):
        return "it holds merge-conflict markers"
    head = data.lstrip(b"\xef\xbb\xbf \t\r\n")
    if not head.startswith(b"<"):
        return "it does not start with markup ('<')"
    return None


def _message(name, rel, d):
    """The failure: what smart decided, why, and what changed."""
    lines = [f"smart: snapshot '{name}' needs a look: {d.decision} (score {d.score:.4g}, "
             f"inspect when score {d.comparison} {d.cutoff:.4g}; severity {d.severity})",
             f"  baseline {rel}", "why:"]
    lines += [f"  {r}" for r in d.reasons]
    if d.changes:
        shown = len(d.changes)
        more = f", the first {shown}" if d.changes_total > shown else ""
        lines.append(f"what changed ({d.changes_total} operations{more}):")
        lines += [f"  {c}" for c in d.changes]
    lines.append("accept the new output with: pytest --smart-update")
    return "\n".join(lines)


class Snapshot:
    """The smart_snapshot fixture of one test."""

    def __init__(self, request, session):
        self._request = request
        self._session = session
        test_file = Path(request.node.path)
        self.folder = test_file.parent / SNAPSHOTS / test_file.stem

    def path(self, name):
        """The baseline file of snapshot `name`."""
        if not _NAME.match(name) or ".." in name:
            raise ValueError(f"smart: snapshot name {name!r}: use letters, digits, '_', "
                             "'-' and '.', no folders")
        suffix = "" if name.endswith((".html", ".htm", ".xml", ".svg", ".xhtml")) else ".html"
        return self.folder / (name + suffix)

    def assert_match(self, html, name, *, format=None):
        """Compares `html` (str or bytes) with the baseline `name`: writes it
        when there is none; fails when smart says inspect (unless
        --smart-update, which then replaces the baseline); raises
        SnapshotError on a corrupt or unreadable baseline."""
        __tracebackhide__ = True
        s = self._session
        new = smart._bytes(html, "html")
        path = self.path(name)
        rel = s.rel(path)
        if not path.exists():
            _write(path, new)
            s.written.append(rel)
            return
        try:
            old = path.read_bytes()
        except OSError as e:
            raise SnapshotError(f"smart: cannot read the baseline {rel}: {e.strerror}") from None
        problem = baseline_problem(old)
        if problem and s.update:
            _write(path, new)
            s.updated.append(rel)
            return
        if problem:
            raise SnapshotError(f"smart: the baseline {rel} is corrupt: {problem}; "
                                "fix or delete it, or rerun with --smart-update to replace it")
        if old == new:
            return
        # the profile's test: the baseline's path under __snapshots__, as
        # `smart profile` names it when given two runs' __snapshots__ folders
        test = path.relative_to(self.folder.parent).as_posix()
        d = smart.classify(old, new, model=s.model, profile=s.profile, format=format, test=test)
        if not d.inspect:
            return
        if s.update:
            _write(path, new)
            s.updated.append(rel)
            return
        s.flagged.append((rel, old, new))
        raise AssertionError(_message(name, rel, d))


@pytest.fixture
def smart_snapshot(request):
    """Snapshots judged by smart: smart_snapshot.assert_match(html, name)."""
    return Snapshot(request, request.config.stash[_STATE])


def _smart_binary():
    """The smart command for the report: $SMART, the installed one, or PATH's."""
    return (os.environ.get("SMART") or smart._lib._installed("SMART")
            or shutil.which("smart"))


def _write_report(s):
    """The HTML report of the flagged pairs, by `smart classify --corpus
    --report` (docs/report.md), from a corpus of those pairs."""
    exe = _smart_binary()
    if not exe or not os.path.exists(exe):
        return f"smart: no report: the smart command is not installed (or set SMART)"
    app = Path(s.config.rootpath).name
    with tempfile.TemporaryDirectory(prefix="smart-report-") as tmp:
        corpus = os.path.join(tmp, "flagged.jsonl")
        with open(corpus, "w", encoding="utf-8") as f:
            for rel, old, new in s.flagged:
                f.write(json.dumps({"app": app, "test": rel,
                                    "old": old.decode("utf-8", "replace"),
                                    "new": new.decode("utf-8", "replace")}) + "\n")
        cmd = [exe, "classify", "--quiet", "--corpus", corpus, "--report", s.report]
        if s.model:
            cmd += ["--model", s.model]
        if s.profile:
            cmd += ["--profile", s.profile]
        r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if r.returncode == 2:
        return f"smart: the report could not be written: {r.stderr.strip()}"
    return f"smart: report of {len(s.flagged)} flagged pairs written to {s.report}"


def _is_xdist_worker(config):
    """True in a pytest-xdist worker, whose session is part of the
    controller's: what it wrote, updated and flagged goes there."""
    return hasattr(config, "workerinput")


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """pytest-xdist, in the controller: a worker's baselines written and
    updated and its flagged pairs join the session's, so that the summary
    names them all and one report holds them (written once, here)."""
    s = node.config.stash.get(_STATE, None)
    got = getattr(node, "workeroutput", {}).get("smart")
    if s and got:
        # two workers may both write a baseline that tests of theirs share
        s.written += [p for p in got["written"] if p not in s.written]
        s.updated += [p for p in got["updated"] if p not in s.updated]
        s.flagged += [tuple(f) for f in got["flagged"]]


def pytest_sessionfinish(session):
    s = session.config.stash.get(_STATE, None)
    if s and _is_xdist_worker(session.config):
        session.config.workeroutput["smart"] = {
            "written": s.written, "updated": s.updated,
            "flagged": [list(f) for f in s.flagged]}
    elif s and s.report:
        s.report_line = _write_report(s)


def pytest_terminal_summary(terminalreporter, config):
    s = config.stash.get(_STATE, None)
    if not s:
        return
    for what, paths in (("written (first run)", s.written), ("updated", s.updated)):
        if paths:
            terminalreporter.write_line(f"smart: {len(paths)} baseline(s) {what}:")
            for p in paths:
                terminalreporter.write_line(f"  {p}")
    if s.report_line:
        terminalreporter.write_line(s.report_line)
