"""smart from Python: is a new HTML or XML output a change a human must
look at (inspect) or not (ignore), compared with a trusted old output?

    import smart
    d = smart.classify(old_html, new_html)
    if d.inspect:
        print("\\n".join(d.reasons + d.changes))

A thin layer over libsmart (ctypes; include/smart/explain.h): the model
is smart's default model unless one is given (a file `smart train`
wrote), and a volatility profile (`smart profile`) can be given too. The
pytest plugin built on it is smart.pytest_plugin (docs/integrations.md).
"""
import ctypes
import dataclasses
import json
import os
import threading

from . import _lib

__all__ = ["classify", "diff", "Decision", "Model", "Profile", "Accepted", "SmartError",
           "default_model_path", "find_accepted"]


class SmartError(Exception):
    """libsmart refused: one line naming the file or the problem."""


def _call(fn, *args):
    """Calls a libsmart function whose last argument is a smart_error and
    which returns a pointer; raises SmartError on NULL."""
    err = _lib.Error()
    ptr = fn(*args, err)
    if not ptr:
        raise SmartError(err.message.decode("utf-8", "replace") or "smart: failed")
    return ptr


class _Handle:
    """A libsmart object loaded from a file, freed when dropped."""
    _load = _free = None
    _ptr = None

    def __init__(self, path):
        self.path = os.fspath(path)
        lib = _lib.lib()
        self._ptr = _call(getattr(lib, self._load), os.fsencode(self.path))
        self._freer = getattr(lib, self._free)

    @classmethod
    def _adopt(cls, ptr, path):
        """A handle owning `ptr`, an object libsmart built (not loaded from
        a file of its own: `path` names where it came from)."""
        obj = cls.__new__(cls)
        obj.path = path
        obj._ptr = ptr
        obj._freer = getattr(_lib.lib(), cls._free)
        return obj

    def close(self):
        """Frees the object now (it is freed when dropped otherwise)."""
        if self._ptr:
            self._freer(self._ptr)
            self._ptr = None

    def __del__(self):
        self.close()

    def __repr__(self):
        return f"{type(self).__name__}({self.path!r})"


class Model(_Handle):
    """A model file written by `smart train` (docs/model-format.md). An
    adapted model (`smart train --adapt`, docs/adaptation.md) carries a
    profile and accepted change classes of its application; classify()
    uses them as `smart classify` does: the profile when it is given none,
    the classes beside the reviewer's accepted changes. A pair measured
    with a profile is decided by the model's cutoff for profiled pairs."""
    _load, _free = "smart_explain_model_load", "smart_model_free"

    def __init__(self, path):
        super().__init__(path)
        self._lock = threading.Lock()
        self._profiled = None
        self._carried = None
        self._merged = {}

    def _profiled_twin(self):
        """This model deciding at its profile cutoff (a second copy: the
        library moves the cutoff of the model it is given)."""
        with self._lock:
            if self._profiled is None:
                twin = Model(self.path)
                _lib.lib().smart_model_use_profile_cutoff(twin._ptr)
                self._profiled = twin
            return self._profiled

    def carried_profile(self):
        """The profile an adapted model carries, as a Profile, or None."""
        with self._lock:
            if self._carried is None:
                err = _lib.Error()
                ptr = _lib.lib().smart_model_carried_profile(self._ptr,
                                                             os.fsencode(self.path), err)
                if not ptr and err.message:
                    raise SmartError(err.message.decode("utf-8", "replace"))
                self._carried = (Profile._adopt(ptr, f"{self.path} (its 'profile')")
                                 if ptr else False)
            return self._carried or None

    def _accepted_with(self, accepted):
        """The reviewer's Accepted (or None) joined with the classes this
        model carries: an Accepted, or None when there is neither. Kept per
        reviewer's file, so each pair does not rebuild it."""
        key = id(accepted)
        with self._lock:
            held = self._merged.get(key)
            if held is not None and held[0] is accepted:
                return held[1]
            lib, err = _lib.lib(), _lib.Error()
            own = ctypes.c_void_p(None)
            if lib.smart_model_add_carried_accepted(self._ptr, os.fsencode(self.path),
                                                    ctypes.byref(own), err):
                raise SmartError(err.message.decode("utf-8", "replace"))
            if not own.value:
                merged = accepted
            else:
                merged = Accepted._adopt(own.value, CARRIED_ACCEPTED)
                if accepted is not None and lib.smart_accepted_merge(merged._ptr,
                                                                     accepted._ptr, err):
                    raise SmartError(err.message.decode("utf-8", "replace"))
            self._merged[key] = (accepted, merged)
            return merged


