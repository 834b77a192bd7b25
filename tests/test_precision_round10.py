"""Precision round 10 (stop 43): false shapes of round 6 of the real-code benchmark, code bases
nobody here had tuned to (benchmarks/README.md, "Round 6, before"), each fixed at its cause and
tested on other spellings of the property, written before the change, beside the hazard that
must stay found.

Every snippet is linted whole; `# expect: CODE` marks each line that must be reported, and no
other line may be. The framework facts behind them are runs in benchmarks/framework_runs.py.
"""

from __future__ import annotations

from labelled import assert_labels_match

# -- 1. a closure's write to a local of the function that runs it on the spot ----------------
# equinox `tree_at`: `in_pytree = False; def _in_pytree(x): nonlocal in_pytree; ...`, the
# closure mapped over a tree by `jax.tree_util.tree_map` and the flag read right after. The
# variable is made anew by every run of `tree_at`, which alone runs the closure, then and there:
# traced or not, the write runs whenever the variable exists, so nothing is left stale (run:
# `jax_closure_writes_the_local_of_its_runner`). What the analysis got wrong: it took every
# `nonlocal` write in a cached trace for state outliving the trace, even state born in it.


def test_a_flag_set_by_a_closure_a_traced_helper_maps_over_a_tree():
    assert_labels_match("""
        import jax
        import jax.numpy as jnp

        def tree_at_like(tree, node):
            in_tree = False

            def visit(x):
                nonlocal in_tree
                if x is node:
                    in_tree = True
                return x

            jax.tree_util.tree_map(visit, tree, is_leaf=lambda x: x is node)
            return in_tree

        @jax.jit
        def step(x):
            return jnp.where(tree_at_like([x, 1.0], x), x + 1, x)
    """)


def test_other_spellings_of_a_closure_run_on_the_spot_by_its_owner():
    """A counter bumped by a closure the jitted function calls twice; one bumped by a closure
    `jax.tree.map` calls on each leaf; a list of names collected by a closure a traced helper
    calls in a Python loop: each variable is born in the run that reads it."""
    assert_labels_match("""
        import jax

        @jax.jit
        def twice(x):
            n = 0

            def bump():
                nonlocal n
                n += 1

            bump()
            bump()
            return x * n

        @jax.jit
        def count_leaves(xs):
            count = 0

            def visit(v):
                nonlocal count
                count = count + 1
                return v

            jax.tree.map(visit, xs)
            return xs[0] * count

        def widest(shapes):
            best = 0

            def keep(width):
                nonlocal best
                best = max(best, width)

            for shape in shapes:
                keep(shape[-1])
            return best

        @jax.jit
        def pad(x, y):
            return x * widest([x.shape, y.shape])
    """)


def test_a_closure_cached_or_looped_by_the_trace_stays_reported():
    """The hazards beside it: a closure the trace jits itself and calls twice (the second call
    reuses the cached trace, so the counter says 1), a body handed to `lax.scan`, traced once
    for all its iterations (the counter says 1 for 3 iterations), and a closure declaring
    `global` a name its enclosing function also binds (the module's name, not the local)."""
    assert_labels_match("""
        import jax
        import jax.numpy as jnp

        CALLS = 0

        @jax.jit
        def counted(x):
            CALLS = 0

            def bump():
                global CALLS
                CALLS += 1  # expect: ACC405

            bump()
            return x + CALLS

        @jax.jit
        def twice(x):
            n = 0

            @jax.jit
            def inner(v):
                nonlocal n
                n += 1  # expect: ACC405
                return v

            inner(x)
            inner(x)
            return x * n

        @jax.jit
        def steps(x):
            n = 0

            def body(carry, _):
                nonlocal n
                n += 1  # expect: ACC405
                return carry + 1, None

            out, _ = jax.lax.scan(body, x, jnp.arange(3))
            return out * n
    """)


# -- 2. a type or identity test reads no size -------------------------------------------------
# pytorch_geometric `coalesce`: `num_edges = edge_index[0].size(0)`, a tensor made with it,
# `edge_index = edge_index[:, perm]`, then `if isinstance(edge_index, Tensor):` and `if edge_attr
# is None:`; detectron2 `Hi_Wi_A = logits_i.shape[1]; if isinstance(Hi_Wi_A, torch.Tensor):`.
# Under torch.jit.trace a branch on a size keeps the example input's answer, but the type of a
# value and whether it is None are the same for every input of the trace (run:
# `torch_trace_type_test_of_a_size`). What the analysis got wrong: it took any test mentioning a
# name whose bindings lead back to a size read for a test of that size, through type and
# identity tests, and through tensors whose shape came from a size.


def test_type_and_identity_tests_after_a_size_read_under_torch_jit_trace():
    assert_labels_match("""
        from typing import Optional

        import torch

        def coalesce_like(edge_index: torch.Tensor, edge_attr: Optional[torch.Tensor] = None):
            num_edges = edge_index[0].size(0)
            idx = edge_index[0].new_empty(num_edges + 1)
            perm = idx.argsort()
            edge_index = edge_index[:, perm]
            if isinstance(edge_index, torch.Tensor):
                edge_index = edge_index * 2
            if edge_attr is None:
                return edge_index
            return edge_index + edge_attr.sum()

        class Conv(torch.nn.Module):
            def forward(self, edge_index):
                return coalesce_like(edge_index)

        traced = torch.jit.trace(Conv(), (torch.zeros(2, 3, dtype=torch.long),))
    """)


