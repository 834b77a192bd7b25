"""docs/rules/ is generated from the rules and must be up to date; `acclint rule` prints it."""

from __future__ import annotations

from pathlib import Path

import pytest

from acclint.cli import main
from acclint.report import docs
from acclint.report.docs import render_rule, sections
from acclint.run.registry import all_rules, rule_by_code

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "rules"


def test_checked_in_pages_equal_freshly_generated_ones(tmp_path, capsys):
    # `python -m acclint.report.docs DIR`, run in this process
    assert docs.main([str(tmp_path)]) == 0, capsys.readouterr().err
    fresh = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    checked_in = {p.name: p.read_bytes() for p in DOCS.iterdir()}
    stale = sorted(name for name in fresh.keys() | checked_in.keys() if fresh.get(name) != checked_in.get(name))
    assert not stale, f"docs/rules is stale ({', '.join(stale)}); run: python -m acclint.report.docs docs/rules"


def test_index_links_every_rule_page():
    index = (DOCS / "README.md").read_text()
    assert all(f"[{rule.code}]({rule.code}.md)" in index for rule in all_rules())


@pytest.mark.parametrize("rule", all_rules(), ids=lambda r: r.code)
def test_acclint_rule_prints_the_page(rule, capsys):
    assert main(["rule", rule.code.lower()]) == 0
    assert capsys.readouterr().out == (DOCS / f"{rule.code}.md").read_text()


@pytest.mark.parametrize("rule", all_rules(), ids=lambda r: r.code)
def test_docstring_has_every_section(rule):
    summary, parts = sections(rule)
    assert summary
    assert [heading for heading, _ in parts] == ["What it does", "Why is this bad", "Example", "Use instead", "Fix safety"]
    assert all(body.strip() for _, body in parts)


def test_page_shows_examples_as_python_blocks():
    page = render_rule(rule_by_code("ACC101"))
    assert page.count("```python") >= 4  # Example, Use instead, INVALID, VALID
    assert "# expect: ACC101" in page


def test_unknown_rule_is_an_error(capsys):
    assert main(["rule", "ACC999"]) == 2
    assert "no rule 'ACC999'" in capsys.readouterr().err


def test_docs_command_needs_a_directory(capsys):
    assert docs.main([]) == 2 and "usage:" in capsys.readouterr().err
