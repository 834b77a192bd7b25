"""What a call in one module passes a function of another module is, in the function's def, of
the classes the calling module knows it to be, as where both live in one module.

Property: an unannotated parameter of a module-level function holds the objects every call of
the function passes it, whichever module of the project makes the call (by the name it
imports, through a package's re-export, or through a compiled callable it makes of the
function), so a rule reading the parameter's class (ACC101's `random.Random` draw under
torch.compile, ACC304's `model.predict` in a tf.function) judges the def as it does with the
call beside it (acclint.analysis.call_sites, `CallSite` seeds; benchmarks/reports/perturb.py
R6: pytorch_196437 and keras_13671 moved into a second module). The runs behind the findings
are the in-module ones (tests/test_compile_random_object_argument.py, keras_13671): where the
def lives changes nothing at run time, the function is handed the very object.

Each hazard below is silent at e02e5be; the look-alikes are silent on both.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from acclint.api import run
from acclint.run.config import Settings
from two_modules import found_in, labelled_in, write_files

DRAWS = """
    def fn(x, gen):
        return x + gen.randint(1, 100)  # expect: ACC101
"""


def _codes(root: Path) -> set[tuple[str, int, str]]:
    return {f for f in found_in(root) if f[2][:4] in ("ACC1", "ACC3")}


def test_compiled_in_the_importer_by_the_name_it_imports(tmp_path):
    """perturb's R6 layout: `opt_fn = torch.compile(fn)` with `fn` imported, `rng` passed."""
    root = write_files(tmp_path, {
        "draws.py": DRAWS,
        "main.py": """
            import random
            import torch
            from draws import fn

            opt_fn = torch.compile(fn, dynamic=True)
            rng = random.Random(0)
            out = [opt_fn(torch.zeros(3), rng) for _ in range(4)]
        """,
    })
    assert _codes(root) == labelled_in(root, ["draws.py", "main.py"])


def test_decorated_in_the_definer_called_through_the_module_by_keyword(tmp_path):
    """`import ops; ops.jitter(x, source=r)`, `r` made in the function making the call."""
    root = write_files(tmp_path, {
        "ops.py": """
            import torch

            @torch.compile
            def jitter(x, source=None):
                return x * source.uniform(0.9, 1.1)  # expect: ACC101
        """,
        "main.py": """
            import random
            import torch
            import ops

            def main(seed):
                r = random.Random(seed)
                for _ in range(10):
                    ops.jitter(torch.ones(3), source=r)
        """,
    })
    assert _codes(root) == labelled_in(root, ["ops.py", "main.py"])


def test_a_tf_function_reexported_by_a_package(tmp_path):
    """keras_13671 in a package: `from pkg import test`, which `pkg/__init__.py` re-exports."""
    root = write_files(tmp_path, {
        "pkg/__init__.py": "from .steps import test\n",
        "pkg/steps.py": """
            import tensorflow as tf

            @tf.function
            def test(model, x):
                return model.predict(x, steps=1)  # expect: ACC304
        """,
        "main.py": """
            import numpy as np
            from tensorflow import keras
            from pkg import test

            x = np.random.random((10, 16)).astype("float32")
            model = keras.Sequential([keras.Input(shape=(16,)), keras.layers.Dense(32)])
            y = test(model, x)
        """,
    })
    assert _codes(root) == labelled_in(root, ["pkg/steps.py", "main.py"])


def test_compiled_in_the_definer_by_a_module_level_name(tmp_path):
    """`step = torch.compile(train_step)` in the definer; the importer calls `step`."""
    root = write_files(tmp_path, {
        "steps.py": """
            import torch

            def train_step(x, r):
                keep = r.random() > 0.1  # expect: ACC101
                return x * keep

            step = torch.compile(train_step)
        """,
        "main.py": """
            import random
            import torch
            from steps import step

            r = random.Random(0)
            for _ in range(10):
                step(torch.ones(3), r)
        """,
    })
    assert _codes(root) == labelled_in(root, ["steps.py", "main.py"])


