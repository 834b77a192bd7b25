"""The program order of trace time seen through the project: a hidden input written between a
build and a later hit is stale whichever modules hold the compiled function, the value it reads,
the write and the calls.

Property: a value a compiled function's trace reads and does not take as an argument (a module
attribute, an attribute of an object passed at a static position, the framework's global seed)
is stale when the program writes it after a call that builds the trace and before a later call
that can hit it, in the program order of the module making the calls, wherever the function,
the value and the write are defined (acclint.analysis.stale_out, `Stale` seeds to the defining
module; `Compiled` readers in acclint.analysis.bindings; `DefFacts.imported_calls` for the
seeded draws of an imported def). Found by benchmarks/reports/perturb.py R6 (dev elicito_52
and jax_13992 moved into a second module: lost at 20b0321). Where the def lives changes nothing
at run time: the caller calls the object the decorator returned, which reads the same globals.

The three-module layout, `import m; m.X = ...` and a setter of the definer called from the
importer, and a loop in the importer's `main()` are spellings of the one property; a write
before the first call, and a write of another name, are fine.
"""

from __future__ import annotations

from pathlib import Path

from acclint.analysis.reach import Stale
from acclint.api import run
from acclint.run.config import Settings
from two_modules import found_in, write_files

READER = """
    import jax

    SCALE = 1.0


    @jax.jit
    def step(x):
        return x * SCALE
"""


def _acc6(root: Path) -> set[tuple[str, int, str]]:
    return {f for f in found_in(root) if f[2].startswith("ACC6")}


def test_three_modules_the_global_in_one_the_reader_in_another_the_writes_in_a_third(tmp_path):
    root = write_files(tmp_path, {
        "cfg.py": "SCALE = 1.0\n",
        "model.py": """
            import jax
            import cfg


            @jax.jit
            def step(x):
                return x * cfg.SCALE
        """,
        "train.py": """
            import cfg
            from model import step

            for epoch in range(3):
                step(1.0)
                cfg.SCALE = epoch * 2.0
        """,
    })
    assert _acc6(root) == {("model.py", 8, "ACC602")}


def test_the_importer_rebinds_the_definers_global_between_two_calls(tmp_path):
    root = write_files(tmp_path, {
        "model.py": READER,
        "train.py": """
            import model

            model.step(1.0)
            model.SCALE = 3.0
            model.step(1.0)
        """,
    })
    assert _acc6(root) == {("model.py", 9, "ACC601")}


def test_a_loop_in_the_importers_main_and_a_setter_of_the_definer(tmp_path):
    """Found at 20b0321 too: a function of the definer that no code of its own runs may run
    after any call (a library's entry point)."""
    root = write_files(tmp_path, {
        "model.py": READER + """

    def set_scale(s):
        global SCALE
        SCALE = s
""",
        "train.py": """
            import model


            def main():
                for epoch in range(3):
                    model.step(1.0)
                    model.set_scale(epoch * 2.0)


            if __name__ == "__main__":
                main()
        """,
    })
    assert _acc6(root) == {("model.py", 9, "ACC601")}


def test_the_importers_main_writes_between_its_own_calls(tmp_path):
    root = write_files(tmp_path, {
        "model.py": READER,
        "train.py": """
            import model
            from model import step


            def main():
                for epoch in range(3):
                    step(1.0)
                    model.SCALE = epoch * 2.0


            main()
        """,
    })
    assert _acc6(root) == {("model.py", 9, "ACC601")}


def test_written_before_the_first_call_or_another_name_is_fine(tmp_path):
    root = write_files(tmp_path, {
        "cfg.py": "SCALE = 1.0\nOTHER = 0\n",
        "model.py": """
            import jax
            import cfg

            SCALE = 1.0


            @jax.jit
            def step(x):
                return x * cfg.SCALE * SCALE
        """,
        "train.py": """
            import cfg
            import model


            def main():
                cfg.SCALE = 4.0
                for epoch in range(3):
                    model.step(1.0)
                    cfg.OTHER = epoch


            model.SCALE = 3.0
            cfg.SCALE = 2.0
            for epoch in range(3):
                model.step(1.0)
                cfg.OTHER = epoch
            main()
        """,
    })
    assert _acc6(root) == set()


