"""`acclint check --format sarif|github`, `--statistics` and `--output-file`, through the CLI."""

from __future__ import annotations

import json
import os
import textwrap
from pathlib import Path

import jsonschema
import pytest

from acclint.api import Report
from acclint.cli import main
from acclint.common.findings import FileError, FileResult, Finding
from acclint.report.github import format_github
from acclint.run.registry import all_rules

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "tests" / "data" / "sarif-schema-2.1.0.json").read_text())

FIXABLE = textwrap.dedent(
    """\
    import jax


    @jax.jit
    def f(x):
        print("x is", x)
        if x.sum() > 0:
            y = x
        else:
            y = -x
        return y + float(x)
    """
)


def check(capsys, *args: str) -> tuple[int, str, str]:
    status = main(["check", *args])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A working directory holding `m.py` (three findings, two with fixes) and `broken.py`."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "m.py").write_text(FIXABLE)
    return tmp_path


def _apply(text: str, replacement: dict) -> str:
    """A SARIF replacement applied to `text` (1-based lines and code-point columns)."""
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    region = replacement["deletedRegion"]
    begin = starts[region["startLine"] - 1] + region["startColumn"] - 1
    end = starts[region["endLine"] - 1] + region["endColumn"] - 1
    return text[:begin] + replacement["insertedContent"]["text"] + text[end:]


