"""Each rule's own examples are tests: generated here from `VALID` and `INVALID` of every rule.

An INVALID module's findings of that rule are exactly the lines its `# expect:` labels give
that rule; a VALID module has no finding of that rule. So a rule cannot ship without examples,
and its documentation (docs/rules/, which shows the same modules) never drifts from its tests.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from acclint.api import lint_text
from acclint.crosscheck.labels import read_labels
from acclint.run.registry import all_rules


def _cases(kind: str):
    return [
        pytest.param(rule, source, id=f"{rule.code}-{kind}-{i}")
        for rule in all_rules()
        for i, source in enumerate(getattr(rule, kind))
    ]


def _lines_found(rule, source: str) -> list[int]:
    """The lines with a finding of `rule` (labels are per line, as in fixtures/)."""
    result = lint_text(source, f"{rule.code}_example.py")
    assert result.error is None, result.error
    return sorted({f.line for f in result.findings if f.code == rule.code})


@pytest.mark.parametrize(("rule", "source"), _cases("INVALID"))
def test_invalid_example_findings_equal_its_labels(rule, source):
    labels = read_labels(source, Path(f"{rule.code} INVALID example"))
    expected = sorted(line for line, codes in labels.items() if rule.code in codes)
    assert expected, f"{rule.code}: an INVALID example must label at least one line '# expect: {rule.code}'"
    assert _lines_found(rule, source) == expected


@pytest.mark.parametrize(("rule", "source"), _cases("VALID"))
def test_valid_example_has_no_finding_of_its_rule(rule, source):
    assert _lines_found(rule, source) == []


@pytest.mark.parametrize("rule", all_rules(), ids=lambda r: r.code)
def test_every_rule_has_valid_and_invalid_examples(rule):
    assert rule.VALID and rule.INVALID
