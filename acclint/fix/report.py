"""Reporting a finding together with its fix, or with the reason no fix is offered."""

from __future__ import annotations

import libcst as cst

from acclint.common.findings import Fix
from acclint.lint.rule import RuleContext


def report_with_fix(ctx: RuleContext, node: cst.CSTNode, message: str, fix: Fix | str) -> None:
    """Report `node` with `fix`; a string instead of a fix is why none is offered, and the
    message ends with it: `... (no fix: branch calls 'log_step', which may have side effects)`."""
    if isinstance(fix, str):
        ctx.report(node, f"{message} (no fix: {fix})")
    else:
        ctx.report(node, message, fix)
