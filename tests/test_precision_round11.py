"""Precision round 11 (stop 44): false findings of the real-code benchmark left at stop 43, each
fixed at its cause and tested on other spellings of the property, written before the change,
beside the hazard that must stay found.

Every snippet is linted whole; `# expect: CODE` marks each line that must be reported, and no
other line may be. The framework facts behind them are runs in benchmarks/framework_runs.py.
"""

from __future__ import annotations

from labelled import assert_labels_match

# -- 1. a branch only another framework's reach takes ----------------------------------------
# pytorch_geometric `to_torch_coo_tensor` (sparse.py:179): `if size is None: size =
# int(edge_index.max()) + 1`, reached from a torch.jit.trace'd layer that passes a size and from
# torch.jit.script'ed callers that leave it out. The traced reach never takes the branch (no
# TracerWarning), and the script keeps the branch as control flow (run:
# `torch_branch_only_another_framework_takes`). What the analysis got wrong: the parameters
# every reach passes (`FunctionInfo.given`) were one set for all frameworks, so torch.jit.trace's
# rules walked into a branch only the script's reach takes.


def test_a_none_branch_only_the_scripted_reach_takes():
    assert_labels_match("""
        import torch
        from typing import Optional

        def counts(x: torch.Tensor, size: Optional[int] = None) -> torch.Tensor:
            if size is None:
                size = int(x.max()) + 1
            return torch.zeros(size).scatter_add(0, x, torch.ones_like(x, dtype=torch.float))

        def traced_with_size(x: torch.Tensor) -> torch.Tensor:
            return counts(x, x.size(0))

        def scripted_without(x: torch.Tensor) -> torch.Tensor:
            return counts(x)

        traced = torch.jit.trace(traced_with_size, (torch.tensor([0, 1, 2, 2]),))
        scripted = torch.jit.script(scripted_without)
    """)


def test_other_spellings_of_a_branch_only_another_framework_takes():
    """The reach leaving the parameter out is torch.compile's (where `int(t)` is a graph break
    ACC302 does not name), the branch is the `else` of `is not None`, and the helper is a
    method of a class whose traced `forward` passes the size."""
    assert_labels_match("""
        import torch
        from typing import Optional

        def scatter(src: torch.Tensor, index: torch.Tensor, dim_size: Optional[int] = None):
            if dim_size is None:
                dim_size = int(index.max()) + 1
            return src.new_zeros(dim_size).scatter_add_(0, index, src)

        def widths(x: torch.Tensor, n: Optional[int] = None):
            if n is not None:
                return x[:n]
            else:
                return x[: int(x.argmax())]

        class Layer(torch.nn.Module):
            def forward(self, src, index):
                return scatter(src, index, dim_size=src.size(0)) + widths(src, 2).sum()

        def compiled(src, index):
            return scatter(src, index) + widths(src).sum()

        traced = torch.jit.trace(Layer(), (torch.ones(4), torch.tensor([0, 1, 2, 2])))
        fast = torch.compile(compiled)
    """)


def test_a_none_branch_the_traced_reach_takes_stays_reported():
    """The hazard beside it: the traced caller leaves the size out (the example's maximum is
    baked), while the scripted one passes it."""
    assert_labels_match("""
        import torch
        from typing import Optional

        def counts(x: torch.Tensor, size: Optional[int] = None) -> torch.Tensor:
            if size is None:
                size = int(x.max()) + 1  # expect: ACC302
            return torch.zeros(size).scatter_add(0, x, torch.ones_like(x, dtype=torch.float))

        def traced_without(x: torch.Tensor) -> torch.Tensor:
            return counts(x)

        def scripted_with_size(x: torch.Tensor) -> torch.Tensor:
            return counts(x, x.size(0))

        traced = torch.jit.trace(traced_without, (torch.tensor([0, 1, 2, 2]),))
        scripted = torch.jit.script(scripted_with_size)
    """)


