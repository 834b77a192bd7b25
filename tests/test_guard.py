"""Bad input in front of libcst: every file gets a clean message, and the others are linted.

libcst's native parser kills the process on very deep nesting and stalls on very long operator
chains, so `acclint.parse.guard` refuses such files after a cheap `ast` parse, and `acclint.parse.prefilter`
keeps files that cannot hold a context away from libcst altogether. Each bad file here would
otherwise crash, stall or raise; it must come back as one FileError naming the problem.
"""

import ast

import pytest

from acclint.parse import guard
from acclint.api import run
from acclint.frameworks.markers import load_markers
from acclint.parse.prefilter import names_a_marker

# Every bad file names a marker, so the prefilter lets it through to the guard.
HEADER = b"import jax\n\n@jax.jit\ndef f(x):\n    return x\n\n"
GOOD = b"import jax\n\n@jax.jit\ndef f(x):\n    if x > 0:\n        return x\n    return -x\n"

BAD = {
    "parens.py": (HEADER + b"y = " + b"(" * 3000 + b"1" + b")" * 3000 + b"\n", "too many nested parentheses"),
    "plus_chain.py": (HEADER + b"y = " + b" + ".join([b"x"] * 20000) + b"\n", f"nested more than {guard.MAX_DEPTH} levels deep"),
    "and_chain.py": (HEADER + b"y = " + b" and ".join([b"x"] * 20000) + b"\n", "boolean chain of more than"),
    "huge.py": (HEADER + b"# " + b"x" * guard.MAX_BYTES + b"\n", "MiB, over the 4 MiB"),
    "latin1.py": (HEADER + b"s = '\xe9t\xe9'\n", "not valid utf-8 (byte 0xe9"),
    "null.py": (HEADER + b"y = 1\x00\n", "null bytes"),
    "syntax.py": (HEADER + b"def g(:\n    pass\n", "cannot parse: invalid syntax (line 7"),
}


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    folder = tmp_path_factory.mktemp("bad")
    for name, (source, _) in BAD.items():
        (folder / name).write_bytes(source)
    (folder / "good.py").write_bytes(GOOD)
    return run([str(folder)])


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_file_gives_one_clean_error(report, name):
    result = next(r for r in report.results if r.path.endswith(name))
    assert result.error is not None and not result.findings
    assert BAD[name][1] in result.error.message
    assert result.error.path == result.path


def test_other_files_are_still_linted(report):
    good = next(r for r in report.results if r.path.endswith("good.py"))
    assert good.error is None
    assert [(f.line, f.code) for f in good.findings] == [(5, "ACC201")]


def test_nesting_just_under_the_limit_is_analysed():
    chain = HEADER + b"y = " + b"-" * (guard.MAX_DEPTH - 10) + b"x\n"
    assert isinstance(guard.check_source(chain), ast.Module)


@pytest.mark.parametrize("depth, refused", [(guard.MAX_DEPTH - 10, False), (guard.MAX_DEPTH + 10, True), (20000, True)])
def test_bounded_parse_and_walk_agree(depth, refused):
    """Both ways of bounding the depth refuse the same trees (the walk is the fallback)."""
    source = b"y = " + b"-" * depth + b"x\n"
    for parse in (guard._parse, guard._walked_parse):
        if refused:
            with pytest.raises((RecursionError, MemoryError)):  # MemoryError: CPython's own parser gave up
                parse(source)
        else:
            parse(source)


MARKERS = load_markers()


@pytest.mark.parametrize(
    "source, holds",
    [
        ("import jax\njax.jit(f)", True),
        ("import jax as j\nalias = j\nalias.lax.scan(f, 0, xs)", True),
        ("from jax import jit as compile_fn\n", True),
        ("from jax import lax\nlax.cond(p, f, g, x)", True),
        ("from acclint.runtime import *\n", True),
        ("jax.jit(f)", True),  # an unbound name resolves to itself, as acclint.analysis.names does
        ("class Net(acclint.runtime.Acceleratable): pass", True),
        ("from jax._src import api\napi.jit(f)", False),  # jax's internals: no marker
        ("import jax.numpy as jnp\ny = jnp.cond + map(f, xs)", False),
        ("node = node.parent\nnode.jit()", False),  # self-referencing alias: the fixpoint ends
    ],
)
def test_ast_stage_of_the_prefilter(source, holds):
    assert names_a_marker(ast.parse(source), MARKERS) is holds


