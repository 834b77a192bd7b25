"""A host conversion whose value reaches nothing but a print, under a framework that records the
conversion as a constant rather than raising (torch.jit.trace), changes no traced result: the
print, run only while the function is traced, is the finding (ACC401), not the conversion
(ACC302; and so a tensor's host method, ACC303, and a NumPy conversion, ACC304: benchmarks/blind3
torch_trace_print_1, `print(f"{name} act mean {t.mean().item():.3f}")` in a helper of a traced
forward). benchmarks/blind torch_trace_print_1 (torch 2.13: the traced module prints 0 times in
5 calls, its outputs are the module's). A conversion whose value reaches the result, or one under
jax.jit, where it raises, is reported as before."""

import pytest

from labelled import assert_labels_match

ONLY_PRINTED = {
    "method_forward_prints_a_float": """
        import torch
        from torch import nn

        class Block(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(4, 4)

            def forward(self, x):
                h = torch.relu(self.fc(x))
                print("act mean", float(h.mean()))  # expect: ACC401
                return h

        traced = torch.jit.trace(Block(), torch.ones(2, 4))
    """,
    "f_string": """
        import torch

        def f(x):
            print(f"loss {float(x.sum()):.3f}")  # expect: ACC401
            return x * 2

        traced = torch.jit.trace(f, torch.ones(3))
    """,
    "int_to_stderr_write": """
        import sys
        import torch

        def f(x):
            sys.stderr.write(int(x.argmax()))  # expect: ACC401
            return x + 1

        traced = torch.jit.trace(f, torch.ones(3))
    """,
    "item_in_a_helper_f_string": """
        import torch
        from torch import nn

        def log_stats(name, t):
            print(f"{name} act mean {t.mean().item():.3f}")  # expect: ACC401

        class Classifier(nn.Module):
            def __init__(self):
                super().__init__()
                self.body = nn.Linear(4, 8)

            def forward(self, x):
                h = torch.relu(self.body(x))
                log_stats("body", h)
                return h

        traced = torch.jit.trace(Classifier(), torch.ones(1, 4))
    """,
    "tolist_printed": """
        import torch

        def f(x):
            print("values", x.tolist())  # expect: ACC401
            return x - 1

        traced = torch.jit.trace(f, torch.ones(3))
    """,
    "numpy_array_written": """
        import sys
        import numpy as np
        import torch

        def f(x):
            sys.stdout.write(f"{np.asarray(x)}")  # expect: ACC401
            print("values", np.asarray(x))  # expect: ACC401
            return x * 3

        traced = torch.jit.trace(f, torch.ones(3))
    """,
}

STILL_REPORTED = {
    "item_reaches_the_result": """
        import torch

        def f(x):
            print("max", x.max().item())  # expect: ACC401
            return x / x.max().item()  # expect: ACC303

        traced = torch.jit.trace(f, torch.ones(3))
    """,
    "numpy_reaches_the_result": """
        import numpy as np
        import torch

        def f(x):
            return x + torch.from_numpy(np.asarray(x) * 2)  # expect: ACC304

        traced = torch.jit.trace(f, torch.ones(3))
    """,
    "tf_function_numpy_raises": """
        import tensorflow as tf

        @tf.function
        def f(x):
            print("loss", x.numpy())  # expect: ACC303
            return x * 2
    """,
    "value_reaches_the_result": """
        import torch

        def f(x):
            m = float(x.mean())  # expect: ACC302
            print(m)  # expect: ACC401
            return x * m

        traced = torch.jit.trace(f, torch.ones(3))
    """,
    "formatted_then_returned": """
        import torch

        def f(x):
            print("n", int(x.sum()))  # expect: ACC401
            return x * int(x.sum())  # expect: ACC302

        traced = torch.jit.trace(f, torch.ones(3))
    """,
    "jax_jit_raises": """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def f(x):
            print("loss", float(jnp.sum(x)))  # expect: ACC302
            return x * 2
    """,
}


@pytest.mark.parametrize("source", list(ONLY_PRINTED.values()) + list(STILL_REPORTED.values()), ids=list(ONLY_PRINTED) + list(STILL_REPORTED))
def test_a_conversion_only_printed_is_the_print_finding(source):
    assert_labels_match(source)