def test_sarif_on_the_fixtures_is_valid_and_matches_json(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    status, out, _ = check(capsys, "fixtures", "--format", "sarif")
    log = json.loads(out)
    jsonschema.Draft4Validator(SCHEMA).validate(log)
    _, json_out, _ = check(capsys, "fixtures", "--format", "json")
    findings = json.loads(json_out)
    results = log["runs"][0]["results"]
    assert status == 1 and len(results) == len(findings) > 50
    for result, finding in zip(results, findings):
        location = result["locations"][0]["physicalLocation"]
        assert result["ruleId"] == finding["code"] and result["message"]["text"] == finding["message"]
        assert location["artifactLocation"]["uri"] == finding["path"]
        assert location["region"] == {
            "startLine": finding["line"],
            "startColumn": finding["column"],
            "endLine": finding["end_line"],
            "endColumn": finding["end_column"],
        }
        assert log["runs"][0]["tool"]["driver"]["rules"][result["ruleIndex"]]["id"] == result["ruleId"]


def test_sarif_rules_carry_the_rule_docs(capsys, project):
    _, out, _ = check(capsys, "m.py", "--format", "sarif")
    rules = json.loads(out)["runs"][0]["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == [rule.code for rule in all_rules()] + ["ACC000"]  # ACC000: a file not analysed
    for descriptor, rule in zip(rules, all_rules()):
        assert descriptor["name"] == rule.name
        assert descriptor["fullDescription"]["text"] == rule.docs()
        assert descriptor["help"]["markdown"] == (ROOT / "docs" / "rules" / f"{rule.code}.md").read_text()
        assert "helpUri" not in descriptor  # no project URL configured: no link, not a relative one


def test_sarif_help_uris_are_absolute_when_acclint_has_a_home_page(capsys, project, monkeypatch):
    from acclint.report import links

    monkeypatch.setattr(links, "project_urls", lambda: {"homepage": "https://github.com/example/acclint"})
    _, out, _ = check(capsys, "m.py", "--format", "sarif")
    driver = json.loads(out)["runs"][0]["tool"]["driver"]
    assert driver["informationUri"] == "https://github.com/example/acclint"
    assert {r["helpUri"] for r in driver["rules"] if r["id"] != "ACC000"} == {
        f"https://github.com/example/acclint/blob/main/docs/rules/{rule.code}.md" for rule in all_rules()
    }


def test_sarif_fixes_rewrite_the_flagged_code(capsys, project):
    _, out, _ = check(capsys, "m.py", "--format", "sarif")
    log = json.loads(out)
    jsonschema.Draft4Validator(SCHEMA).validate(log)
    results = {r["ruleId"]: r for r in log["runs"][0]["results"]}
    assert set(results) == {"ACC401", "ACC201", "ACC302"}
    assert "fixes" not in results["ACC302"]
    fixed_print = _apply(FIXABLE, results["ACC401"]["fixes"][0]["artifactChanges"][0]["replacements"][0])
    assert '    jax.debug.print("x is {!s}", x)\n' in fixed_print
    fixed_if = _apply(FIXABLE, results["ACC201"]["fixes"][0]["artifactChanges"][0]["replacements"][0])
    assert "if " not in fixed_if and "y = jax.numpy.where(x.sum() > 0, x, -x)" in fixed_if


def test_sarif_names_files_it_could_not_analyse(capsys, project):
    (project / "broken.py").write_text("import jax\n@jax.jit\ndef f(x:\n")
    status, out, err = check(capsys, ".", "--format", "sarif")
    log = json.loads(out)
    jsonschema.Draft4Validator(SCHEMA).validate(log)
    invocation = log["runs"][0]["invocations"][0]
    assert status == 2 and invocation["executionSuccessful"] is False
    [note] = invocation["toolExecutionNotifications"]
    assert note["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "broken.py"
    assert note["message"]["text"].startswith("could not analyse: cannot parse")
    assert "broken.py: error: cannot parse" in err
    # and a result, as ruff's SARIF has one for a syntax error, so code scanning shows it
    [error] = [r for r in log["runs"][0]["results"] if r["ruleId"] == "ACC000"]
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    assert rules[error["ruleIndex"]]["id"] == "ACC000" and error["level"] == "error"
    assert error["message"]["text"] == "SyntaxError: '(' was never closed"
    assert error["locations"][0]["physicalLocation"]["region"] == {"startLine": 3, "startColumn": 6}


def test_json_reports_a_file_that_does_not_parse_as_ruff_reports_a_syntax_error(capsys, project):
    """A CI reading the JSON must not take a run that skipped a file for a clean one: ruff's
    JSON holds a syntax error as an entry with code null and message "SyntaxError: ..."."""
    (project / "broken.py").write_text("import jax\n@jax.jit\ndef f(x:\n")
    status, out, err = check(capsys, ".", "--format", "json")
    rows = json.loads(out)
    assert status == 2 and "broken.py: error: cannot parse" in err  # the exit status stays an error's
    assert [(r["path"], r["code"]) for r in rows] == [("broken.py", None), ("m.py", "ACC401"), ("m.py", "ACC201"), ("m.py", "ACC302")]
    assert rows[0] == {
        "path": "broken.py", "line": 3, "column": 6, "end_line": 3, "end_column": 6, "code": None,
        "message": "SyntaxError: '(' was never closed", "fixable": False, "cell": None,
        "filename": str(project / "broken.py"), "location": {"row": 3, "column": 6},
        "end_location": {"row": 3, "column": 6}, "fix": None, "url": None, "noqa_row": None,
    }
    status, lines, _ = check(capsys, ".", "--format", "json-lines")
    assert status == 2 and [json.loads(line) for line in lines.splitlines()] == rows


def test_json_reports_a_file_refused_for_another_reason_with_that_reason(capsys, project):
    (project / "latin.py").write_bytes(b"# -*- coding: utf-8 -*-\nimport jax\nx = '\xe9'\n")
    status, out, err = check(capsys, "latin.py", "--format", "json")
    [row] = json.loads(out)
    assert status == 2 and row["code"] is None and row["location"] == {"row": 1, "column": 1}
    assert row["message"] == err.split("latin.py: error: ", 1)[1].strip()


def test_output_format_full_is_rufs_name_for_text(capsys, project):
    assert check(capsys, "m.py", "--output-format", "full") == check(capsys, "m.py", "--output-format", "text")
    status, out, _ = check(capsys, "m.py", "--output-format", "full")
    assert status == 1 and "    print(\"x is\", x)\n" in out


def test_the_text_summary_counts_the_files_that_could_not_be_checked(capsys, project):
    (project / "broken.py").write_text("import jax\n@jax.jit\ndef f(x:\n")
    status, out, _ = check(capsys, ".", "--output-format", "concise")
    assert status == 2
    assert out.splitlines()[-1] == "Found 3 findings in 1 file (2 fixable with --fix); 1 path could not be checked (see above)."


def test_github_annotations(capsys, project):
    status, out, _ = check(capsys, "m.py", "--format", "github")
    lines = out.splitlines()
    assert status == 1 and len(lines) == 3
    assert lines[0].startswith("::error file=m.py,line=6,col=5,endLine=6,endColumn=21,title=ACC401::'print' in a cached trace")


def test_github_escapes_properties_and_message():
    finding = Finding("dir,a/b:c%.py", 3, 7, "ACC201", "100% bad:\r\nreally, yes", end_line=3, end_column=9)
    broken = FileResult("x.py", error=FileError("x.py", "cannot parse: a\nb"))
    report = Report([FileResult("dir,a/b:c%.py", findings=[finding]), broken])
    assert format_github(report).splitlines() == [
        "::error file=dir%2Ca/b%3Ac%25.py,line=3,col=7,endLine=3,endColumn=9,title=ACC201::100%25 bad:%0D%0Areally, yes",
        "::error file=x.py,title=acclint::could not analyse: cannot parse: a%0Ab",
    ]


def test_statistics_counts_per_code(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    status, out, _ = check(capsys, "fixtures", "--statistics", "-q")
    _, json_out, _ = check(capsys, "fixtures", "--format", "json")
    counts: dict[str, int] = {}
    for f in json.loads(json_out):
        counts[f["code"]] = counts.get(f["code"], 0) + 1
    rows = [line.split() for line in out.splitlines()]
    assert status == 1
    assert {code: int(count) for count, code, *_ in rows} == counts
    assert [int(r[0]) for r in rows] == sorted((int(r[0]) for r in rows), reverse=True)


def test_output_file_gets_the_report_and_stdout_stays_empty(capsys, project):
    status, out, _ = check(capsys, "m.py", "--format", "json", "--output-file", "report.json")
    assert status == 1 and out == ""
    assert [f["code"] for f in json.loads((project / "report.json").read_text())] == ["ACC401", "ACC201", "ACC302"]
    assert [p.name for p in project.iterdir() if p.name.startswith(".report")] == []  # no temporary left


def test_output_file_errors_still_go_to_stderr(capsys, project):
    (project / "broken.py").write_text("import jax\n@jax.jit\ndef f(:\n")
    status, out, err = check(capsys, ".", "--output-file", "report.txt")
    assert status == 2 and out == "" and "broken.py: error: cannot parse" in err
    assert "m.py:6:5: ACC401" in (project / "report.txt").read_text()


def test_output_file_in_a_missing_directory_is_a_clear_error(capsys, project):
    status, out, err = check(capsys, "m.py", "--output-file", os.path.join("missing", "r.txt"))
    assert status == 2 and out == ""
    assert err.startswith("acclint: error: cannot write missing/r.txt: No such file or directory")
