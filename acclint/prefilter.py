"""The cheap text test that decides whether a file is worth parsing.

A file can hold a traced context only if its text names a context marker (`jit`, `grad`,
`scan`, `dlaccelerate`, `Acceleratable`, a configured accelerator, ...) as a word. Searching
the raw bytes with one compiled pattern costs far less than parsing, and most files of a
code base fail it.
"""

from __future__ import annotations

import re
from functools import cache

from acclint.markers import MarkerTable


@cache
def marker_pattern(markers: MarkerTable) -> re.Pattern[bytes]:
    words = {name.rsplit(".", 1)[-1] for name in markers.markers}
    words |= {name.rsplit(".", 1)[-1] for name in markers.acceleratable_bases}
    alternation = b"|".join(re.escape(w.encode()) for w in sorted(words))
    return re.compile(rb"\b(?:" + alternation + rb")\b")


def may_hold_context(source: bytes, markers: MarkerTable) -> bool:
    return marker_pattern(markers).search(source) is not None
