"""The runtime's `ifelse`: the branch rewrite for runtime code a select cannot be proven exact for.

`where(c, a, b)` promotes its branches to one dtype and broadcasts them and the condition to one
shape, and for the runtime's dlarrays acclint can prove neither: their data is floating point
or logical (`relu` of a logical dlarray is int32, `0.1 * x` float32), and a function of
the runtime's has a MATLAB default dimension acclint does not model. The runtime's
`ifelse(c, a, b)` (docs/runtime.md) raises instead, on every call and trace build, whichever
branch the condition picks: a `TypeError` where `a` and `b` differ in dtype or weak type, a
`ValueError` where they differ in size or format or the condition has more than one element (the
original's `if` needed one). So it computes what the `if` did or fails loudly, and only what a
select always needs is left to prove: each branch free of effects and an array (or a number),
and the derivatives of the branch not picked bounded (the runtime computes both branches and
multiplies the one not picked by a zero cotangent, as a select does).
"""

from __future__ import annotations

from acclint.fix.imports import Spelling, spelled
from acclint.fix.select import NoFix
from acclint.lint.rule import RuleContext

CHECKED = "ifelse"  # the framework's spelling key and the function's name


def checked_spelling(ctx: RuleContext) -> Spelling:
    """The framework's checked select (the runtime's `ifelse`); NoFix where it has none."""
    found = spelled(ctx, CHECKED)
    if found is None:
        raise NoFix("no checked select")
    return found
