"""Names a fix may bring into a module: fresh ones, free in every scope.

A temporary (`cond = ...`) or an added import alias must not change what any existing name
means: a module-level `cond` read by the function would be shadowed, a local `where` would be
called instead of the import. The sure test is that the name appears nowhere in the module, not
bound or read (a module path in an import, `jax` in `import jax.numpy as jnp`, and an
attribute name, `x.cond`, are no uses of a name).
"""

from __future__ import annotations

from functools import lru_cache

import libcst as cst

from acclint.analysis.walk import children


@lru_cache(maxsize=8)
def mentioned(module: cst.Module) -> frozenset[str]:
    """Every identifier the module spells anywhere (libcst nodes hash by identity, so this is
    computed once per parsed module)."""
    found: set[str] = set()
    stack: list[cst.CSTNode] = [module]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Name):
            found.add(node.value)
        elif isinstance(node, cst.ImportAlias):
            found.add(node.evaluated_alias or node.evaluated_name.split(".")[0])
        elif isinstance(node, cst.ImportFrom):
            stack.extend(node.names if isinstance(node.names, (list, tuple)) else ())
        elif isinstance(node, cst.Attribute):
            stack.append(node.value)
        else:
            stack.extend(children(node))
    return frozenset(found)


def fresh_names(module: cst.Module, base: str, count: int = 1) -> list[str]:
    """`count` names the module mentions nowhere: `base`, `base_1`, `base_2`, ..."""
    taken = mentioned(module)
    candidates = (base if n == 0 else f"{base}_{n}" for n in range(len(taken) + count + 1))
    return [name for name in candidates if name not in taken][:count]