def test_look_alikes_are_silent(tmp_path):
    """A draw torch.compile replays (`gauss`), the generator passed at a place the def does not
    draw from, a function no marker compiles, and a Keras model called (not `predict`)."""
    root = write_files(tmp_path, {
        "ops.py": """
            import tensorflow as tf
            import torch

            @torch.compile
            def replayed(x, gen):
                return x + gen.gauss(0.0, 1.0)

            @torch.compile
            def placed(x, gen, noise):
                return x + noise.randint(1, 100)

            def plain(x, gen):
                return x + gen.randint(1, 100)

            @tf.function
            def called(model, x):
                return model(x)
        """,
        "main.py": """
            import random
            import numpy as np
            import torch
            from tensorflow import keras
            from ops import called, placed, plain, replayed
            from sources import load_noise

            rng = random.Random(0)
            a = replayed(torch.zeros(3), rng)
            b = placed(torch.zeros(3), rng, load_noise())
            c = plain(torch.zeros(3), rng)
            model = keras.Sequential([keras.Input(shape=(16,)), keras.layers.Dense(32)])
            d = called(model, np.zeros((2, 16), "float32"))
        """,
    })
    assert _codes(root) == set()


def test_an_edit_of_the_importer_brings_and_takes_the_definers_finding_through_the_cache(tmp_path, monkeypatch):
    """The definer's bytes never change: what the importer passes decides its finding, and a
    cached run after each edit of the importer reports what a cold run does."""
    monkeypatch.chdir(tmp_path)
    write_files(tmp_path, {"draws.py": DRAWS})
    passing = textwrap.dedent("""
        import random
        import torch
        from draws import fn

        opt_fn = torch.compile(fn)
        value = {}
        out = [opt_fn(torch.zeros(3), value) for _ in range(4)]
    """)
    settings = Settings(cache_dir=str(tmp_path / "cache"))

    def draws_codes(value: str) -> list[tuple[str, int, str]]:
        (tmp_path / "main.py").write_text(passing.replace("value = {}", f"value = {value}"))
        cached = run(["."], settings, cache=True)
        cold = run(["."], settings)
        found = sorted((Path(f.path).name, f.line, f.code) for f in cached.findings if f.code.startswith("ACC1"))
        assert found == sorted((Path(f.path).name, f.line, f.code) for f in cold.findings if f.code.startswith("ACC1"))
        return found

    assert draws_codes("{}") == []
    assert draws_codes("random.Random(0)") == [("draws.py", 3, "ACC101")]
    assert draws_codes("{}") == []
    assert draws_codes("random.Random(1)") == [("draws.py", 3, "ACC101")]


def test_a_summary_keeping_call_sites_is_read_back(tmp_path, monkeypatch):
    """The importer's summary keeps its call sites (`sites`), and the store's own check accepts
    them as written and refuses one of another shape (so a cached run replays them, never
    crashes on them)."""
    import json

    from acclint.run.summaries import _sound

    monkeypatch.chdir(tmp_path)
    write_files(tmp_path, {"draws.py": DRAWS, "main.py": """
        import random
        import torch
        from draws import fn

        opt_fn = torch.compile(fn)
        out = opt_fn(torch.zeros(3), random.Random(0))
    """})
    run(["."], Settings(cache_dir=str(tmp_path / "cache")), cache=True)
    (file,) = (tmp_path / "cache").rglob("*.json")
    summaries = json.loads(file.read_text())["data"]["summaries"]
    sites = [site for s in summaries.values() for kept in s.get("outgoing", {}).values() for site in kept.get("sites", ())]
    assert sites == [["draws.fn", ["", "main", [["1", ["random.Random"]]]]]]
    assert all(_sound(s) for s in summaries.values())
    (main,) = [s for s in summaries.values() if any(kept.get("sites") for kept in s.get("outgoing", {}).values())]
    for kept in main["outgoing"].values():
        if kept.get("sites"):
            kept["sites"] = [["draws.fn", ["", "main", 1, [["1", ["random.Random"]]]]]]
    assert not _sound(main)
