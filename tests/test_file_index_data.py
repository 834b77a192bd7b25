"""A file index as data (acclint.analysis.project.FileIndex): what `to_data` writes, `sound`
accepts, and a cached index of another shape is refused rather than read (the summary store
drops such an entry and analyses the file anew, acclint.run.summaries)."""

import ast
import copy
import textwrap

import pytest

from acclint.analysis.project import FileIndex

SOURCE = textwrap.dedent(
    """
    import functools
    import jax
    from .models import Net, make as build
    from .util import *

    STATIC = ("a", "b")

    @jax.jit
    def step(x):
        return x + 1

    @functools.partial(jax.jit, static_argnums=1)
    def scaled(x, k):
        return x * k

    def wrap(fn):
        return jax.jit(fn)

    def factory():
        return jax.jit(step)

    class Model:
        pass
    """
)


def written() -> list:
    return FileIndex.of(ast.parse(SOURCE)).to_data()


def test_what_to_data_writes_is_sound_and_reads_back():
    data = written()
    assert data[7], "the decorated functions part must be filled for this test to check it"
    assert data[8]["scaled"] == [["x", "k"], [], [], []], "the decorated defs' facts (acclint.analysis.def_facts)"
    assert FileIndex.sound(data)
    assert FileIndex.from_data(data).to_data() == data


def _with(part: int, value) -> list:
    data = copy.deepcopy(written())
    data[part] = value
    return data


@pytest.mark.parametrize(
    "data",
    [
        written() + [[]],  # a part more than the codecs know (an index of another version)
        written()[:-1],  # a part fewer
        _with(0, [1, 2]),  # function names that are not strings
        _with(1, {"build": 3}),  # an export resolved to a number
        _with(2, "Model"),  # a string where a list of names belongs (sorted would split it)
        _with(6, [None]),  # a star-imported module that is not a name
        _with(7, {"step": 1}),  # a decorator that is not a string
        _with(7, ["step"]),  # decorated functions as a list, not a mapping
        _with(8, {"step": [["x"], [], [[1, ["x"]]]]}),  # a callee that is not a name
        _with(8, {"step": [["x"], []]}),  # a def's facts of two parts, not three
        None,
        "index",
    ],
    ids=[
        "extra part", "missing part", "functions", "exports", "classes", "stars", "decorator", "decorated list", "def callee",
        "def facts parts", "none", "str",
    ],
)
def test_an_index_of_another_shape_is_refused(data):
    assert not FileIndex.sound(data)
