"""Whether a module is worth parsing with libcst: whether its analysis can find anything.

**A module is parsed with libcst only when its analysis can find something a rule or another
module reads** (`worth_parsing`): when it receives a reach from another module (a traced call or
hand-off of one of its functions, a value returned to its trace, an object an imported function
makes), or spells a name that may resolve to a context marker or accelerated base somewhere
other than the import that binds it (acclint.parse.prefilter.marker_names), or spells the name
of a wrapper of another module it imports (its `Wrappers` seed). Without any of these no
function of it is in a context, it sends no reach and no rule reports in it: a package
`__init__` re-exporting a wrapper, a module importing `jit` it never applies. What other modules
read of it, the project index (acclint.analysis.project.FileIndex: exports, hand-offs,
declarations, returned makers), comes from the `ast` tree whether it is parsed or not.

The project's reach (acclint.analysis.project) and the engine's lint (acclint.lint.engine) ask
it alike, so a module skipped by one is skipped by the other. It lives in the analysis layer
because the answer is read off the analysis' own seeds.
"""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from typing import Callable, Iterable

from acclint.analysis.reach import Imported, Passed, Returned, Seed
from acclint.analysis.wrappers import Wrappers, tail


def worth_parsing(
    spells_marker: bool, seeds: Iterable, spelled: frozenset[str] | None, source: Callable[[], bytes] | None,
) -> bool:
    """Whether a module's analysis with `seeds` can find anything a rule or another module
    reads (this module's docstring says when): `spells_marker` is the front end's
    `Screened.spells_marker`. Whether the module spells a wrapper of its `Wrappers` seed is read
    off `spelled`, the words the project index found it spelling, or else off its bytes
    (`source`, read only then; without it, the answer is yes)."""
    if spells_marker:
        return True
    words: set[str] = set()
    for seed in seeds:
        if type(seed) is Seed or type(seed) is Returned or type(seed) is Passed or (type(seed) is Imported and (seed.made or seed.compiled)):
            return True  # reached from another module, passed a compiled callable, holding what an imported function makes or calling a compiled one
        if type(seed) is Wrappers:
            words.update(tail(name) for name, _, _ in seed.functions)
            words.update(name for name, _, _ in seed.methods)
    if not words:
        return False
    if spelled is not None:
        return not spelled.isdisjoint(words)
    return source is None or spells_a_word(source(), frozenset(words))


@lru_cache(maxsize=256)
def spells_a_word(source: bytes, words: frozenset[str]) -> bool:
    """Whether the module `source` spells one of `words` as a name or an attribute (`my_jit(f)`,
    `@compile.my_jit`, `obj.wrapping_method(f)`), or under a name an import binds it to
    (`from .compile import my_jit as mj`, then `mj`): where a wrapper of another module may be
    applied. Read off the text first (none of the words in it: no), then off the `ast` tree; a
    tree that cannot be had answers yes. Kept for the lint pass, which asks again of the same
    bytes (the project's reach asked first)."""
    if not re.search(rb"\b(?:" + b"|".join(re.escape(w.encode()) for w in sorted(words)) + rb")\b", source):
        return False
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return True
    names: set[str] = set()
    renamed: list[ast.alias] = []
    for node in ast.walk(tree):
        kind = type(node)
        if kind is ast.Name:
            names.add(node.id)
        elif kind is ast.Attribute:
            names.add(node.attr)
        elif kind is ast.alias and node.asname:
            renamed.append(node)
    names.update(alias.name.rsplit(".", 1)[-1] for alias in renamed if alias.asname in names)
    return not names.isdisjoint(words)
