"""Put the three sides side by side per fixture function: labels, linter, dynamic evidence.

Per function and family, the labelled lines must equal the linter's lines, and the dynamic side
must agree at line level where its evidence has a line (tracer errors, effect counts, the
runtime recorder), and at function level otherwise. Anything that keeps a function from being
judged (no recipe, a crash, evidence outside any function, a consequence no hazard explains) is
a problem of that function too.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from acclint.crosscheck.evidence import CaseRun, Evidence
from acclint.crosscheck.fixture_set import FixtureModule
from acclint.crosscheck.labels import family

FAMILIES = ("ACC1", "ACC2", "ACC3", "ACC4", "ACC5", "ACC6")


@dataclass
class FunctionVerdict:
    """All three sides for one fixture function, and what disagrees."""

    module: str
    style: str
    qualname: str
    labelled: dict[str, set[int]] = field(default_factory=lambda: defaultdict(set))
    static: dict[str, set[int]] | None = None
    dynamic: dict[str, set[int | None]] = field(default_factory=lambda: defaultdict(set))
    evidence: list[Evidence] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    covered: bool = False

    @property
    def name(self) -> str:
        return f"{self.module}.{self.qualname}"

    @property
    def positive(self) -> bool:
        return any(self.labelled.values())

    def agrees(self, fam: str) -> bool:
        return self.disagreement(fam) is None

    def disagreement(self, fam: str) -> str | None:
        labelled = self.labelled.get(fam, set())
        static = None if self.static is None else self.static.get(fam, set())
        observed = self.dynamic.get(fam, set())
        lines = {line for line in observed if line is not None}
        dynamic_ok = lines == labelled if lines else bool(observed) == bool(labelled)
        if dynamic_ok and (static is None or static == labelled):
            return None
        details = "; ".join(f"line {e.line}: {e.detail}" if e.line else e.detail
                            for e in self.evidence if e.family == fam) or "nothing observed"
        static_text = "not run" if static is None else _lines(static)
        return (f"{self.name} {fam}: labels {_lines(labelled)}, linter {static_text}, "
                f"dynamic {_lines(observed)} ({details})")


@dataclass
class Comparison:
    """The verdicts of every function, and problems of whole modules."""

    functions: list[FunctionVerdict]
    module_problems: list[str]
    notes: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # modules whose framework is not installed

    def disagreements(self) -> list[str]:
        found = list(self.module_problems)
        for verdict in self.functions:
            found.extend(verdict.problems)
            found.extend(filter(None, (verdict.disagreement(fam) for fam in FAMILIES)))
        return found


def _lines(lines: set) -> str:
    if not lines:
        return "-"
    return ",".join("fn" if line is None else str(line)
                    for line in sorted(lines, key=lambda v: -1 if v is None else v))


def compare(fixtures: list[FixtureModule], runs: list[CaseRun],
            static: dict[tuple[str, int], set[str]] | None) -> Comparison:
    """Build every function's verdict from the three sides."""
    verdicts: dict[tuple[str, str], FunctionVerdict] = {}
    problems: list[str] = []
    by_path = {str(f.path): f for f in fixtures}
    skipped = [f"{f.name}: {f.skipped}" for f in fixtures if f.skipped is not None]
    for fixture in fixtures:
        if fixture.skipped is not None:
            continue
        if fixture.error is not None:
            problems.append(f"{fixture.name}: {fixture.error}")
            continue
        for function in fixture.functions:
            verdict = FunctionVerdict(fixture.name, fixture.style, function.qualname)
            verdict.static = None if static is None else defaultdict(set)
            verdicts[(str(fixture.path), function.qualname)] = verdict
        for line, codes in fixture.labels.items():
            owner = fixture.function_at(line)
            if owner is None:
                problems.append(f"{fixture.name}:{line}: label outside any function")
                continue
            for code in codes:
                verdicts[(str(fixture.path), owner.qualname)].labelled[family(code)].add(line)
        for case, call in fixture.calls.items():
            for qualname in (case, *call.covers):
                key = (str(fixture.path), qualname)
                if key in verdicts:
                    verdicts[key].covered = True
                else:
                    problems.append(f"{fixture.name}: recipe {case!r} names unknown {qualname!r}")
    for (path, line), codes in (static or {}).items():
        fixture = by_path.get(path)
        if fixture is None or fixture.error is not None:
            continue
        owner = fixture.function_at(line)
        if owner is None:
            problems.append(f"{fixture.name}:{line}: linter finding {sorted(codes)} outside "
                            "any function")
            continue
        for code in codes:
            verdicts[(path, owner.qualname)].static[family(code)].add(line)
    for run in runs:
        _add_run(run, by_path, verdicts, problems)
    for verdict in verdicts.values():
        if not verdict.covered:
            verdict.problems.append(f"{verdict.name}: no recipe in CALLS runs it")
    notes = [f"{Path(run.module).stem}.{run.case}: {note}" for run in runs for note in run.notes]
    return Comparison(list(verdicts.values()), problems, notes, skipped)


def _add_run(run: CaseRun, by_path: dict[str, FixtureModule],
             verdicts: dict[tuple[str, str], FunctionVerdict], problems: list[str]) -> None:
    case_verdict = verdicts.get((run.module, run.case))
    if case_verdict is None:
        return
    if run.crash is not None:
        case_verdict.problems.append(f"{case_verdict.name}: could not run: {run.crash}")
        return
    explained = any(e.family is not None for e in run.evidence)
    for evidence in run.evidence:
        if evidence.line is None:
            if evidence.family is None and not explained:
                case_verdict.problems.append(
                    f"{case_verdict.name}: {evidence.detail}, and no hazard was located")
            if evidence.family is not None:
                case_verdict.dynamic[evidence.family].add(None)
                case_verdict.evidence.append(evidence)
            continue
        fixture = by_path.get(evidence.path)
        owner = fixture.function_at(evidence.line) if fixture is not None else None
        if owner is None:
            problems.append(f"{case_verdict.name}: evidence outside any fixture function: "
                            f"{evidence.path}:{evidence.line}: {evidence.detail}")
            continue
        verdict = verdicts[(str(fixture.path), owner.qualname)]
        verdict.dynamic[evidence.family].add(evidence.line)
        verdict.evidence.append(evidence)
