"""Module methods across modules (issue 21): a submodule whose class is defined in another
module of the project takes the kinds its caller passes (`self.block(x, mode)`), comparisons with
string constants and value enums imported from another module are Python bools, and a field
declared static on a pytree dataclass of another module is a Python value. Each shape is silent
even with --strictness pedantic, and its hazardous twin (a traced value handed through the same
call) is still found, by default."""

from pathlib import Path

import pytest

from acclint.api import lint_paths
from acclint.run.config import Settings
from two_modules import write_files

PEDANTIC = Settings(strictness="pedantic")


def _found(root: Path, settings: Settings | None = None) -> set[tuple[str, int, str]]:
    return {(Path(f.path).relative_to(root).as_posix(), f.line, f.code) for f in lint_paths([root], settings=settings)}


BLOCK = """
    from flax import nnx

    class Block(nnx.Module):
        def __call__(self, x, depth):
            if depth > 1:
                return x * 2
            return x
"""


LINEN = """
    import flax.linen as nn

    class Block(nn.Module):
        @nn.compact
        def __call__(self, x, depth):
            if depth > 1:
                return x * 2
            return x
"""

# Callers of a Block defined in another module, each passing a Python int or a traced flag.
CALLERS = {
    "nnx, set in __init__": ("nnx", """
        import jax.numpy as jnp
        from flax import nnx
        from .layers import Block

        class Model(nnx.Module):
            def __init__(self):
                self.block = Block()

            def __call__(self, x):
                return self.block(x, DEPTH)
    """),
    "linen, set in setup": ("linen", """
        import jax.numpy as jnp
        import flax.linen as nn
        from pkg import layers

        class Model(nn.Module):
            def setup(self):
                self.block = layers.Block()

            def __call__(self, x):
                return self.block(x, DEPTH)
    """),
    "linen, inline in a compact __call__": ("linen", """
        import jax.numpy as jnp
        import flax.linen as nn
        from .layers import Block

        class Model(nn.Module):
            @nn.compact
            def __call__(self, x):
                return Block()(x, DEPTH)
    """),
}


@pytest.mark.parametrize("case", sorted(CALLERS))
def test_a_submodule_of_another_module_takes_its_callers_kinds(tmp_path, case):
    framework, caller = CALLERS[case]
    block = BLOCK if framework == "nnx" else LINEN
    static = write_files(tmp_path / "static", {
        "pkg/__init__.py": "", "pkg/layers.py": block, "pkg/model.py": caller.replace("DEPTH", "2"),
    })
    assert _found(static, PEDANTIC) == set()
    traced = write_files(tmp_path / "traced", {
        "pkg/__init__.py": "", "pkg/layers.py": block, "pkg/model.py": caller.replace("DEPTH", "jnp.mean(x)"),
    })
    assert _found(traced) == {("pkg/layers.py", 6 if framework == "nnx" else 7, "ACC201")}


def test_an_unreached_submodule_keeps_its_flags_unknown(tmp_path):
    # Nobody the analysis sees calls this Block: pedantic still reports its flag.
    root = write_files(tmp_path, {"pkg/__init__.py": "", "pkg/layers.py": BLOCK})
    assert _found(root) == set()
    assert _found(root, PEDANTIC) == {("pkg/layers.py", 6, "ACC201")}


