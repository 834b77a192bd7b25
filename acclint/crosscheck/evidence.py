"""The dynamic side's vocabulary: what a run of a fixture case showed."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Evidence:
    """A family seen at a fixture line, or (``line`` None) something about the case as a whole.

    ``family`` is None for a consequence with no family of its own (outputs of the cached and
    the plain run differ, a tolerance check warned): it needs a located hazard to explain it.
    """

    family: str | None
    path: str | None
    line: int | None
    detail: str


@dataclass
class CaseRun:
    """The outcome of one case: its evidence, or why it could not be run; ``notes`` are what
    was seen but not taken as evidence (with the reason)."""

    module: str
    case: str
    evidence: list[Evidence] = field(default_factory=list)
    crash: str | None = None
    notes: list[str] = field(default_factory=list)
