"""Item writes reached through an attribute, as writes of the items a trace read through it.

`env.params["B"][2] = m` changes no attribute of `env`: it changes, in place, the object its
`params` attribute holds. A trace keyed on `env` by identity (a static `self`) that read
`self.params["B"][2]` while tracing keeps the old matrix (pymdp#165; run:
benchmarks/framework_runs.py jit_static_self_item_written), as it keeps an attribute rebound.
The write matters only where its subscripts and the read's lead to the same object: one key list
is a prefix of the other (`params["B"] = ...` replaces what `params["B"][2]` reads, and
`params["B"][2] = ...` changes the list `params["B"]` reads), keys compared as spelt, a key that
is no literal matching any.
"""

from __future__ import annotations

import dataclasses
from typing import Iterable

import libcst as cst

from acclint.analysis.scopes import literal_value, NOT_LITERAL


def subscript_keys(node: cst.BaseExpression) -> tuple[object, ...] | None:
    """The keys of a chain of single subscripts (`["B"][2]` of `x.params["B"][2]`), outermost
    last, as literal values (NOT_LITERAL for any other), after the attribute it hangs from; None
    for a slice or several indices."""
    keys: list[object] = []
    while isinstance(node, cst.Subscript):
        if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
            return None
        keys.append(literal_value(node.slice[0].slice.value))
        node = node.value
    return tuple(reversed(keys))


def _same_object(written: tuple[object, ...], read: tuple[object, ...]) -> bool:
    """Whether one key list is a prefix of the other, a key that is no literal matching any."""
    return all(w is NOT_LITERAL or r is NOT_LITERAL or w == r for w, r in zip(written, read))


def item_writes(events: Iterable, attr: str, read: tuple[object, ...]) -> list:
    """The item writes (`item` events) through an attribute `attr` (`o.attr[k] = v`, `o.attr[k][i]
    = v`) by module-level code, a function, or a method through another object than its own
    (`self.model.cfg["mix"] = v`, not `self.cfg["mix"] = v`) that reach what a read with
    subscripts `read` reads, each as the write of that attribute (kind `attr`, its node the
    `o.attr` the subscripts hang from)."""
    found = []
    for event in events:
        node = event.node
        if event.kind != "item" or not isinstance(node, cst.Subscript):
            continue
        base = node
        while isinstance(base, cst.Subscript):
            base = base.value
        if _own_attribute(base, event.scope):
            continue  # a method's item writes of its own attributes are left out: its object's own book-keeping (numpyro's
            # MCMC sets `self._collection_params[...]` before each run, whose trace is new), not judged by call order
        keys = subscript_keys(node)
        if isinstance(base, cst.Attribute) and base.attr.value == attr and keys is not None and _same_object(keys, read):
            found.append(dataclasses.replace(event, kind="attr", name=attr, node=base))
    return found


def _own_attribute(base: cst.BaseExpression, scope) -> bool:
    """Whether `base` (`self.cfg`) is an attribute of the object of the method `scope`."""
    return (
        scope is not None and scope.cls is not None and isinstance(base, cst.Attribute)
        and isinstance(base.value, cst.Name) and base.value.value == scope.instance_param
    )