def test_a_submodules_output_comes_back_as_a_pytree(tmp_path):
    root = write_files(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/layers.py": """
            from flax import nnx

            class Block(nnx.Module):
                def __call__(self, x, scale):
                    return x * scale
        """,
        "pkg/model.py": """
            from flax import nnx
            from .layers import Block

            class Model(nnx.Module):
                def __init__(self):
                    self.block = Block()

                def __call__(self, x):
                    y = self.block(x, 2.0)
                    if y.sum() > 0:
                        return y
                    return -y
        """,
    })
    assert _found(root) == {("pkg/model.py", 11, "ACC201")}


def test_imported_string_constants_and_value_enums_compare_as_python_bools(tmp_path):
    common = """
        import enum

        MODEL_MODE_PREFILL = "prefill"
        LIMIT = 3

        class Attention(enum.Enum):
            GLOBAL = "global"
            LOCAL = "local"

        class Named(str, enum.Enum):
            A = "a"

        class Level(enum.IntEnum):
            LOW = 0
            HIGH = 1
    """
    root = write_files(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/common.py": common,
        "pkg/layers.py": """
            import jax
            from flax import nnx
            from pkg import common
            from .common import MODEL_MODE_PREFILL, Attention, Named, Level, LIMIT

            class Layer(nnx.Module):
                def __call__(self, x, model_mode, kind, name):
                    if model_mode == MODEL_MODE_PREFILL:
                        x = x * 2
                    if kind != Attention.LOCAL:
                        x = x * 3
                    if name == Named.A or model_mode == common.MODEL_MODE_PREFILL:
                        x = x * 4
                    return x

            @jax.jit
            def step(x, level, n):
                if level == Level.HIGH:  # an IntEnum member is an int: compared element-wise
                    x = x * 2
                if n == LIMIT:  # an int constant: compared element-wise
                    x = x * 3
                if n == common.Attention.GLOBAL:
                    x = x * 4
                return x
        """,
    })
    assert _found(root, PEDANTIC) == {("pkg/layers.py", 19, "ACC201"), ("pkg/layers.py", 21, "ACC201")}
    assert _found(root) == {("pkg/layers.py", 19, "ACC201"), ("pkg/layers.py", 21, "ACC201")}


def test_a_constant_rebound_or_shadowed_is_no_string(tmp_path):
    root = write_files(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/common.py": """
            MODE = "train"
            OTHER = "a"

            def configure(value):
                global OTHER
                OTHER = value
        """,
        "pkg/step.py": """
            import jax
            from .common import MODE, OTHER

            @jax.jit
            def step(x, mode):
                MODE = x.sum()
                if mode == MODE:
                    x = x * 2
                if mode == OTHER:
                    x = x * 3
                return x
        """,
    })
    assert _found(root) == {("pkg/step.py", 8, "ACC201"), ("pkg/step.py", 10, "ACC201")}


STATE = """
    from flax import struct
    import equinox as eqx
    import jax

    @struct.dataclass
    class RunningState:
        count: jax.Array
        mode: int = struct.field(pytree_node=False, default=0)

    class Config(eqx.Module):
        weight: jax.Array
        layers: int = eqx.field(static=True)
"""


def test_a_static_field_of_a_dataclass_of_another_module_is_a_python_value(tmp_path):
    root = write_files(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/state.py": STATE,
        "pkg/train.py": """
            import jax
            import jax.numpy as jnp
            from .state import RunningState, Config

            @jax.jit
            def update(state: RunningState, config: Config, x):
                state = jax.tree.map(lambda a: a + jnp.sum(x), state)
                if state.mode == 1:
                    x = x * 2
                for _ in range(config.layers):
                    x = x * 3
                if state.count > 0:  # a field not declared static may be traced
                    x = x * 4
                return x
        """,
    })
    assert _found(root, PEDANTIC) == {("pkg/train.py", 13, "ACC201")}


def test_a_module_of_a_namespace_package_is_found_by_its_whole_name(tmp_path):
    # `src/app/common/` has no `__init__.py` (a namespace package, as in MaxText): the importer
    # spells `app.common.modes`, which the index names `modes` alone.
    root = write_files(tmp_path, {
        "src/app/__init__.py": "",
        "src/app/common/modes.py": """
            MODEL_MODE_TRAIN = "train"

            def scaled(x, factor):
                if factor > 1:
                    return x * factor
                return x
        """,
        "src/app/layer.py": """
            import jax
            import jax.numpy as jnp
            from app.common.modes import MODEL_MODE_TRAIN, scaled

            @jax.jit
            def step(x, model_mode):
                if model_mode == MODEL_MODE_TRAIN:
                    x = x * 2
                return scaled(x, jnp.mean(x))
        """,
    })
    assert _found(root) == {("src/app/common/modes.py", 5, "ACC201")}


def test_a_submodule_field_declared_with_its_type(tmp_path):
    # equinox: the field is filled by the constructor, its annotation names the submodule's class
    layers = """
        import equinox as eqx

        class PositionalEmbedding(eqx.Module):
            size: int = eqx.field(static=True)

            def __call__(self, L):
                if L > self.size:
                    raise ValueError("too long")
                return L
    """
    caller = """
        import equinox as eqx
        import jax.numpy as jnp
        from .layers import PositionalEmbedding

        class Filter(eqx.Module):
            pos_emb: PositionalEmbedding

            def __call__(self, x):
                return self.pos_emb(LENGTH)
    """
    static = write_files(tmp_path / "static", {
        "pkg/__init__.py": "", "pkg/layers.py": layers, "pkg/model.py": caller.replace("LENGTH", "x.shape[0]"),
    })
    assert _found(static, PEDANTIC) == set()
    traced = write_files(tmp_path / "traced", {
        "pkg/__init__.py": "", "pkg/layers.py": layers, "pkg/model.py": caller.replace("LENGTH", "jnp.sum(x)"),
    })
    assert _found(traced) == {("pkg/layers.py", 8, "ACC201")}


def test_in_one_module_too_a_reached_submodule_takes_its_callers_kinds(tmp_path):
    # A submodule's `__call__` a seen call reaches loses the entry kinds (pedantic silent); one
    # reached only from a method nobody traces keeps them (pedantic reports its flag).
    root = write_files(tmp_path, {"model.py": """
        from flax import nnx

        class Block(nnx.Module):
            def __call__(self, x, depth):
                if depth > 1:
                    return x * 2
                return x

        class Unused(nnx.Module):
            def __call__(self, x, depth):
                if depth > 1:
                    return x * 2
                return x

        class Model(nnx.Module):
            def __init__(self):
                self.block = Block()
                self.unused = Unused()

            def __call__(self, x):
                return self.block(x, 2)

            def never_traced(self, x):
                return self.unused(x, 3)
    """})
    assert _found(root, PEDANTIC) == {("model.py", 12, "ACC201")}


def test_a_named_arrays_axes_are_metadata(tmp_path):
    # haliax's NamedArray.axes (levanter's attention): a tuple of Axis(name, size)
    root = write_files(tmp_path, {"attention.py": """
        import jax

        @jax.jit
        def classify(q, spoken_for):
            q = q * 2  # an array for sure: its fields would be traced
            pos = q.resolve_axis("position")
            found = [a for a in q.axes if a.name not in spoken_for or a == pos]
            for a in q.axes:
                if a.name in spoken_for:
                    raise ValueError(a.name)
            if q.array.sum() > 0:
                return found
            return []
    """})
    assert _found(root) == {("attention.py", 12, "ACC201")}


def test_a_method_of_a_submodule_takes_its_callers_kinds(tmp_path):
    # levanter's Hyena: `self.filter_fn.generate_filters(l_filter)` runs the submodule's helper,
    # which hands its `input_length: int` to another submodule
    source = """
        import equinox as eqx
        import jax.numpy as jnp

        class PositionalEmbedding(eqx.Module):
            size: int = eqx.field(static=True)

            def __call__(self, L):
                if L > self.size:
                    raise ValueError("too long")
                return L

        class Filter(eqx.Module):
            pos_emb: PositionalEmbedding

            def generate_filters(self, input_length):
                return self.pos_emb(input_length)

        class Operator(eqx.Module):
            filter_fn: Filter

            def __call__(self, u):
                return self.filter_fn.generate_filters(LENGTH)
    """
    static = write_files(tmp_path / "static", {"hyena.py": source.replace("LENGTH", "u.shape[0]")})
    assert _found(static, PEDANTIC) == set()
    traced = write_files(tmp_path / "traced", {"hyena.py": source.replace("LENGTH", "jnp.sum(u)")})
    assert _found(traced) == {("hyena.py", 9, "ACC201")}
