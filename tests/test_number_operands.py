"""`a + b` where one operand is surely a Python number: the other is an array, since a tuple or a
list cannot be added to a number (`len(x) + x` under torch.jit.trace, pytorch#55194). A traced
function's input is a pytree until a use says it is an array; `+` alone may join two tuples, so
only a number on the other side decides it. Runs: docs/contexts.md row `trace_len_of_input`."""

from __future__ import annotations

import textwrap

from acclint.api import lint_text
from acclint.run.config import Settings


def codes(source: str) -> dict[int, set[str]]:
    """Line -> the codes found there (lines of the dedented source, 1-based)."""
    out: dict[int, set[str]] = {}
    for f in lint_text(textwrap.dedent(source).lstrip("\n"), "m.py", Settings()).findings:
        out.setdefault(f.line, set()).add(f.code)
    return out


def test_len_added_to_the_input_bakes_the_example_length():
    """The report's `len(x) + x`, and three other spellings: the number on the right, converted
    by `float`, scaled by a literal; each `len` is the example's batch size under jit.trace."""
    found = codes("""
        import torch


        def left(x):
            return len(x) + x


        def right(x):
            return x + float(len(x))


        def scaled(x):
            return x + 2 * len(x)


        class LenModel(torch.nn.Module):
            def forward(self, x):
                return len(x) + x


        a = torch.jit.trace(left, torch.ones(2, 3))
        b = torch.jit.trace(right, torch.ones(2, 3))
        c = torch.jit.trace(scaled, torch.ones(2, 3))
        d = torch.jit.trace(LenModel(), torch.ones(2, 3))
    """)
    assert found == {5: {"ACC302"}, 9: {"ACC302"}, 13: {"ACC302"}, 18: {"ACC302"}}


def test_a_tuple_input_joined_with_a_tuple_or_its_size_read_is_fine():
    """Look-alikes: a tuple input joined with a tuple (`+` concatenates: the input may be a
    pytree, its length is fixed), a length added to an item (not to the input), and the report's
    own correct spelling `x.shape[0] + x` (recorded as an operation)."""
    assert codes("""
        import torch


        def joined(parts):
            return parts + (len(parts),)


        def item(parts):
            return len(parts) + parts[0]


        def shape(x):
            return x.shape[0] + x


        a = torch.jit.trace(joined, ((torch.ones(2), torch.ones(2)),))
        b = torch.jit.trace(item, ((torch.ones(2), torch.ones(2)),))
        c = torch.jit.trace(shape, torch.ones(2, 3))
    """) == {}
