"""What a module declares static (acclint.analysis.declared), and the JAX facts behind it, run
under `jax.jit`: a tracer compared with a string or a value-enum member is Python's `False`, with
an `IntEnum` member a traced bool; fields declared static on flax.struct and equinox dataclasses
hold their Python value under jit."""

from __future__ import annotations

import ast
import enum
import textwrap

import pytest

from acclint.analysis.declared import Declared
from acclint.analysis.facts import value_facts
from acclint.analysis.names import ImportTable

jax = pytest.importorskip("jax", reason="the facts are checked by running JAX")
jnp = pytest.importorskip("jax.numpy")


def _declared(source: str) -> Declared:
    tree = ast.parse(textwrap.dedent(source))
    table = ImportTable()
    for statement in tree.body:
        if isinstance(statement, ast.Import):
            for alias in statement.names:
                table.bind_import(alias.name, alias.asname)
        elif isinstance(statement, ast.ImportFrom):
            table.bind_import_from("." * statement.level + (statement.module or ""), [(a.name, a.asname) for a in statement.names])
    return Declared.of(tree, table.resolve_dotted, value_facts().static_field_calls)


def test_what_a_module_declares():
    found = _declared("""
        import enum
        from enum import Enum, IntEnum
        from flax import struct
        import equinox as eqx

        MODE = "train"
        PREFIX: str = f"x{1}"
        NUMBER = 3
        REBOUND = "a"
        REBOUND = None
        GLOBAL = "b"
        LOOPED = "c"
        for LOOPED in range(2):
            pass
        if NUMBER:
            NESTED = "d"

        def set_global():
            global GLOBAL
            GLOBAL = 1

        class Kind(Enum):
            A = 1

        class Named(str, enum.Enum):
            A = "a"

        class Sub(Kind):
            pass

        class Level(IntEnum):
            LOW = 0

        class Mixed(int, Enum):
            A = 1

        class Plain:
            pass

        @struct.dataclass
        class State:
            count: int
            mode: int = struct.field(pytree_node=False, default=0)
            other: int = struct.field(default=0)

        class Layer(eqx.Module):
            weight: float
            size: int = eqx.field(static=True)
            name: str = eqx.field(static=False)
    """)
    assert found.strings == {"MODE", "PREFIX", "NESTED"}
    assert found.enums == {"Kind", "Named", "Sub"}
    assert found.static_fields == {"State": ("mode",), "Layer": ("size",)}
    assert Declared.from_data(found.to_data()) == found


class _Kind(enum.Enum):
    A = 1


class _Named(str, enum.Enum):
    A = "a"


class _Level(enum.IntEnum):
    A = 1


@pytest.mark.parametrize("other, static", [("prefill", True), (_Kind.A, True), (_Named.A, True), (_Level.A, False), (1, False)])
def test_a_tracer_compared_with_a_string_or_value_enum_is_a_python_bool(other, static):
    seen = []

    @jax.jit
    def f(x):
        seen.append(x == other)
        return x

    f(jnp.int32(1))
    assert isinstance(seen[0], bool) is static
    assert (seen[0] is False) is static


def test_fields_declared_static_hold_python_values_under_jit():
    struct = pytest.importorskip("flax.struct")
    eqx = pytest.importorskip("equinox")
    seen = []

    @struct.dataclass
    class State:
        count: jax.Array
        mode: int = struct.field(pytree_node=False, default=1)

    class Layer(eqx.Module):
        weight: jax.Array
        size: int = eqx.field(static=True)

    @jax.jit
    def f(state, layer):
        seen.extend([state.mode, layer.size, state.count])
        return state.count

    f(State(jnp.ones(2)), Layer(jnp.ones(2), 3))
    assert seen[0] == 1 and type(seen[0]) is int
    assert seen[1] == 3 and type(seen[1]) is int
    assert isinstance(seen[2], jax.core.Tracer)
    assert {"flax.struct.field", "equinox.field"} <= set(value_facts().static_field_calls)
