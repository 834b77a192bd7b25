"""loop_helpers._nodes(statements=True), the walk the cache-key analysis uses to find a function's
returns, assignments, steps and defs: it enters no expression and no simple statement, and must
yield every statement the full walk yields, in the same order, in both orders of walking."""

from pathlib import Path

import libcst as cst
import pytest

from acclint.analysis import loops
from acclint.analysis.loop_helpers import _nodes
from acclint.analysis.walk import walk_all

SOURCE = '''
import jax

@jax.jit
def f(x, n=lambda: (yield)):
    step = 0; step += 1
    if x:
        return [i for i in range(3)]
    elif n:
        y = x = 2
    else:
        with open("p") as h, g() as k:
            return h
    for i in range(3):
        while i:
            i -= 1
        else:
            break
    try:
        z = 1
    except* ValueError:
        pass
    try:
        pass
    except (KeyError, TypeError) as e:
        return e
    else:
        q = lambda: 3
    finally:
        del x
    match x:
        case [a, *rest] if a:
            return a
        case {"k": v}:
            w = v
        case _:
            pass
    def inner():
        return 5
    class C:
        def m(self):
            return 6
    async def later():
        async for a in b:
            await c
        async with d:
            return 7
    return (x := 3) if x else inner
'''


def _statements(nodes):
    return [n for n in nodes if isinstance(n, (cst.BaseStatement, cst.BaseSmallStatement))]


# Large real samples: the cache-key analysis's own modules (loops.py alone was 3,959 lines before
# its split into loop_*.py; the samples are all of them but loop_model.py, which holds data
# classes and few functions, so the walk still meets that much code).
_SAMPLES = sorted(p for p in Path(loops.__file__).parent.glob("loop*.py") if p.name != "loop_model.py")


@pytest.mark.parametrize("source", [SOURCE, *(p.read_text() for p in _SAMPLES)], ids=["varied", *(p.name for p in _SAMPLES)])
@pytest.mark.parametrize("in_order", [False, True])
def test_the_same_statements_in_the_same_order(source, in_order):
    module = cst.parse_module(source)
    roots = [module, *(n for n in walk_all(module) if isinstance(n, (cst.FunctionDef, cst.For, cst.If, cst.Match)))]
    assert len(roots) > 5
    for root in roots:
        full = _statements(_nodes(root, in_order=in_order))
        assert _statements(_nodes(root, in_order=in_order, statements=True)) == full
    assert any(isinstance(n, cst.Return) for n in _statements(_nodes(roots[1], in_order=in_order)))
