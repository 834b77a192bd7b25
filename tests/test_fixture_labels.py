"""The labelled fixtures are the linter's specification.

The linter's findings on ``fixtures/`` must equal the ``# expect:`` labels exactly, code for
code and line for line; and the fixtures themselves must be fit to be that specification: every
module loads, every function has a recipe, every label uses a documented code, and each family
has enough positives, in both styles, next to enough negatives.
"""

import re
from collections import Counter
from pathlib import Path

import pytest

from acclint.crosscheck.fixture_set import fixture_paths
from acclint.crosscheck.labels import family, read_labels
from acclint.crosscheck.static import lint_fixtures

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures"
FAMILIES = ("ACC1", "ACC2", "ACC3", "ACC4", "ACC5")
MIN_POSITIVES, MIN_NEGATIVES = 20, 60


@pytest.fixture(scope="module")
def fixtures(fixture_set):
    """The loaded fixture modules, shared with the cross-check tests (tests/conftest.py)."""
    return fixture_set


def _labelled_functions(fixtures):
    """(style, qualified name) -> families labelled in that function."""
    found = {}
    for fixture in fixtures:
        for function in fixture.functions:
            found[(fixture.style, f"{fixture.name}.{function.qualname}")] = {
                family(code) for line, codes in fixture.labels.items()
                if function.holds(line) for code in codes}
    return found


def test_linter_findings_equal_labels(fixtures):
    # a module whose framework is not installed is not loaded, but its labels are comments,
    # read here all the same: the linter needs no framework; each module is linted with the
    # strictness it names (acclint.crosscheck.static)
    labels = {f.path.name: read_labels(f.path.read_text(), f.path) if f.skipped else f.labels for f in fixtures}
    expected = {(name, line, code) for name, found in labels.items() for line, codes in found.items() for code in codes}
    found = {(Path(path).name, line, code) for (path, line), codes in lint_fixtures(fixture_paths(FIXTURES)).items() for code in codes}
    sources = {f.path.name: f.path.read_text().splitlines() for f in fixtures}

    def show(items):
        return "\n".join(f"  {name}:{line}: {code}   | {sources[name][line - 1].strip()}"
                         for name, line, code in sorted(items))

    missed, extra = expected - found, found - expected
    assert not missed and not extra, (
        f"linter missed {len(missed)} labelled finding(s):\n{show(missed)}\n"
        f"linter reported {len(extra)} unlabelled finding(s):\n{show(extra)}")


def test_every_fixture_module_loads(fixtures):
    broken = [f"{f.name}: {f.error}" for f in fixtures if f.error]
    assert not broken, "\n".join(broken)


def test_every_function_has_a_recipe(fixtures):
    missing = []
    for fixture in fixtures:
        run = {name for case, call in fixture.calls.items() for name in (case, *call.covers)}
        missing += [f"{fixture.name}.{f.qualname}" for f in fixture.functions
                    if f.qualname not in run]
    assert not missing, "functions no recipe in CALLS runs: " + ", ".join(missing)


def test_labels_use_documented_codes(fixtures):
    documented = set(re.findall(r"^\| (ACC\d{3}) \|", (ROOT / "docs" / "codes.md").read_text(),
                                re.MULTILINE))
    unknown = {code for f in fixtures for codes in f.labels.values() for code in codes}
    assert not unknown - documented, f"labels with codes not in docs/codes.md: {unknown - documented}"


def test_each_family_has_enough_positives_and_there_are_enough_negatives(fixtures):
    labelled = _labelled_functions(fixtures)
    per_family = Counter(fam for families in labelled.values() for fam in families)
    negatives = sum(not families for families in labelled.values())
    assert all(per_family[fam] >= MIN_POSITIVES for fam in FAMILIES), per_family
    assert negatives >= MIN_NEGATIVES, f"only {negatives} negative functions"


@pytest.mark.parametrize("style", ["jax", "runtime"])
def test_each_style_has_positives_of_every_family_and_negatives(fixtures, style):
    labelled = {name: fams for (s, name), fams in _labelled_functions(fixtures).items()
                if s == style}
    per_family = Counter(fam for families in labelled.values() for fam in families)
    assert all(per_family[fam] > 0 for fam in FAMILIES), f"{style}: {per_family}"
    assert any(not families for families in labelled.values()), f"{style}: no negatives"


def test_hidden_inputs_have_positives_in_both_styles(fixtures):
    """ACC6 (issue 26) is younger than the other families: fewer positives for now, but in
    both styles, each beside a safe twin that changes the same kind of outside state."""
    labelled = _labelled_functions(fixtures)
    styles = Counter(style for (style, _), families in labelled.items() if "ACC6" in families)
    assert sum(styles.values()) >= 15 and styles["jax"] and styles["runtime"], styles
