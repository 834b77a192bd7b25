"""ACC0xx: acclint's findings about acclint's own comments (ACC000, a file acclint cannot
analyse, is no rule: the engine and the server report it)."""

from __future__ import annotations

from acclint.frameworks.markers import CACHED, DIFFERENTIATED, KERNEL, VMAPPED
from acclint.lint.rule import Rule


class UnusedNoqa(Rule):
    """A `# noqa` that silences nothing acclint could report on its line (ruff's RUF100).

    What it does:
        Flags each acclint code listed in a `# noqa:` comment that silences no finding of that
        code (or of the codes it prefixes) on its line: inside the body of a function the run
        analyses as traced, and on module-level code (outside any function or lambda), which
        is never traced, for the rules that report only traced code (all but the host-loop
        rules, ACC5). A code no rule has (`ACC999`) is flagged as unknown. Inside a traced
        function it also flags a bare `# noqa` on a line where acclint reports nothing, when
        the run enables every rule. Left alone: other tools' codes (`E501`), a bare `# noqa`
        outside traced functions (on host code it is almost always another tool's, as in
        `import os  # noqa`) or on a line comparing to `True`, `False` or `None` by `==` or
        `!=` (pycodestyle's E711/E712, which array code needs: `mask == True` compares each
        element), codes whose rules the run does not enable (`--select`,
        `ignore`; ruff calls them "non-enabled"), ACC5 codes on module-level code (a run
        over more files may see a compiled function this one does not), and comments in host
        functions, since a helper that no linted file traces may still be traced from code
        the run does not see.

    Why is this bad:
        A stale `# noqa` hides the next real finding on its line: after the code was changed
        so that the hazard went away, a new hazard there would pass silently. It also tells
        readers of the code about a hazard that is no longer there.

    Example:
        @jax.jit
        def step(x):
            return x * 2  # noqa: ACC201

    Use instead:
        @jax.jit
        def step(x):
            return x * 2

    Fix safety:
        `--fix` removes the unused codes from the list, or the whole `# noqa: ...` directive
        when none is left (other text in the comment stays). Safe: comments do not change what
        the code does. Removing a bare `# noqa` is unsafe: another linter (ruff, flake8) may
        report something on the line that it silences; name that tool's codes instead
        (`# noqa: E501`). The finding is judged on this run's files: a `# noqa` for a finding
        that only a run over more files reports (a helper traced from a file left out) is
        unused in the narrower run, so fix ACC001 on runs over the whole project (`acclint
        check --fix .`). `# noqa: ACC001` on the line keeps its list as it is.
    """

    code = "ACC001"
    name = "unused-noqa"
    contexts = frozenset({CACHED, DIFFERENTIATED, KERNEL, VMAPPED})
    VALID = [
        """
import jax
import os  # noqa

@jax.jit
def step(x):
    if x > 0:  # noqa: ACC201
        x = -x
    print(x)  # noqa: ACC4, E501
    if x < 0:  # noqa
        x = x * 2
    return x

def host(x):
    return x  # noqa: ACC201 (host code is not checked)

for i in range(3):  # noqa: ACC5 (host loops are left alone on module-level code)
    step(i)
""",
    ]
    INVALID = [
        """
import jax

SCALE = 2.0  # noqa: ACC201  # expect: ACC001

@jax.jit
def step(x):
    y = x * 2  # noqa: ACC201  # expect: ACC001
    if x > 0:  # noqa: ACC201, ACC301  # expect: ACC001
        y = -y
    y = y + SCALE  # noqa  # expect: ACC001
    return y  # noqa: ACC999  # expect: ACC001
""",
    ]
