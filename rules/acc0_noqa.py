"""ACC0xx: acclint's findings about acclint's own comments (ACC000, a file acclint cannot
analyse, is no rule: the engine and the server report it)."""

from __future__ import annotations

from acclint.frameworks.markers import CACHED, DIFFERENTIATED, KERNEL, VMAPPED
from acclint.lint.rule import Rule


class UnusedNoqa(Rule):
    """A `# noqa: ACC...` code that silences nothing on its line (ruff's RUF100).

    What it does:
        Flags each acclint code listed in a `# noqa:` comment, inside the body of a function
        the run analyses as traced, when no finding of that code (or of the codes it prefixes)
        is reported on that line; a code no rule has (`ACC999`) is flagged as unknown. A bare
        `# noqa` and other tools' codes (`E501`) are left alone, and so is a code whose rules
        the run does not enable (`--select`, `ignore`): they may silence something in a run
        that enables them. Comments outside traced functions are not checked, since a helper
        that no linted file traces may still be traced from code the run does not see.

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
        the code does. The finding is judged on this run's files: a `# noqa` for a finding
        that only a run over more files reports (a helper traced from a file left out) is
        unused in the narrower run, so fix ACC001 on runs over the whole project
        (`acclint check --fix .`). `# noqa: ACC001` on the line keeps its list as it is.
    """

    code = "ACC001"
    name = "unused-noqa"
    contexts = frozenset({CACHED, DIFFERENTIATED, KERNEL, VMAPPED})
    VALID = [
        """
import jax

@jax.jit
def step(x):
    if x > 0:  # noqa: ACC201
        x = -x
    print(x)  # noqa: ACC4, E501
    return x  # noqa

def host(x):
    return x  # noqa: ACC201 (host code is not checked)
""",
    ]
    INVALID = [
        """
import jax

@jax.jit
def step(x):
    y = x * 2  # noqa: ACC201  # expect: ACC001
    if x > 0:  # noqa: ACC201, ACC301  # expect: ACC001
        y = -y
    return y  # noqa: ACC999  # expect: ACC001
""",
    ]