class Profile(_Handle):
    """An application's volatility profile written by `smart profile`
    (docs/profile.md)."""
    _load, _free = "smart_profile_load", "smart_profile_free"


class Accepted(_Handle):
    """The changes a reviewer accepted with `smart review --by-change`
    (.smart/accepted.json, docs/review.md, version 1 or 2): a pair the
    model inspects whose every residual change is one of them -- its id,
    or in version 2 its class -- is ignored."""
    _load, _free = "smart_accepted_load", "smart_accepted_free"


ACCEPTED_FILE = os.path.join(".smart", "accepted.json")
CARRIED_ACCEPTED = "the classes the adapted model accepts"


def find_accepted(old_path=None):
    """The accepted changes `smart classify` would use by itself: those of
    .smart/accepted.json in the current folder, else the one in the folder
    holding `old_path` (the old file or folder: `app/.smart/accepted.json`
    for `app/old`); None when neither is there."""
    if os.path.exists(ACCEPTED_FILE):
        return ACCEPTED_FILE
    if old_path is None:
        return None
    folder = os.path.dirname(os.path.normpath(os.fspath(old_path)))
    path = os.path.join(folder, ACCEPTED_FILE) if folder else ACCEPTED_FILE
    return path if os.path.exists(path) else None


_cache = {}
_cache_lock = threading.Lock()


def _loaded(kind, path):
    """The Model or Profile at `path`, loaded once per version of the file."""
    st = os.stat(path)
    key = (kind, os.path.realpath(path), st.st_mtime_ns, st.st_size)
    with _cache_lock:
        obj = _cache.get(key)
        if obj is None:
            obj = _cache[key] = kind(path)
        return obj


def default_model_path():
    """The default model's file: $SMART_MODEL, else the one `make install`
    put in share/smart/; None when neither is there."""
    path = os.environ.get("SMART_MODEL") or _lib._installed("MODEL")
    return path if path and os.path.exists(path) else None


def _model(model):
    if isinstance(model, Model):
        return model
    if model is None:
        model = default_model_path()
        if model is None:
            raise SmartError("smart: no default model (install smart with `make install`, "
                             "set SMART_MODEL, or pass model=PATH)")
    return _loaded(Model, model)


def _profile(profile, model):
    """The profile to measure with: the one given, else the one the model
    carries; False: none."""
    if profile is False:
        return None
    if profile is None:
        return model.carried_profile()
    if isinstance(profile, Profile):
        return profile
    return _loaded(Profile, profile)


def _accepted(accepted, old_path):
    if accepted is False:
        return None, None
    if isinstance(accepted, Accepted):
        return accepted, accepted.path
    path = accepted if accepted is not None else find_accepted(old_path)
    return (_loaded(Accepted, path), os.fspath(path)) if path is not None else (None, None)


def _bytes(doc, name):
    if isinstance(doc, str):
        return doc.encode("utf-8")
    if isinstance(doc, (bytes, bytearray, memoryview)):
        return bytes(doc)
    raise TypeError(f"smart: {name} must be str or bytes, not {type(doc).__name__}")


def _document(data, name):
    return _lib.Document(data, len(data), name.encode("utf-8"))


def _format(fmt):
    try:
        return _lib.FORMATS[fmt]
    except KeyError:
        raise ValueError(f"smart: format must be 'html', 'xml' or None, not {fmt!r}") from None