STATIC = """
    from functools import partial

    from jax import jit


    @partial(jit, static_argnums=0)
    def add(v, y):
        return y + v.val
"""

VALUE = """
    from model import add


    class Box:
        def __init__(self, val):
            self.val = val


    v = Box(100)
    r1 = int(add(v, 1))
    v.val = 0
    r2 = int(add(v, 1))
"""


def test_an_attribute_of_a_static_argument_written_by_the_importer(tmp_path):
    """jax_13992 with `add` in a module of its own, its object hashed by identity (jax 0.10: the
    second call hits the entry the first built, which read `val == 100`)."""
    root = write_files(tmp_path, {"model.py": STATIC, "main.py": VALUE})
    assert _acc6(root) == {("model.py", 9, "ACC604")}


def test_a_static_arguments_attribute_written_before_the_first_call_is_fine(tmp_path):
    root = write_files(tmp_path, {"model.py": STATIC, "main.py": VALUE.replace("r1 = int(add(v, 1))\n", "")})
    assert _acc6(root) == set()


SIMULATE = """
    import tensorflow as tf


    @tf.function
    def simulate(scale):
        return scale * tf.random.normal((3,))
"""


def test_the_seed_set_between_calls_of_a_traced_draw_of_another_module(tmp_path):
    """elicito_52 with `simulate` in a module of its own: the finding is at the setter."""
    root = write_files(tmp_path, {
        "sim.py": SIMULATE,
        "main.py": """
            import tensorflow as tf

            from sim import simulate

            for epoch in range(4):
                tf.random.set_seed(7 + epoch)
                simulate(tf.constant(1.0))
        """,
    })
    assert _acc6(root) == {("main.py", 7, "ACC610")}


def test_the_seed_set_once_before_the_calls_is_fine(tmp_path):
    root = write_files(tmp_path, {
        "sim.py": SIMULATE,
        "main.py": """
            import tensorflow as tf

            import sim

            tf.random.set_seed(7)
            draws = [sim.simulate(tf.constant(1.0)) for epoch in range(4)]
        """,
    })
    assert _acc6(root) == set()


def test_an_edit_of_the_importer_moving_the_write_first_takes_the_definers_finding_through_the_cache(tmp_path, monkeypatch):
    """The definer's bytes never change: the importer's order decides its finding, and a cached
    run after each edit of the importer reports what a cold run does."""
    monkeypatch.chdir(tmp_path)
    write_files(tmp_path, {"model.py": READER})
    between = "import model\n\nmodel.step(1.0)\nmodel.SCALE = 3.0\nmodel.step(1.0)\n"
    first = "import model\n\nmodel.SCALE = 3.0\nmodel.step(1.0)\nmodel.step(1.0)\n"
    settings = Settings(cache_dir=str(tmp_path / "cache"))

    def acc6(text: str) -> list[tuple[str, int, str]]:
        (tmp_path / "train.py").write_text(text)
        cached = run(["."], settings, cache=True)
        cold = run(["."], settings)
        found = sorted((Path(f.path).name, f.line, f.code) for f in cached.findings if f.code.startswith("ACC6"))
        assert found == sorted((Path(f.path).name, f.line, f.code) for f in cold.findings if f.code.startswith("ACC6"))
        return found

    assert acc6(between) == [("model.py", 9, "ACC601")]
    assert acc6(first) == []
    assert acc6(between) == [("model.py", 9, "ACC601")]


def test_a_stale_seed_is_read_back_as_written_and_another_shape_refused():
    stale = Stale("step", "train", ("cfg.SCALE",), (("0", "val"),))
    assert Stale.sound(stale.to_data()) and Stale.from_data(stale.to_data()) == stale
    assert not Stale.sound(["step", "train", ["cfg.SCALE"], [["0"]]])
    assert not Stale.sound(["step", "train", [1], []])


def test_a_package_importer_relative_imports(tmp_path):
    """`from . import model` in a package: the written name is made absolute (`pkg.model.SCALE`)
    before the defining module reads it as its own global."""
    root = write_files(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/model.py": READER,
        "pkg/train.py": """
            from . import model
            from .model import step

            for epoch in range(3):
                step(1.0)
                model.SCALE = epoch * 2.0
        """,
    })
    assert _acc6(root) == {("pkg/model.py", 9, "ACC601")}
