"""The libsmart functions the binding calls, declared for ctypes.

Only the public API of include/smart/explain.h, model.h and profile.h is
used, so nothing is compiled when the module is imported. The library is
found by $SMART_LIBRARY, else at the path `make install` wrote into
_installed.py, else by the system's library search (libsmart.so).
"""
import ctypes
import ctypes.util
import os

SMART_ERROR_MAX = 512
SMART_EXPLAIN_OPTIONS_VERSION = 2
FORMATS = {None: 0, "auto": 0, "html": 1, "xml": 2}


class Error(ctypes.Structure):
    """smart_error: the one line a failed call leaves."""
    _fields_ = [("message", ctypes.c_char * SMART_ERROR_MAX)]


class Document(ctypes.Structure):
    """smart_document: a document's bytes and the name its errors carry."""
    _fields_ = [("data", ctypes.c_char_p), ("len", ctypes.c_size_t),
                ("name", ctypes.c_char_p)]


class ExplainOptions(ctypes.Structure):
    """smart_explain_options (SMART_EXPLAIN_OPTIONS_INIT sets version, top, max_changes)."""
    _fields_ = [("version", ctypes.c_uint), ("format", ctypes.c_int),
                ("profile", ctypes.c_void_p), ("test", ctypes.c_char_p),
                ("top", ctypes.c_uint), ("max_changes", ctypes.c_uint),
                ("accepted", ctypes.c_void_p)]


def _installed(name):
    """A path `make install` recorded in _installed.py, or None in a source tree."""
    try:
        from . import _installed as paths
    except ImportError:
        return None
    return getattr(paths, name, None)


def library_path():
    """Where libsmart is loaded from: $SMART_LIBRARY, the installed path, or the search."""
    path = os.environ.get("SMART_LIBRARY") or _installed("LIBRARY")
    if path:
        return path
    return ctypes.util.find_library("smart") or "libsmart.so"


def _declare(lib):
    """Sets the argument and result types of the functions used."""
    P = ctypes.POINTER
    err = P(Error)
    lib.smart_explain_model_load.argtypes = [ctypes.c_char_p, err]
    lib.smart_explain_model_load.restype = ctypes.c_void_p
    lib.smart_model_free.argtypes = [ctypes.c_void_p]
    lib.smart_model_free.restype = None
    lib.smart_profile_load.argtypes = [ctypes.c_char_p, err]
    lib.smart_profile_load.restype = ctypes.c_void_p
    lib.smart_profile_free.argtypes = [ctypes.c_void_p]
    lib.smart_profile_free.restype = None
    lib.smart_accepted_load.argtypes = [ctypes.c_char_p, err]
    lib.smart_accepted_load.restype = ctypes.c_void_p
    lib.smart_accepted_free.argtypes = [ctypes.c_void_p]
    lib.smart_accepted_free.restype = None
    lib.smart_model_use_profile_cutoff.argtypes = [ctypes.c_void_p]
    lib.smart_model_use_profile_cutoff.restype = None
    lib.smart_model_carried_profile.argtypes = [ctypes.c_void_p, ctypes.c_char_p, err]
    lib.smart_model_carried_profile.restype = ctypes.c_void_p
    lib.smart_model_add_carried_accepted.argtypes = [ctypes.c_void_p, ctypes.c_char_p,
                                                     P(ctypes.c_void_p), err]
    lib.smart_model_add_carried_accepted.restype = ctypes.c_int
    lib.smart_accepted_merge.argtypes = [ctypes.c_void_p, ctypes.c_void_p, err]
    lib.smart_accepted_merge.restype = ctypes.c_int
    lib.smart_explain_pair.argtypes = [ctypes.c_void_p, P(Document), P(Document),
                                       P(ExplainOptions), err]
    lib.smart_explain_pair.restype = ctypes.c_void_p
    lib.smart_explain_diff.argtypes = [P(Document), P(Document), ctypes.c_int, err]
    lib.smart_explain_diff.restype = ctypes.c_void_p
    lib.smart_explain_free.argtypes = [ctypes.c_void_p]
    lib.smart_explain_free.restype = None
    return lib


_lib = None


def lib():
    """The loaded library (loaded on first use, so that importing never fails)."""
    global _lib
    if _lib is None:
        path = library_path()
        try:
            _lib = _declare(ctypes.CDLL(path))
        except OSError as e:
            raise ImportError(
                f"smart: cannot load libsmart ({path}): {e}; install smart "
                "(make install) or set SMART_LIBRARY to libsmart.so") from e
    return _lib


def take_string(ptr):
    """The text of a string libsmart returned, which is then freed."""
    try:
        return ctypes.string_at(ptr).decode("utf-8")
    finally:
        lib().smart_explain_free(ptr)
