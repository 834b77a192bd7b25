"""Issue 23, point 5: docs/runtime.md lists every public name and the documented differences,
generated from the code (``python -m acclint.runtime.coverage docs/runtime.md``)."""

from pathlib import Path

import pytest

import acclint.runtime as rt
from acclint.runtime import coverage

DOC = Path(__file__).resolve().parents[2] / "docs" / "runtime.md"


def test_the_coverage_section_of_docs_runtime_md_is_up_to_date():
    assert coverage.main([str(DOC), "--check"]) == 0, (
        "docs/runtime.md is out of date: run python -m acclint.runtime.coverage docs/runtime.md")


def test_every_public_name_is_listed_with_its_matlab_name():
    text = DOC.read_text(encoding="utf-8")
    for name in rt.__all__:
        assert f"| `{name}` |" in text, name
    assert "| `lstmLayer` | `LSTMLayer` |" in text
    assert "| `transposedConv2dLayer` | `TransposedConvolution2DLayer` |" in text
    assert "| *`round`* |" in text  # kept out of import *


def test_a_documented_difference_appears_and_a_stale_section_is_caught():
    rendered = coverage.render()
    assert "`recurrent`: Difference from MATLAB: the layers start every call" in rendered
    stale = DOC.read_text(encoding="utf-8").replace("| `lstm` |", "| `lstm_old` |")
    assert coverage.updated(stale) != stale
    with pytest.raises(ValueError, match="no coverage section"):
        coverage.updated("# no markers\n")