# -- 2. the length of a value the guards make a Python list or tuple -------------------------
# pytorch_geometric `coalesce` (`_coalesce.py:194`): `edge_attr` is a tensor in one branch (made
# with `edge_index.size(1)`) and a list of tensors in another; under `isinstance(edge_attr,
# (list, tuple))`, `if len(edge_attr) == 0:` counts the list's items, a Python int no trace
# records (run: `torch_trace_length_of_a_list`: no TracerWarning, as eager on other sizes). What
# the analysis got wrong: the size-branch check followed every binding of the name, the
# tensor's too, though no tensor passes `isinstance(v, (list, tuple))`.


def test_the_length_of_a_list_a_type_test_guards():
    assert_labels_match("""
        import torch

        def merge(x, attrs=None):
            perm = torch.argsort(x)
            if isinstance(attrs, torch.Tensor):
                attrs = attrs[perm].new_zeros(x.size(0)) + attrs[perm]
                return x[perm] + attrs
            elif isinstance(attrs, (list, tuple)):
                attrs = [a[perm] for a in attrs]
            if isinstance(attrs, (list, tuple)):
                if len(attrs) == 0:
                    return x[perm]
                return x[perm] + attrs[0]
            return x[perm]

        traced = torch.jit.trace(merge, (torch.tensor([3.0, 1.0, 2.0]), [torch.tensor([1.0, 2.0, 3.0])]))
    """)


def test_other_spellings_of_the_length_of_a_guarded_list():
    """The type test and the length in one `and`, the truth of the list in the `else` of `not
    isinstance`, and a conditional expression on the length."""
    assert_labels_match("""
        import torch

        def merge(x, attrs=None):
            if isinstance(attrs, torch.Tensor):
                attrs = attrs.new_zeros(x.size(0)) + attrs
            elif isinstance(attrs, list):
                attrs = [a * 2 for a in attrs]
            if isinstance(attrs, list) and len(attrs) > 1:
                x = x + attrs[1]
            if not isinstance(attrs, (list, tuple)):
                x = x * 2
            else:
                if attrs:
                    x = x + attrs[0]
            if isinstance(attrs, tuple):
                x = x + 1 if len(attrs) == 2 else x
            return x

        traced = torch.jit.trace(merge, (torch.ones(3), [torch.ones(3), torch.ones(3)]))
    """)


def test_an_element_of_a_size_a_tuple_test_guards_stays_reported():
    """The hazard beside it: a torch.Size passes `isinstance(s, tuple)`, and a branch on its
    element keeps the example's answer (the run's `head`: TracerWarning, wrong on another size);
    so does the length of a name no type test guards."""
    assert_labels_match("""
        import torch

        def head(x):
            s = x.size()
            if isinstance(s, tuple) and s[0] > 2:  # expect: ACC201
                return x[:2]
            return x

        def merge(x, attrs=None):
            if isinstance(attrs, torch.Tensor):
                attrs = attrs.new_zeros(x.size(0)) + attrs
            n = x.size(0)
            if n > 3:  # expect: ACC201
                return x
            return x + 1

        t1 = torch.jit.trace(head, (torch.ones(1),))
        t2 = torch.jit.trace(merge, (torch.ones(3), torch.ones(3)))
    """)


def test_a_sequence_display_compared_with_containers_is_no_traced_condition():
    """levanter `tree_utils.py:55` (reached at stop 44 through haliax's `named_jit`): `==`
    between a list or tuple display and containers is Python's sequence comparison, a Python
    bool decided by the elements' identity and count (`tree_leaves(leaf) == [leaf]` is True
    without asking the leaf anything); where it must compare two different tracers it raises
    at once. Either way no branch is baked. Comparing an element, or an array, still is."""
    assert_labels_match('''
import jax
import jax.numpy as jnp


@jax.jit
def is_leaf(tree, x):
    if jax.tree_util.tree_leaves(tree) == [tree]:
        return x
    if [x] == [x]:
        return x * 2
    if (x, tree) != (x, tree):
        return x * 3
    if jax.tree_util.tree_leaves(tree)[0] == 0:  # expect: ACC201
        return x * 4
    if x == jnp.zeros(()):  # expect: ACC201
        return x * 5
    return x + 1
''')
