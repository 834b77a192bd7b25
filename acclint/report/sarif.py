"""`--format sarif`: a SARIF 2.1.0 log, for GitHub code scanning and other SARIF viewers.

One run: `tool.driver.rules` describes every rule (help text is its docs page, `helpUri` its
absolute URL where acclint's project URLs give one: acclint.report.links), `results` the findings,
each with its region and, where the finding has a fix, the fix as one text replacement;
`invocations` says whether every file could be analysed and names those that could not
(`toolExecutionNotifications`, level "error"), and the functions the analysis left out of a file
it linted (level "warning", on the `def` line, `descriptor` ACC000: their values nested too
deeply to follow; the run is still successful, as the command line's exit status says). A file that could not be analysed is also a result, as ruff
reports a syntax error, so that code scanning shows it where it shows findings: rule `ACC000`
(the code the language server and the flake8 plugin give it; code scanning tracks results by
rule), placed where the parser stopped when the message says where. A finding in a notebook has its region in its cell (the cell
number in `properties.cell` and a logical location `cell N`) and carries no fix, because SARIF
replacements address the file's bytes, which are JSON.

Columns are counted in Unicode code points (`columnKind`), as acclint counts them; an end
column is the column just past the flagged text, as SARIF's is.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

import libcst as cst

from acclint import __version__
from acclint.run.plan import Report
from acclint.report.docs import page_name, render_rule, sections
from acclint.common.findings import NOT_ANALYSED, FileError, FileResult, Finding, Fix
from acclint.fix.span import fix_span
from acclint.report.links import home_page, rule_url
from acclint.run.registry import all_rules

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SRCROOT = "%SRCROOT%"


def _artifact(path: str) -> dict:
    posix = Path(path).as_posix()
    if Path(path).is_absolute():
        return {"uri": Path(path).as_uri()}
    return {"uri": quote(posix), "uriBaseId": SRCROOT}


def _rule_descriptor(rule) -> dict:
    summary, _ = sections(rule)
    page = render_rule(rule)
    descriptor = {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": summary},
        "fullDescription": {"text": rule.docs()},
        "help": {"text": page, "markdown": page},
        "defaultConfiguration": {"level": "error"},
    }
    url = rule_url(page_name(rule.code))
    if url is not None:
        descriptor["helpUri"] = url
    return descriptor


def _replacement(module: cst.Module, fix: Fix, placer=None, node: cst.CSTNode | None = None) -> dict | None:
    """The fix as one SARIF replacement (acclint.fix.span, with `placer` and `node` as
    `fix_span` takes them); None when applying it changes nothing."""
    span = fix_span(module, fix, placer, node)
    if span is None:
        return None
    return {
        "deletedRegion": {
            "startLine": span.start_line,
            "startColumn": span.start_column,
            "endLine": span.end_line,
            "endColumn": span.end_column,
        },
        "insertedContent": {"text": span.text},
    }


NOT_ANALYSED_RULE = {
    "id": NOT_ANALYSED,
    "name": "not-analysed",
    "shortDescription": {"text": "A file acclint could not analyse: its hazards, if any, are not reported."},
    "fullDescription": {"text": "acclint could not analyse this file (a syntax error, a file it cannot read or decode, "
                                "one too large or too deeply nested); the message says why. Fix the file, or exclude it."},
    "defaultConfiguration": {"level": "error"},
}


def _error_result(e: FileError, index: int) -> dict:
    """A file that could not be analysed, as a result of rule ACC000."""
    location: dict = {"artifactLocation": _artifact(e.path)}
    place = e.place()
    result = {"ruleId": NOT_ANALYSED, "ruleIndex": index, "level": "error",
              "message": {"text": e.syntax_error() or f"could not analyse: {e.message}"},
              "locations": [{"physicalLocation": location}]}
    if place is not None:
        cell, line, column = place
        location["region"] = {"startLine": line, "startColumn": column}
        if cell is not None:
            result["properties"] = {"cell": cell}
            result["locations"][0]["logicalLocations"] = [{"name": f"cell {cell}", "kind": "module"}]
    return result


def _note_notification(path: str, line: int, note: str) -> dict:
    """A function the analysis left out of a file it linted (`FileResult.notes`), on its `def`
    line: a warning notification, since the run still succeeded (the file's other functions
    were linted), which a reader of the log must not take for a clean bill of that function."""
    return {
        "level": "warning",
        "descriptor": {"id": NOT_ANALYSED},
        "message": {"text": note},
        "locations": [{"physicalLocation": {"artifactLocation": _artifact(path), "region": {"startLine": line}}}],
    }


def _fix_title(fix: Fix) -> str:
    return fix.title if fix.safe else f"{fix.title} (unsafe: {fix.reason or 'may change behaviour'})"


def _result(f: Finding, index: dict[str, int], parsed: dict[str, FileResult]) -> dict:
    result = {
        "ruleId": f.code,
        "level": "error",
        "message": {"text": f.message},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": _artifact(f.path),
                    "region": {
                        "startLine": f.line,
                        "startColumn": f.column,
                        "endLine": f.end_line,
                        "endColumn": f.end_column,
                    },
                }
            }
        ],
    }
    if f.code in index:
        result["ruleIndex"] = index[f.code]
    if f.cell is not None:
        result["properties"] = {"cell": f.cell}
        result["locations"][0]["logicalLocations"] = [{"name": f"cell {f.cell}", "kind": "module"}]
        return result
    file = parsed.get(f.path)
    replacement = _replacement(file.module, f.fix, file.placer, f.node) if f.fix is not None and file is not None else None
    if replacement is not None:
        result["fixes"] = [
            {
                "description": {"text": _fix_title(f.fix)},
                "artifactChanges": [
                    {"artifactLocation": _artifact(f.path), "replacements": [replacement]}
                ],
            }
        ]
    return result


def format_sarif(report: Report) -> str:
    rules = all_rules()
    index = {rule.code: i for i, rule in enumerate(rules)}
    parsed = {r.path: r for r in report.results if r.module is not None}
    notifications = [
        {
            "level": "error",
            "message": {"text": f"could not analyse: {e.message}"},
            "locations": [{"physicalLocation": {"artifactLocation": _artifact(e.path)}}],
        }
        for e in report.errors
    ] + [_note_notification(r.path, line, note) for r in report.results for line, note in r.notes]
    run = {
        "tool": {
            "driver": {
                "name": "acclint",
                "version": __version__,
                **({"informationUri": home_page()} if home_page() else {}),
                "rules": [_rule_descriptor(rule) for rule in rules] + [NOT_ANALYSED_RULE],
            }
        },
        "originalUriBaseIds": {SRCROOT: {"uri": Path.cwd().as_uri() + "/"}},
        "columnKind": "unicodeCodePoints",
        "invocations": [{"executionSuccessful": not report.errors, "toolExecutionNotifications": notifications}],
        "results": [_result(f, index, parsed) for f in report.findings]
                   + [_error_result(e, len(rules)) for e in report.errors],
    }
    log = {"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}
    return json.dumps(log, indent=2) + "\n"
