"""What the project's reach looked at, so that a file added later can be told to change nothing
of it without working the reach out again (the result cache asks, acclint.run.cache).

The reach (acclint.analysis.project) learns which module names the project has only by looking
names up (`in_project`, and the files a dotted name may be), and the wrappers (acclint.analysis.
project_wrappers) read a file when its text names a marker, imports an installed library or
holds the name of a wrapper. So a file added since takes no part in the reach, and every other
file receives the seeds it received, when

- its text names no marker (the text prefilter: it is never analysed, and nothing in it is traced),
- it imports nothing but the standard library and the frameworks' own namespaces (no installed
  library acclint reads, whose wrappers it could call),
- its text holds no wrapper's name (no wrapper can be called from it, nor a function of it become one),
- it is no package's `__init__.py` (which renames the modules beside it), and
- its module name is none the reach looked up (no name of another file resolves to it).

Such a file receives no seeds itself. This module imports no parser, so that asking costs a run
served from the cache nothing of the analysis.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from acclint.files.module_names import module_name
from acclint.frameworks.markers import MarkerTable
from acclint.parse.prefilter import may_hold_context

# The top-level module of each import statement (`import optax`, `from flax import linen`).
IMPORT = re.compile(rb"^[ \t]*(?:from|import)[ \t]+([A-Za-z_]\w*)", re.MULTILINE)


@dataclass(frozen=True)
class Footprint:
    """The module names the reach looked up, and the last names of the project's wrappers."""

    looked_up: frozenset[str] = frozenset()
    words: frozenset[str] = frozenset()

    def leaves_alone(self, path: str, source: bytes, markers: MarkerTable) -> bool:
        """Whether `path`, added to the project with the bytes `source`, takes no part in the
        reach this is the footprint of (the module docstring says when)."""
        if os.path.basename(path) == "__init__.py" or may_hold_context(source, markers):
            return False
        if not all(_never_read(top.decode(), markers) for top in IMPORT.findall(source)):
            return False
        if self.words and re.search(rb"\b(?:" + b"|".join(re.escape(w.encode()) for w in sorted(self.words)) + rb")\b", source):
            return False
        return module_name(Path(path)) not in self.looked_up

    def to_data(self) -> list:
        return [sorted(self.looked_up), sorted(self.words)]

    @classmethod
    def from_data(cls, data) -> Footprint | None:
        """The footprint `to_data` made, or None for anything else."""
        if not isinstance(data, list) or len(data) != 2 or not all(
            isinstance(names, list) and all(isinstance(n, str) for n in names) for names in data
        ):
            return None
        return cls(frozenset(data[0]), frozenset(data[1]))


def _never_read(top: str, markers: MarkerTable) -> bool:
    """Whether a module imported as `top` is one acclint never reads as an installed library:
    the standard library's, or a framework's own namespace."""
    return top in sys.stdlib_module_names or (top + ".").startswith(markers.modelled)
