"""Whether a once-block returns early, so that the first call takes a path of its own.

ACC409 leaves a lazy initialisation alone (`if not self._built: ...; self._built = True`): it runs
on the first call eagerly as well as traced, and the later calls compute what they computed
anyway. A once-block that returns (`if not self._built: self._built = True; return
self._prev.assign(values)`) is another thing: the first call skips the code after it, so which
path a call takes depends on the flag, a Python value read while tracing. The trace keeps the
path of the call that traced it: Keras traces `fit`'s step twice (the first trace builds the
optimizer's variables), so the kept graph never takes the first call's path (larq#100: 0.375
against eager 0.286; a metric counting its paths over 4 steps: (0, 4) under `fit`, (1, 3)
eagerly; run: benchmarks/framework_runs.py keras_once_block_returning_early); a single trace
takes it on every call (a `tf.function` or `jax.jit` method: 0, 0, 0 against eager 0, 2, 2;
runs keras_once_block_returning_early, jit_once_block_returning_early). A once-block that only
initialises reads the same under `fit` and eagerly (the run's look-alike).
"""

from __future__ import annotations

import libcst as cst

from acclint.analysis.names import dotted_name, once_block
from acclint.analysis.walk import walk_body


def returns_early(block: cst.If, ancestors: list[cst.CSTNode], module: cst.Module) -> bool:
    """Whether `block`'s body sets its flag to a bool, returns and skips code after the block:
    the statements that follow it in its suite are not one `return` spelt as the block's own
    (`if self.f is None: self.f = build(); return self.f(x)` then `return self.f(x)` computes
    the same on either path)."""
    returned = [module.code_for_node(n.value) for n in walk_body(block.body) if isinstance(n, cst.Return) and n.value is not None]
    if not returned or not _sets_a_flag(block):
        return False
    at = next((i for i, a in enumerate(ancestors) if a is block), None)
    suite = ancestors[at - 1] if at else None
    body = getattr(suite, "body", ())
    statements = list(body.body if isinstance(body, cst.BaseSuite) else body)
    after = statements[statements.index(block) + 1:] if block in statements else []
    if not after:
        return False
    last = after[0].body[0] if len(after) == 1 and isinstance(after[0], cst.SimpleStatementLine) and len(after[0].body) == 1 else None
    return not (isinstance(last, cst.Return) and last.value is not None and set(returned) == {module.code_for_node(last.value)})


def _sets_a_flag(block: cst.If) -> bool:
    """Whether the once-block sets its flag to `True`/`False`: a flag that only chooses the path.
    A value stored under a `None` test (`if self.fn is None: self.fn = args[0]; return self`,
    numpyro's handler used as a decorator) is what later calls use: set-up, not a path."""
    flag = once_block(block)
    return flag is not None and any(
        isinstance(n, cst.Assign) and isinstance(n.value, cst.Name) and n.value.value in ("True", "False")
        and any(dotted_name(t.target) == flag for t in n.targets)
        for n in walk_body(block.body)
    )


def under_returning_once_block(ancestors: list[cst.CSTNode], module: cst.Module) -> bool:
    """Whether a node with these `ancestors` lies in the body of a once-block that returns early:
    its flag decides a call's path, so setting it is no set-up (Keras' `self.built = True`)."""
    return any(
        isinstance(a, cst.If) and at + 1 < len(ancestors) and ancestors[at + 1] is a.body and once_block(a) is not None
        and returns_early(a, ancestors, module)
        for at, a in enumerate(ancestors)
    )
