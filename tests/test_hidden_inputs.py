"""ACC6 precision and reach: which outside values count as changed after a trace was built.

The rules' own examples (tests/test_rule_examples.py) hold the basic shapes; these are the
shapes from real code that must stay silent (set-up before training, registries filled by
decorators, context managers, notebooks that redefine what they rebind, functional `update`
methods) and the ones that must still be reported, with the line of the change in the message.
"""

from __future__ import annotations

import textwrap

import pytest

from acclint.api import lint_text


def _acc6(source: str) -> list[tuple[int, str, str]]:
    result = lint_text(textwrap.dedent(source), "hidden.py")
    assert result.error is None, result.error
    return [(f.line, f.code, f.message) for f in result.findings if f.code.startswith("ACC6")]


SILENT = {
    "set-up in main before training": """
        import jax
        CFG = None
        FLAGS = {}

        def setup():
            global CFG
            CFG = 2.0

        @jax.jit
        def f(x):
            return x * CFG * FLAGS["a"]

        def main():
            setup()
            FLAGS["a"] = 1.0
            for _ in range(3):
                f(1.0)

        if __name__ == "__main__":
            main()
    """,
    "a registry filled by a decorator at import": """
        import jax
        ACTIVATIONS = {}

        def register(fn):
            ACTIVATIONS[fn.__name__] = fn
            return fn

        @register
        def relu(x):
            return x

        @jax.jit
        def apply(x):
            return ACTIVATIONS["relu"](x)
    """,
    "a stack a context manager pushes and pops": """
        import jax
        _STACK = []

        class handler:
            def __enter__(self):
                _STACK.append(self)

            def __exit__(self, *exc):
                _STACK.pop()

        @jax.jit
        def model(x):
            return x * len(_STACK)
    """,
    "a flag a contextmanager sets and restores": """
        import contextlib
        import jax
        _DISABLED = False

        @contextlib.contextmanager
        def disabled():
            global _DISABLED
            stored = _DISABLED
            _DISABLED = True
            yield
            _DISABLED = stored

        @jax.jit
        def f(x):
            return x if _DISABLED else x * 2
    """,
    "a notebook section that rebinds and redefines": """
        import jax
        scale = 1.0

        @jax.jit
        def step(x):
            return x * scale

        step(1.0)
        scale = 2.0

        @jax.jit
        def step(x):
            return x * scale

        step(1.0)
    """,
    "rebound to the same literal": """
        import jax
        N = 1500

        @jax.jit
        def f(x):
            return x * N

        f(1.0)
        N = 1500
        f(1.0)
    """,
    "update of an object that is no built-in container": """
        import jax
        nbrs = make_neighbor_list()

        @jax.jit
        def f(x):
            return nbrs.update(x)

        for _ in range(3):
            f(1.0)
            nbrs.update(2.0)
    """,
    "an attribute written on another class's object": """
        import jax

        class Trainer:
            def __init__(self):
                self.lr = 0.1
                self.update = jax.jit(self._update)

            def _update(self, w):
                return w - self.lr

        class Other:
            def change(self):
                self.lr = 0.5
    """,
    "a write of the global in the trace itself (ACC4)": """
        import jax
        n = 0

        @jax.jit
        def h(x):
            global n
            n += 1
            return x + n
    """,
}


@pytest.mark.parametrize("source", SILENT.values(), ids=SILENT.keys())
def test_no_finding(source):
    assert _acc6(source) == []


def test_a_later_call_of_the_old_trace_is_reported_with_the_line_of_the_change():
    found = _acc6("""
        import jax
        scale = 1.0

        @jax.jit
        def step(x):
            return x * scale

        step(1.0)
        scale = 2.0
        step(1.0)
    """)
    assert found == [(7, "ACC601", found[0][2])]
    assert "rebound at line 10" in found[0][2]


def test_a_setter_never_called_in_the_module_counts():
    found = _acc6("""
        import jax
        LR = 0.1

        @jax.jit
        def update(w):
            return w - LR

        def set_lr(value):
            global LR
            LR = value
    """)
    assert [(line, code) for line, code, _ in found] == [(7, "ACC601")]
    assert "line 11" in found[0][2]


def test_a_closure_iterator_in_a_scan_body_and_one_made_in_the_trace():
    found = _acc6("""
        import jax
        from jax import lax

        def epoch(w, data):
            batches = iter(data)

            def body(c, _):
                return c + next(batches), c

            return lax.scan(body, w, None, length=3)

        @jax.jit
        def inside(x):
            it = iter(range(3))
            return x + next(it)
    """)
    assert [(line, code) for line, code, _ in found] == [(9, "ACC603")]
    assert "made at line 6" in found[0][2]


def test_an_attribute_lowered_on_a_module_level_instance_between_calls():
    found = _acc6("""
        import jax

        class Trainer:
            def __init__(self):
                self.lr = 0.1
                self.update = jax.jit(self._update)

            def _update(self, w):
                return w - self.lr

        trainer = Trainer()
        trainer.update(1.0)
        trainer.lr = 0.01
        trainer.update(1.0)
    """)
    assert [(line, code) for line, code, _ in found] == [(10, "ACC604")]
    assert "written at line 14" in found[0][2]
