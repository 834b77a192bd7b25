"""A value that must be a Python number given a batched or traced tensor (batch 25: functorch#1133).

Properties: under torch.func.vmap every tensor parameter is batched, and a batched tensor where
torch needs a Python number (`torch.arange`'s bounds, a factory's size, `range`, a tensor
method's shape or repeats: `reshape`, `view`, `repeat`, a slice bound) raises RuntimeError (torch 2.13,
benchmarks/framework_runs.py func_vmap_static_numbers: 14 spellings raise; `torch.arange(x.shape[0])`,
`torch.zeros(len(x))` run). keras-core#623 (Keras' JAX backend) is not
built: acclint models Keras as its TensorFlow backend (benchmarks/README.md, dev25).
"""

from __future__ import annotations

import textwrap

from acclint.api import lint_text
from acclint.run.config import Settings


def found(source: str) -> list[tuple[int, str]]:
    return sorted((f.line, f.code) for f in lint_text(textwrap.dedent(source).lstrip("\n"), "m.py", Settings()).findings)


def test_arange_of_a_batched_count_under_torch_vmap():
    assert found("""
        import torch


        def func(x):
            for i in torch.arange(x):
                pass
            return x


        torch.vmap(func)(torch.tensor([3, 3]))
    """) == [(5, "ACC305")]


def test_a_factory_size_and_a_reshape_of_a_batched_count():
    assert found("""
        import torch
        from torch.func import vmap


        def pad(x, n):
            z = torch.zeros(n)
            return z.sum() + x.reshape(n, -1).sum()


        vmap(pad)(torch.ones(2, 4), torch.tensor([2, 2]))
    """) == [(6, "ACC305"), (7, "ACC305")]


def test_range_and_arange_end_of_a_batched_count():
    assert found("""
        import torch


        def total(x, n):
            t = x[0]
            for i in range(n):
                t = t + x[i]
            return t + torch.arange(0, n).sum() + x.repeat(n).sum()


        torch.func.vmap(total)(torch.ones(2, 4), torch.tensor([3, 3]))
    """) == [(6, "ACC302"), (8, "ACC305"), (8, "ACC305")]


def test_sizes_read_from_the_batched_tensor_are_python_ints():
    assert found("""
        import torch


        def ok(x, n):
            return torch.arange(x.shape[0]) + torch.zeros(len(x)) + x[:2].sum() + x.sum() * n


        torch.func.vmap(ok, in_dims=(0, None))(torch.ones(2, 4), 3)
    """) == []


def test_an_unmapped_count_stays_a_python_number():
    assert found("""
        import torch


        def head(x, n):
            return x.reshape(n, -1).sum() + torch.arange(n).sum()


        torch.func.vmap(head, in_dims=(0, None))(torch.ones(2, 4), 2)
    """) == []


def test_a_batched_slice_bound_under_torch_vmap():
    """`x[:n]`, `x[n:]`, `x[::n]` with a batched `n` raise RuntimeError (func_vmap_static_numbers)."""
    assert found("""
        import torch


        def head(x, n):
            return x[:n].sum() + x[n:].sum()


        def strided(x, n):
            return x[::n].sum()


        torch.func.vmap(head)(torch.ones(2, 4), torch.tensor([1, 1]))
        torch.func.vmap(strided)(torch.ones(2, 4), torch.tensor([1, 1]))
    """) == [(5, "ACC305"), (5, "ACC305"), (9, "ACC305")]

