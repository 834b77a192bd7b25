"""Why ``dlaccelerate`` built a new trace: the input that changed, compared with the closest
cached key (as JAX's ``explain_cache_misses`` does), and the warning after a run of them.

A trace key (see ``accelerate``) is described here leaf by leaf: each input leaf's path
(positional argument, keyword, and the path inside a nested input) maps to its key part, and
each top-level argument to its pytree structure. Comparing two descriptions names what
differs: a dlarray's size, format, dtype or whether ``dlfeval`` traces it; another input's
value (or type); an argument's structure; an argument present in only one of the calls.
"""

import dataclasses
import inspect

import jax
import numpy as np

from .dlarray import dlarray


class RetraceWarning(UserWarning):
    """An accelerated function built a new trace on several consecutive calls."""


@dataclasses.dataclass(frozen=True)
class Change:
    """One input that differs from the closest cached key: ``argument`` (readable: position
    or keyword and the path inside it), ``what`` (``"size"``, ``"format"``, ``"dtype"``,
    ``"traced by dlfeval"``, ``"value"``, ``"type"``, ``"structure"``, ``"presence"``), ``old`` and
    ``new`` (readable values)."""

    argument: str
    what: str
    old: str
    new: str

    def __str__(self):
        return f"{self.argument}: {self.what} {self.old} -> {self.new}"


@dataclasses.dataclass(frozen=True)
class CacheMiss:
    """A new trace of ``function`` for a call whose key differs from every cached one;
    ``changes`` compares it with the closest cached key (fewest differing inputs)."""

    function: str
    changes: tuple

    def __str__(self):
        return (f"new trace of {self.function} because " + "; ".join(map(str, self.changes)))


def describe(fun, args, kwargs, leaf_key):
    """The key description of the call ``fun(*args, **kwargs)``: ``(leaves, structures)``,
    where ``leaves`` maps each leaf's readable path to its trace-key part ``leaf_key(leaf)``
    (tagged ``"dlarray"`` or ``"value"``) and ``structures`` each top-level argument to its
    pytree structure. Key parts, not the inputs, are kept: a description holds no arrays."""
    names = _parameter_names(fun)
    leaves, structures = {}, {}
    for position, arg in enumerate(args):
        _add(leaves, structures, _positional(names, position), arg, leaf_key)
    for name, arg in kwargs.items():
        _add(leaves, structures, f"keyword argument '{name}'", arg, leaf_key)
    return leaves, structures


def _add(leaves, structures, argument, value, leaf_key):
    flat, structures[argument] = jax.tree_util.tree_flatten_with_path(
        value, is_leaf=lambda x: isinstance(x, dlarray))
    for path, leaf in flat:
        inside = jax.tree_util.keystr(path)
        tag = "dlarray" if isinstance(leaf, dlarray) else "value"
        leaves[f"{argument}{' at ' + inside if inside else ''}"] = (tag, leaf_key(leaf))


def _parameter_names(fun):
    try:
        parameters = inspect.signature(fun).parameters.values()
    except (TypeError, ValueError):
        return []
    return [p.name for p in parameters
            if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]


def _positional(names, position):
    named = f" '{names[position]}'" if position < len(names) else ""
    return f"argument{named} (position {position})"


def explain(function, new, cached):
    """The ``CacheMiss`` of a call described by ``new`` against the cached descriptions
    ``cached`` (oldest first; the newest of equally close ones wins), or None when nothing
    is cached."""
    best = None
    for old in cached:
        changes = _changes(new, old)
        if best is None or len(changes) <= len(best):
            best = changes
    return None if best is None else CacheMiss(function, tuple(best))


def _changes(new, old):
    (new_leaves, new_structures), (old_leaves, old_structures) = new, old
    changes = []
    for argument in sorted(old_structures.keys() | new_structures.keys()):
        if argument not in old_structures or argument not in new_structures:
            changes.append(Change(argument, "presence",
                                  "given" if argument in old_structures else "absent",
                                  "given" if argument in new_structures else "absent"))
        elif old_structures[argument] != new_structures[argument]:
            changes.append(Change(argument, "structure",
                                  *_where_different(str(old_structures[argument]),
                                                    str(new_structures[argument]))))
    if changes:  # the leaves of different structures do not correspond
        return changes
    for path, leaf in new_leaves.items():
        changes += _leaf_changes(path, old_leaves[path], leaf)
    return changes


def _leaf_changes(path, old, new):
    (old_tag, old_key), (new_tag, new_key) = old, new
    if old_key == new_key:
        return []
    if old_tag != new_tag:
        return [Change(path, "type", _readable(old), _readable(new))]
    if new_tag == "value":
        same_type = old_key[0] == new_key[0]
        if same_type and old_key[0] != "array":
            return [Change(path, "value", _short(old_key[1]), _short(new_key[1]))]
        return [Change(path, "value" if same_type else "type", _readable(old), _readable(new))]
    (old_aval, old_fmt, old_traced), (new_aval, new_fmt, new_traced) = old_key, new_key
    changes = []
    if old_aval.shape != new_aval.shape:
        changes.append(Change(path, "size", str(old_aval.shape), str(new_aval.shape)))
    if old_fmt != new_fmt:
        changes.append(Change(path, "format", repr(old_fmt), repr(new_fmt)))
    if (old_aval.dtype, old_aval.weak_type) != (new_aval.dtype, new_aval.weak_type):
        changes.append(Change(path, "dtype", _dtype(old_aval), _dtype(new_aval)))
    if old_traced != new_traced:
        changes.append(Change(path, "traced by dlfeval", str(old_traced), str(new_traced)))
    return changes


def _dtype(aval):
    return str(aval.dtype) + (" (weakly typed)" if aval.weak_type else "")


def _readable(tagged):
    """A key part as the user would write the input: ``3``, ``array([1., 2.])``,
    ``dlarray float32[2] 'C'``."""
    tag, key = tagged
    if tag == "dlarray":
        return f"dlarray {key[0].str_short()} {key[1]!r}"
    if key[0] == "array":
        _, shape, dtype, data = key
        return _short(np.frombuffer(data, dtype=dtype).reshape(shape))
    return f"{key[0].__name__} {_short(key[1])}"


def _where_different(old, new, before=20, after=40):
    """``old`` and ``new`` cut to where they first differ (a network's structure is long)."""
    start = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
    cut = max(start - before, 0)
    prefix = "..." if cut else ""
    return tuple(prefix + text[cut:start + after] + ("..." if len(text) > start + after else "")
                 for text in (old, new))


def _short(value, limit=60):
    text = " ".join(repr(value).split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


ADVICE = {
    "value": "pass values that vary between calls (an iteration count, a learning rate) as "
             "dlarray, so they are traced instead of keyed by value",
    "type": "pass values that vary between calls as dlarray, so they are traced instead of "
            "keyed by value",
    "size": "pad sequences and batches to a few lengths (padsequences, a fixed batch size) so "
            "that a few traces are reused",
}


def warning_message(miss, streak):
    """The ``RetraceWarning`` text after ``streak`` consecutive new traces, the last ``miss``."""
    other = "keep input formats, dtypes and structures the same from call to call"
    advice = sorted({ADVICE.get(c.what, other) for c in miss.changes})
    changes = "; ".join(map(str, miss.changes))
    return (f"{miss.function} built a new trace on each of its last {streak} calls, which makes "
            f"acceleration slower than none; the last one because {changes}. To reuse traces, "
            + "; ".join(advice))
