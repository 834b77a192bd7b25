"""Shared helpers for the runtime tests."""

import inspect

import pytest


@pytest.fixture
def line_of():
    """``line_of(function, marker)``: the line number of the source line of ``function`` that
    ends with the comment ``# <marker>`` (so tests name lines instead of counting them)."""

    def find(function, marker):
        lines, first = inspect.getsourcelines(function)
        hits = [first + i for i, text in enumerate(lines) if text.rstrip().endswith(f"# {marker}")]
        assert len(hits) == 1, f"marker {marker!r} found {len(hits)} times in {function.__name__}"
        return hits[0]

    return find