def test_other_spellings_of_type_and_identity_tests_of_sizes():
    """detectron2's `isinstance` of a size itself, `is not None` of a tuple of sizes, and a list
    of tensors picked by a permutation made with a size, tested `is None` and by `len` (a Python
    list's length, as pytorch_geometric's `len(edge_attr) == 0`)."""
    assert_labels_match("""
        import torch

        def top_k(logits: torch.Tensor, k: int):
            hw = logits.shape[1]
            if isinstance(hw, torch.Tensor):
                n = torch.clamp(hw, max=k)
            else:
                n = min(hw, k)
            size = (logits.size(0), logits.size(1))
            if size is not None:
                logits = logits.reshape(size)
            perm = logits.new_empty(logits.size(0)).argsort()
            parts = [logits[perm], logits[perm] * 2]
            if parts is None or len(parts) == 0:
                return logits
            return logits.topk(n, dim=1)[0]

        traced = torch.jit.trace(top_k, (torch.rand(2, 5), 3))
    """)


def test_a_branch_on_a_size_stays_reported_beside_a_type_test():
    """The hazard beside it: `n > 2` of a size read, alone and after an `isinstance` test in the
    same `and`, keeps the example input's branch."""
    assert_labels_match("""
        import torch

        def head(x: torch.Tensor):
            n = x.size(0)
            if n > 2:  # expect: ACC201
                x = x[:2]
            if isinstance(n, int) and n > 1:  # expect: ACC201
                x = x * 2
            return x

        traced = torch.jit.trace(head, (torch.rand(4, 3),))
    """)


# -- 3. a branch taken only where a parameter is None sees the reaches passing it None --------
# sonnet `_rnn_step` (round 5's `recurrent.py:443`): `if prev_outputs is None: assert t == 0`,
# called with `t=0, prev_outputs=None` for the first step and with a `tf.range` `t` and
# `prev_outputs=outputs` after it. The traced `t` never comes with None, so the assert runs on
# the Python 0 alone (run: `tf_branch_taken_only_by_a_python_reach`). What the analysis got
# wrong: it merged every caller's kinds into one per parameter, so the traced `t` met the
# `prev_outputs is None` branch no reach passing it takes.


def test_an_assert_on_a_step_only_the_first_python_call_reaches():
    assert_labels_match("""
        import tensorflow as tf

        def _rnn_step(inputs, t, prev_outputs):
            outputs = [inputs[t]]
            if prev_outputs is None:
                assert t == 0
                prev_outputs = [tf.zeros_like(outputs[0])]
            return [outputs[0] + prev_outputs[0]]

        @tf.function
        def unroll(inputs, num_steps):
            outputs = _rnn_step(inputs, t=0, prev_outputs=None)
            for t in tf.range(1, num_steps):
                outputs = _rnn_step(inputs, t, prev_outputs=outputs)
            return outputs
    """)


def test_other_spellings_of_a_branch_only_python_reaches_take():
    """The same under `jax.jit` with a cache default (`if cache is None: assert i == 0`), in the
    `else` of `is not None` (`int(i)`), and after an early return on `is not None`."""
    assert_labels_match("""
        import jax

        def decode(x, i, cache=None):
            if cache is None:
                assert i == 0
                cache = [x]
            return [x + c for c in cache]

        def widen(x, i, extra=None):
            if extra is not None:
                return x + extra[0]
            else:
                return x * int(i)

        def shift(x, i, prev=None):
            if prev is not None:
                return x + prev[0]
            if i > 0:
                return x
            return -x

        @jax.jit
        def run(x, i):
            cache = decode(x, 0)
            cache = decode(x, i, cache)
            y = widen(x, 2)
            y = widen(x, i, [y])
            z = shift(x, 1)
            z = shift(x, i, [z])
            return cache, y, z
    """)


def test_a_traced_value_passed_with_none_stays_reported():
    """The hazards beside it: a reach passing the traced step together with None, and a step
    the body rebinds (its bindings join every reach's kinds)."""
    assert_labels_match("""
        import tensorflow as tf

        def _rnn_step(inputs, t, prev_outputs):
            outputs = [inputs[t]]
            if prev_outputs is None:
                assert t == 0  # expect: ACC204
                prev_outputs = [tf.zeros_like(outputs[0])]
            return [outputs[0] + prev_outputs[0]]

        def _rebinding_step(inputs, t, prev_outputs):
            t = t + 0
            if prev_outputs is None:
                assert t == 0  # expect: ACC204
            return [inputs[t]]

        @tf.function
        def unroll(inputs, num_steps):
            outputs = _rnn_step(inputs, t=0, prev_outputs=None)
            rebound = _rebinding_step(inputs, 0, None)
            for t in tf.range(1, num_steps):
                outputs = _rnn_step(inputs, t, prev_outputs=None)
                rebound = _rebinding_step(inputs, t, rebound)
            return outputs, rebound
    """)