@dataclasses.dataclass(frozen=True)
class Decision:
    """smart's decision on one pair and why.

    decision: "inspect" or "ignore"; score and cutoff (inspect when score
    `comparison` cutoff); severity: "none", "cosmetic", "content" or
    "broken"; reasons: the explanation's lines in words; discounted: what
    scrubbing explained away ("1 date, 1 token", "" for nothing); changes:
    the first edit operations as smart judged them, one line each;
    changes_total: how many there were; raw: the whole JSON object."""
    decision: str
    score: float
    cutoff: float
    severity: str
    reasons: list
    discounted: str
    comparison: str = ">="
    changes: list = dataclasses.field(default_factory=list)
    changes_total: int = 0
    raw: dict = dataclasses.field(default_factory=dict, repr=False, compare=False)

    @property
    def inspect(self):
        """True when the new output needs a human's look."""
        return self.decision == "inspect"


def _quote(s, limit=120):
    return json.dumps(s, ensure_ascii=False) if len(s) <= limit else json.dumps(s[:limit] + "...", ensure_ascii=False)


def change_line(op):
    """One edit operation of the explanation as a line a person reads:
    `delete /html/body/table/tr[3]: "Hose 3 29.90"`."""
    kind, path = op.get("op", "?"), op.get("path", "?")
    if kind == "move":
        return f"move {path} -> {op.get('to', '?')}"
    if kind in ("insert", "delete"):
        return f"{kind} {path}" + (f": {_quote(op['text'])}" if "text" in op else "")
    where = f"{path} @{op['name']}" if "name" in op else path
    sides = [_quote(op[k]) for k in ("old", "new") if k in op]
    return f"{kind} {where}: {' -> '.join(sides)}"


def classify(old, new, model=None, profile=None, *, format=None, test=None, top=5,
             max_changes=20, accepted=None, old_path=None):
    """Classifies the pair (old, new): str (UTF-8) or bytes, HTML or XML
    (format None sniffs). model: None for smart's default model, a path or
    a Model; profile: None (the one an adapted model carries, else none),
    False (none), a path or a Profile; test: the test's name for
    the profile's per-test entries and the accepted changes' tests.
    accepted: the changes accepted in review, as `smart classify` uses
    them -- None: .smart/accepted.json of the current folder, else of the
    folder holding old_path (the file or folder the old output came from;
    find_accepted), when there; a path or an Accepted; False: none. The
    change classes an adapted model carries join them (unless False). A pair
    the model inspects whose every residual change was accepted is then
    ignored, its raw["accepted_change"] True and its last reason saying so.
    Returns a Decision; raises SmartError when libsmart refuses (an XML
    document that is not well-formed, a model, profile or accepted-changes
    file that is not one)."""
    old_b, new_b = _bytes(old, "old"), _bytes(new, "new")
    m = _model(model)
    p = _profile(profile, m)
    a, a_path = _accepted(accepted, old_path)
    if accepted is not False:
        a = m._accepted_with(a)
        a_path = a_path or (a.path if a else None)
    if p is not None:
        m = m._profiled_twin()
    opts = _lib.ExplainOptions(_lib.SMART_EXPLAIN_OPTIONS_VERSION, _format(format),
                               p._ptr if p else None,
                               test.encode("utf-8") if test else None, top, max_changes,
                               a._ptr if a else None)
    lib = _lib.lib()
    ptr = _call(lib.smart_explain_pair, m._ptr, _document(old_b, "old"),
                _document(new_b, "new"), opts)
    o = json.loads(_lib.take_string(ptr))
    reasons = list(o.get("reasons", []))
    if o.get("accepted_change"):
        reasons.append(f"ignored: every residual change was accepted in review ({a_path})")
    return Decision(decision=o["decision"], score=o["score"], cutoff=o["cutoff"],
                    severity=o["severity"], reasons=reasons,
                    discounted=o.get("discounted", {}).get("text", ""),
                    comparison=o.get("comparison", ">="),
                    changes=[change_line(c) for c in o.get("changes", [])],
                    changes_total=int(o.get("changes_total", 0)), raw=o)


def diff(old, new, *, format=None):
    """The DiffX edit script that turns old into new, as `smart diff --json`
    prints it (docs/script-format.md): {"operations": [...], "summary": {...}}."""
    old_b, new_b = _bytes(old, "old"), _bytes(new, "new")
    ptr = _call(_lib.lib().smart_explain_diff, _document(old_b, "old"),
                _document(new_b, "new"), _format(format))
    return json.loads(_lib.take_string(ptr))
