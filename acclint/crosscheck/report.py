"""Format a :class:`Comparison` as the cross-check report: one row per family, the fixture
counts per style, and every disagreement."""

from __future__ import annotations

from acclint.crosscheck.agreement import FAMILIES, Comparison


def _ratio(numerator: int, denominator: int) -> str:
    return f"{numerator / denominator:.3f}" if denominator else "n/a"


def family_rows(comparison: Comparison) -> list[dict[str, object]]:
    """Per family: functions, labelled, statically flagged, dynamically observed, agreeing, and
    the linter's precision and recall against the dynamic verdict (function level)."""
    rows = []
    linted = all(v.static is not None for v in comparison.functions)
    for fam in FAMILIES:
        flagged = {v.name for v in comparison.functions if linted and v.static.get(fam)}
        observed = {v.name for v in comparison.functions if v.dynamic.get(fam)}
        rows.append({
            "family": fam,
            "functions": len(comparison.functions),
            "labelled": sum(bool(v.labelled.get(fam)) for v in comparison.functions),
            "static": len(flagged) if linted else "-",
            "dynamic": len(observed),
            "agree": sum(v.agrees(fam) and not v.problems for v in comparison.functions),
            "precision": _ratio(len(flagged & observed), len(flagged)) if linted else "-",
            "recall": _ratio(len(flagged & observed), len(observed)) if linted else "-",
        })
    return rows


def style_rows(comparison: Comparison) -> list[dict[str, object]]:
    """Per fixture style: positive functions per family and negative functions."""
    rows = []
    for style in sorted({v.style for v in comparison.functions}):
        mine = [v for v in comparison.functions if v.style == style]
        row: dict[str, object] = {"style": style, "functions": len(mine)}
        row.update({fam: sum(bool(v.labelled.get(fam)) for v in mine) for fam in FAMILIES})
        row["negatives"] = sum(not v.positive for v in mine)
        rows.append(row)
    return rows


def _table(rows: list[dict[str, object]]) -> list[str]:
    headers = list(rows[0])
    widths = [max(len(h), *(len(str(r[h])) for r in rows)) for h in headers]
    lines = ["  ".join(h.rjust(w) for h, w in zip(headers, widths))]
    lines.extend("  ".join(str(r[h]).rjust(w) for h, w in zip(headers, widths)) for r in rows)
    return lines


def render(comparison: Comparison) -> str:
    """The whole report as text."""
    lines = ["acclint cross-check: labels vs linter vs dynamic runs", ""]
    if comparison.functions:
        lines += _table(family_rows(comparison)) + [""] + _table(style_rows(comparison)) + [""]
    if comparison.skipped:
        lines.append(f"{len(comparison.skipped)} fixture module(s) skipped")
        lines.extend(f"  - {text}" for text in comparison.skipped)
        lines.append("")
    if comparison.notes:
        lines.append(f"{len(comparison.notes)} observation(s) not taken as evidence")
        lines.extend(f"  - {text}" for text in comparison.notes)
        lines.append("")
    disagreements = comparison.disagreements()
    lines.append(f"{len(disagreements)} disagreement(s)")
    lines.extend(f"  - {text}" for text in disagreements)
    return "\n".join(lines)
