"""Discovers the rules: every `Rule` subclass with a `code` in the modules of `acclint.rules`.

The engine knows no rule by name; adding a rule is adding a class to a module there.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Callable

from acclint.frameworks.markers import MarkerTable
from acclint.lint.rule import Rule


@cache
def all_rules() -> tuple[type[Rule], ...]:
    import acclint.rules as package

    found: dict[str, type[Rule]] = {}
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, Rule) and value.__dict__.get("code"):
                if value.code in found and found[value.code] is not value:
                    raise RuntimeError(f"two rules claim {value.code}: {found[value.code].__name__}, {value.__name__}")
                found[value.code] = value
    return tuple(sorted(found.values(), key=lambda r: r.code))


def rule_by_code(code: str) -> type[Rule] | None:
    for rule in all_rules():
        if rule.code == code.upper():
            return rule
    return None


def select_rules(select: tuple[str, ...] = (), ignore: tuple[str, ...] = ()) -> tuple[type[Rule], ...]:
    """Rules whose code starts with a selected prefix (all when none) and no ignored prefix."""
    chosen = []
    for rule in all_rules():
        if select and not rule.code.startswith(tuple(select)):
            continue
        if ignore and rule.code.startswith(tuple(ignore)):
            continue
        chosen.append(rule)
    return tuple(chosen)


def objects_read(markers: MarkerTable) -> Callable[[str], bool]:
    """Whether some reader looks up the class `qualified` of an object a function's parameter
    is handed (`ModuleAnalysis.types(..., callers=True)`): the analysis, for a method marker
    (`markers.method_classes`: `ds.map` of a `tensorflow.data.Dataset`), or a rule
    (`Rule.reads_objects_of`). The one place that says which classes the data read: another
    module's calls hand on only those (`CallSite` seeds, acclint.analysis.project)."""
    rules = all_rules()
    found: dict[str, bool] = {}

    def reads(qualified: str) -> bool:
        answer = found.get(qualified)
        if answer is None:
            answer = found[qualified] = qualified in markers.method_classes or any(rule.reads_objects_of(qualified) for rule in rules)
        return answer

    return reads
