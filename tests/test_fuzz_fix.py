"""Fuzzing the fixer: generated programs (tests/fuzz_programs.py) run through `--fix` with
unsafe fixes must come back parsing, with every comment kept, and be a fixpoint (a second
run changes nothing).

Generated programs alone almost never hold a branch on a traced value, so each one gets a
drawn branch chain appended (inside the same `@jax.jit` function): conditions with `and`,
`not` and chained comparisons, arms that return or assign, `elif`/`else`, and comments in
every place a chain can hold one. The run is bounded (120 examples, about 20 s of CPU);
a failing example prints the program.
"""

from __future__ import annotations

import io
import tokenize
from collections import Counter

import pytest
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from acclint.api import lint_bytes, options_for
from acclint.run.config import Settings
from acclint.fix.apply import FixError, fix_source
from fuzz_programs import jitted, programs, python_accepts

pytestmark = pytest.mark.filterwarnings("ignore::SyntaxWarning")  # generated code calls `1()` and the like

# ACC001's fix removes an unused `# noqa` on purpose (tests/test_unused_noqa.py); the chains'
# `# noqa: ACC203` is here to show that the other rules' fixes keep every comment and never edit a noqa line.
SETTINGS = Settings(ignore=("ACC001",))
OPTIONS = options_for(SETTINGS)

_CONDITIONS = ["x.sum() > {c}", "x.max() < {c} and y.min() > {c}", "not x.mean() > {c}", "-{c} < x.sum() < {c}",
               "x.sum() > {c} or y.sum() < -{c}"]
_VALUES = ["x * {c}", "-x", "x + y", "{c}", "y - x * {c}"]


def _comment(draw) -> str:
    return draw(st.sampled_from(["", "  # note", "  # expect: ACC201", "  # noqa: ACC203"]))


@st.composite
def _chains(draw) -> str:
    """An `if`/`elif`/`else` chain on `x` and `y` that returns or assigns `z`, with comments."""
    constant = lambda: draw(st.sampled_from(["0", "1.0", "2.5"]))  # noqa: E731
    arms = draw(st.integers(1, 3))
    has_else = draw(st.booleans())
    returns = draw(st.booleans())
    lines = ["z = x" + _comment(draw)]
    for i in range(arms):
        head = "if" if i == 0 else "elif"
        if i and draw(st.booleans()):
            lines.append("# before the elif")
        lines.append(f"{head} {draw(st.sampled_from(_CONDITIONS)).format(c=constant())}:{_comment(draw)}")
        value = draw(st.sampled_from(_VALUES)).format(c=constant())
        lines.append(f"    {'return' if returns else 'z ='} {value}{_comment(draw)}")
        if draw(st.booleans()):
            lines.append("    # the arm ends here")
    if has_else:
        lines.append("else:" + _comment(draw))
        value = draw(st.sampled_from(_VALUES)).format(c=constant())
        lines.append(f"    {'return' if returns else 'z ='} {value}")
    elif returns:
        if draw(st.booleans()):
            lines.append("# otherwise")
        lines.append(f"return {draw(st.sampled_from(_VALUES)).format(c=constant())}")
    return "\n".join(lines) + "\n"


def _comments(source: bytes) -> Counter:
    text = source.decode("utf-8")
    return Counter(t.string for t in tokenize.generate_tokens(io.StringIO(text).readline) if t.type == tokenize.COMMENT)


def _lint(data: bytes):
    return lint_bytes(data, "fuzz.py", SETTINGS, OPTIONS)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(program=programs(), chain=_chains(), order=st.booleans())
@example(  # Python's tokenizer refuses this layout (form feeds before continuations); its compiler does not
    program='try:\n pass\n\x0c  \\\n\\\n \\\r\n#\U0002bdf5\u0100\n\t\t \\\r\n\t\x0c\\\n\\\n#\n\x0c \x0c\\\n# type: ignore\n  \x0c#\U000169b8\x13\n\t\t \\\r \n\nfinally: \t\x0c\t\\\r\\\n\\\r\n\t\t pass\n',
    chain='z = x\nif x.sum() > 0:\n    return x * 0  # note\n# otherwise\nreturn x * 0\n',
    order=True,
)
def test_fixed_programs_parse_keep_their_comments_and_are_a_fixpoint(program, chain, order):
    body = chain + program if order else program + "\n" + chain
    source = jitted(body)
    if not python_accepts(source):
        event("not valid Python once wrapped")
        return
    data = source.encode("utf-8")
    try:
        outcome = fix_source(data, "fuzz.py", _lint, unsafe=True)
    except FixError as exc:
        refusals = ("libcst does not write this file back", "cannot check that every comment is kept")
        assert any(reason in str(exc) for reason in refusals), (str(exc), source)
        event("refused: " + next(reason for reason in refusals if reason in str(exc)))
        return
    event(f"fixes applied: {min(len(outcome.applied), 3)}{'+' if len(outcome.applied) >= 3 else ''}")
    fixed = outcome.fixed.decode("utf-8")
    assert python_accepts(fixed), fixed
    assert not _comments(data) - _comments(outcome.fixed), fixed
    again = fix_source(outcome.fixed, "fuzz.py", _lint, unsafe=True)
    assert again.fixed == outcome.fixed and again.applied == [], fixed
