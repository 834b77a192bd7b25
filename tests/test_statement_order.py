"""Names in statement order (issue 25, point 4): a reference resolves to the definition live
where it runs. A marker applied at module level (`g = jax.jit(f)`, a call, a decorator's
argument) sees the last `def` before it; a function body, which runs once its module has run,
sees the last `def` of the module (or the one live at module code's first call of its function;
in a notebook, with no such call, the one live at its own cell: tests/test_precision_round3.py);
a name bound twice in one function body resolves as it does at module level. Notebooks are one
module of their cells in order, so the same holds by cell."""

from __future__ import annotations

import json

import nbformat
from nbformat.v4 import new_code_cell, new_notebook

from cli_run import acclint
from labelled import assert_labels_match, findings

CLEAN = "def f(x):\n    return x + 1\n"
PRINTS = "def f(x):\n    print(x)\n    return x + 2\n"


def test_the_second_definition_is_the_one_jitted():
    assert_labels_match('''
        import jax


        def f(x):
            return x + 1


        def f(x):
            print(x)  # expect: ACC401
            return x + 2


        g = jax.jit(f)
    ''')


def test_a_dead_definition_is_not_reported():
    assert_labels_match('''
        import jax


        def f(x):
            print(x)
            return x + 2


        def f(x):
            return x + 1


        g = jax.jit(f)
        jax.jit(f)(1.0)
    ''')


def test_a_marker_applied_between_two_definitions_sees_the_first():
    assert_labels_match('''
        import jax


        def f(x):
            print(x)  # expect: ACC401
            return x + 2


        g = jax.jit(f)


        def f(x):
            return x + 1
    ''')


def test_a_call_from_a_traced_body_sees_the_module_s_last_definition():
    assert_labels_match('''
        import jax


        def helper(x):
            print(x)
            return x


        @jax.jit
        def step(x):
            return helper(x)


        def helper(x):
            return float(x)  # expect: ACC302
    ''')


def test_a_scan_body_bound_twice_in_a_function_resolves_in_order():
    assert_labels_match('''
        import jax
        from jax import lax


        @jax.jit
        def run(x):
            def body(c, y):
                print(c)
                return c, y

            def body(c, y):
                return c + float(y), y  # expect: ACC302

            return lax.scan(body, x, x)
    ''')


def test_a_definition_after_the_marker_is_not_what_it_applies_to():
    source = "import jax\n\n\ng = jax.jit(f)\n\n\n" + PRINTS
    assert findings(source) == set()


def notebook(path, *sources):
    nb = new_notebook(cells=[new_code_cell(s) for s in sources])
    path.write_text(json.dumps(json.loads(nbformat.writes(nb)), indent=1) + "\n")


def test_notebook_cells_are_in_order(tmp_path):
    notebook(tmp_path / "live.ipynb", "import jax", CLEAN, PRINTS, "g = jax.jit(f)")
    notebook(tmp_path / "dead.ipynb", "import jax", PRINTS, CLEAN, "g = jax.jit(f)")
    run = acclint("check", "--no-cache", "--output-format", "concise", ".", cwd=tmp_path)
    lines = run.stdout.splitlines()[:-1]
    assert [line.split(": ")[0] for line in lines] == ["live.ipynb:cell 3:line 2:5"], run.stdout
    assert "ACC401" in lines[0]
