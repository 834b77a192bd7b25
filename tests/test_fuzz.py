"""Generated programs through the engine and the flake8 plugin: nothing raises, findings lie
inside the file, flake8 says what the engine says (tests/fuzz_check.py), and a program wrapped
in an `@jax.jit` function really reaches the analysis.

A bounded run (150 programs, each linted as it is and wrapped, 300 lints, well under a
minute); benchmarks/fuzz.py is the long
run (10,000 programs) with counts of libcst's refusals.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from fuzz_check import lint_program
from fuzz_programs import jitted, programs, python_accepts

# Generated code is full of `1()` and the like, which Python warns about when compiling it.
pytestmark = pytest.mark.filterwarnings("ignore::SyntaxWarning")
BOUNDED = settings(max_examples=150, deadline=None, database=None, suppress_health_check=list(HealthCheck))


# One generated program serves both checks: hypothesmith's generation costs about as much as
# the linting, and each check still sees 150 programs.
@BOUNDED
@given(programs())
def test_any_program_lints_without_raising_and_reaches_the_analysis_in_a_jitted_function(program):
    lint_program(program)
    wrapped = jitted(program)
    outcome = lint_program(wrapped)
    if python_accepts(wrapped):
        assert outcome.analysed or outcome.libcst_refused, (outcome.error, wrapped)


def test_the_wrapper_keeps_module_only_statements_outside_and_the_rest_inside():
    wrapped = jitted("from __future__ import annotations\n@dec\ndef g():\n    pass\nx = 1\n")
    assert wrapped.startswith("from __future__ import annotations\nimport jax\n")
    assert "\n    @dec\n    def g():\n        pass\n    x = 1\n    return x\n" in wrapped
    assert python_accepts(wrapped)