def test_self_referencing_partial_is_analysed():
    """`f = partial(f, ...)` handed to a marker once recursed without end (equinox does this)."""
    from acclint.api import lint_text

    result = lint_text("import functools, jax\n\ndef f(x, y):\n    return x\n\nf = functools.partial(f, 1)\ng = jax.jit(f)\n")
    assert result.error is None


def test_ordinary_code_past_the_old_operator_cap_is_not_refused_by_size():
    """50,000 lines of ordinary jitted code hold about 293,000 operators and delimiters, more than
    the 250,000 the cap once admitted in a file (issue 25): the size bound lets them through."""
    import sys
    from pathlib import Path

    sys.path.append(str(Path(__file__).resolve().parent.parent / "benchmarks"))
    from gen_big_jitted import generate

    source = generate(50_000).encode()
    assert len(source.translate(None, guard._NOT_PUNCTUATION)) > 250_000
    guard.check_size(source)  # raises Refused if refused


def test_only_a_statement_of_data_is_refused_as_data(monkeypatch):
    """A statement whose data literals hold more than MAX_DATA is refused, saying it is data and
    where; code of the same size, and data spread below the bound, are not (the bound is lowered
    here so that the test stays small)."""
    monkeypatch.setattr(guard, "MAX_DATA", 1000)
    code = HEADER + b"".join(b"y%d = f(x)[0] + (x, x)[1] * 2\n" % i for i in range(200))
    guard.check_source(code)
    guard.check_source(HEADER + b"T = [" + b"0," * 900 + b"]\nU = [" + b"1," * 900 + b"]\n")
    table = HEADER + b"T = {'a': [" + b"1.5, -2," * 400 + b"], 'b': (" + b"3," * 300 + b")}\n"
    with pytest.raises(guard.Refused, match=r"data literals of 1,\d{3} operators and delimiters in one statement \(the largest: line 7, 2 items\), over the 1,000"):
        guard.check_source(table)
    mixed = HEADER + b"T = [f(x), " + b"0," * 1500 + b"]\n"  # not data: one item is a call
    guard.check_source(mixed)


# A namespace whose classes are bases (`keras.layers`) starts a context only where a class of the
# module subclasses one of its classes (acclint.analysis.modules reads it only as a base): a module
# that merely builds layers need not be parsed (review42: 238 of 3,500 files of ten TF/Keras
# code bases, keras-hub's check 15.0 s -> 17.9 s for the same findings).
@pytest.mark.parametrize(
    "source, holds",
    [
        ("from tensorflow.keras import layers\nclass D(layers.Dense): pass", True),
        ("from keras.layers import Conv1D\nclass C(Conv1D): pass", True),
        ("import keras\nclass D(keras.layers.Dense): pass", True),
        ("import tensorflow as tf\nclass D(tf.keras.layers.Dense): pass", True),
        ("from keras import layers as L\nclass D(L.Dense):\n    pass", True),
        # look-alikes: layers built, none subclassed
        ("from keras.layers import Dense\nhead = Dense(3)\nclass Other(Helper): pass", False),
        ("import keras\ny = keras.layers.Dense(3)(x)", False),
        ("from tensorflow.keras import layers\nblocks = [layers.Conv2D(8, 3), layers.ReLU()]", False),
    ],
)
@pytest.mark.parametrize("with_text", [True, False])
def test_a_namespace_of_bases_counts_as_a_base(source, holds, with_text):
    assert names_a_marker(ast.parse(source), MARKERS, source if with_text else None) is holds


# A chain in the header of a compound statement whose body starts on the same line is code too:
# the text stage must not look for it in the body alone (review42; the walk of every node found it).
@pytest.mark.parametrize(
    "source",
    [
        "import jax\ndef f(x, jit=jax.jit): return jit(x)",
        "import jax\nfor y in jax.lax.map(f, xs): print(y)",
        "import jax\nif ok: pass\nelse: g = jax.jit(f); h = 1",
        "import jax\ndef f(x,\n      jit=jax.jit): return jit(x)",
        "import jax\nwhile jax.jit(f)(x): x = 1; y = 2",
    ],
)
def test_a_chain_in_a_one_line_compound_statement_header(source):
    assert names_a_marker(ast.parse(source), MARKERS, source) is True


def test_a_chain_in_a_docstring_of_a_one_line_function_is_not_code():
    source = 'import jax\ndef f(x): """calls jax.jit"""'
    assert names_a_marker(ast.parse(source), MARKERS, source) is False
