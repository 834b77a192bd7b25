"""A chain of names each bound, in several branches, to the one before (`if c == 0: a1 =
a0.shuffle(1)`, `if c == 1: a1 = a0.shuffle(2)`, ...) is followed once per name, not once per
path: the work grew as the branches' count to the power of the chain's length (measured on the
CLI, one file: 5 branches of 8 links 12.3 s for a dataset's `types`, 15 s for a model handed to
`jax.jit`; 6 branches of 12 links 96 s), now under a second. The findings are the same: the
chain is followed to objects.MAX_DEPTH names for a dataset, as before."""

from __future__ import annotations

import pytest

from acclint.analysis.contexts import ContextAnalysis
from acclint.analysis.objects import Objects
from labelled import assert_labels_match


def dataset_chain(branches: int, links: int) -> str:
    lines = ["import tensorflow as tf", "", "", "def parse(x):", f"    print(x){'  # expect: ACC401' if links <= 8 else ''}",
             "    return x", "", "", "def build(c):", "    a0 = tf.data.Dataset.range(3)"]
    for i in range(1, links + 1):
        for j in range(branches):
            lines += [f"    if c == {j}:", f"        a{i} = a{i - 1}.shuffle({j + 1})"]
    return "\n".join([*lines, f"    return a{links}.map(parse)", ""])


def model_chain(branches: int, links: int) -> str:
    lines = ["import jax", "", "", "class Net:", "    def __call__(self, x):", "        print(x)  # expect: ACC401",
             "        return x", "", "", "def build(c, x):", "    a0 = Net()"]
    for i in range(1, links + 1):
        for j in range(branches):
            lines += [f"    if c == {j}:", f"        a{i} = a{i - 1}"]
    return "\n".join([*lines, f"    return jax.jit(a{links})(x)", ""])


def counted(monkeypatch, cls, name: str) -> list[int]:
    calls = [0]
    method = getattr(cls, name)

    def counting(*args, **kwargs):
        calls[0] += 1
        return method(*args, **kwargs)

    monkeypatch.setattr(cls, name, counting)
    return calls


@pytest.mark.parametrize("branches, links", [(2, 8), (5, 8), (2, 9), (5, 12)])
def test_a_datasets_fanned_out_chain(monkeypatch, branches, links):
    calls = counted(monkeypatch, Objects, "_bound")
    assert_labels_match(dataset_chain(branches, links))
    assert calls[0] <= 20 * links, calls[0]  # 5 branches of 8 links: 488,281 before


@pytest.mark.parametrize("branches, links", [(2, 8), (5, 8), (5, 12)])
def test_a_models_fanned_out_chain(monkeypatch, branches, links):
    calls = counted(monkeypatch, ContextAnalysis, "_values_of")
    assert_labels_match(model_chain(branches, links))
    assert calls[0] <= 20 * links, calls[0]


def crossed_chain(links: int) -> str:
    """Two names per link, each bound in two branches to either name of the link before: every
    path through the links is a distinct sequence of names (2 ** links of them)."""
    lines = ["import jax", "", "", "def body(x):", "    print(x)  # expect: ACC401", "    return x", "", "", "def main(c):",
             f"    y{links} = body", f"    z{links} = body"]
    for i in range(links - 1, -1, -1):
        lines += ["    if c:", f"        y{i} = y{i + 1}", f"        z{i} = z{i + 1}",
                  "    else:", f"        y{i} = z{i + 1}", f"        z{i} = y{i + 1}"]
    return "\n".join([*lines, "    return jax.jit(y0)", ""])


@pytest.mark.parametrize("links", [8, 14, 22])
def test_differently_named_fanned_out_chain(monkeypatch, links):
    """Each name's answer is kept once whole (ContextAnalysis._named_targets), and each function
    named once in it: 14 links took 7.6 s on the CLI and 22 links over 5 minutes before, with
    `_targets` called 49,152 times for 14 links."""
    calls = counted(monkeypatch, ContextAnalysis, "_targets")
    assert_labels_match(crossed_chain(links))
    assert calls[0] <= 20 * links, calls[0]
