"""Digests of plain data that are equal in every process: the keys of the result cache and of
the project's per-file summaries (`hash()` of a string differs between processes, and so does
the order of a set of strings)."""

from __future__ import annotations

import hashlib
from dataclasses import fields, is_dataclass
from enum import Enum


def canonical(value):
    """`value` as nested tuples of plain values that are equal in every process (sets sorted,
    enums by name, dataclasses by field), so its digest can key the cache across runs."""
    if is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__, *(canonical(getattr(value, f.name)) for f in fields(value)))
    if isinstance(value, (set, frozenset)):
        return tuple(sorted((canonical(v) for v in value), key=repr))
    if isinstance(value, (tuple, list)):
        return tuple(canonical(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((repr(k), canonical(v)) for k, v in value.items()))
    if isinstance(value, Enum):
        return value.name
    return value


def digest(value) -> str:
    return canonical_digest(canonical(value))


def canonical_digest(form) -> str:
    """The digest of a value already in its canonical form (a caller that keeps the canonical
    forms of parts it digests again and again)."""
    return hashlib.sha256(repr(form).encode("utf-8")).hexdigest()
