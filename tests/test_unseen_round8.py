"""Round 8 of the real-code benchmark (stop 45): false shapes found on seven TF/Keras and PyTorch
code bases nobody here had linted (benchmarks/README.md, "Round 8, before"), each fixed at its
cause and tested on other spellings of the property, written before the change, beside the
hazard that must stay found.

Every snippet is linted whole; `# expect: CODE` marks each line that must be reported, and no
other line may be. Each fact was run (TF 2.21, torch 2.13); the runs are quoted where used.
"""

from __future__ import annotations

from labelled import assert_labels_match

# -- 1. A parameter annotated as a dtype holds a dtype object, a Python value, never a tracer --
# pytorch/ao's mx_formats: `to_mx_c = torch.compile(to_mx)` called with
# `elem_dtype=torch.float8_e4m3fn`, and `to_mx(data_hp, elem_dtype: Union[torch.dtype, str], ...)`
# branching `if elem_dtype == torch.float8_e4m3fn: ... elif ...` (6 false ACC201). A dtype is
# no array: torch.compile guards on it as a constant (run: the if/elif chain on the dtype
# compiles with fullgraph=True). So an annotation naming a dtype type (`torch.dtype`,
# `np.dtype`, `jnp.dtype`, `tf.DType`, `tf.dtypes.DType`, a bare imported `dtype`) makes the
# parameter static, like `int` or `str`, alone or in an Optional/Union or a string.


def test_ao_compiled_quantizer_branching_on_its_dtype_parameter():
    assert_labels_match("""
        from typing import Union

        import torch

        def to_mx(data_hp: torch.Tensor, elem_dtype: Union[torch.dtype, str], block_size: int):
            if elem_dtype == torch.float8_e4m3fn:
                max_pos = 448.0
            elif elem_dtype == torch.float8_e5m2:
                max_pos = 57344.0
            else:
                raise AssertionError("unsupported element dtype")
            return (data_hp / max_pos).to(elem_dtype)

        def forward(x):
            to_mx_c = torch.compile(to_mx)
            return to_mx_c(x, elem_dtype=torch.float8_e4m3fn, block_size=32)
    """)


def test_other_spellings_of_a_dtype_annotation():
    assert_labels_match("""
        from typing import Optional

        import numpy as np
        import torch
        from torch import dtype

        @torch.compile(fullgraph=True)
        def scale(x, d: dtype):
            if d == torch.float16:
                return x.half()
            return x * 2

        def cast_to(x, target: "torch.dtype"):
            if target is torch.bfloat16 or target == torch.float16:
                return x.to(target)
            return x

        cast_c = torch.compile(cast_to)

        @torch.compile
        def eps_of(x, target: Optional[np.dtype]):
            if target == np.float16:
                return x * 1e-3
            return x * 1e-7
    """)


def test_a_traced_value_beside_a_dtype_parameter_is_still_found():
    assert_labels_match("""
        import torch

        @torch.compile(fullgraph=True)
        def to_low(x: torch.Tensor, elem_dtype: torch.dtype, amax: torch.Tensor):
            if amax > 0:  # expect: ACC201
                x = x / amax
            return x.to(elem_dtype)

        @torch.compile(fullgraph=True)
        def half_if_positive(x, elem_dtype: torch.dtype):
            if elem_dtype == torch.float16 and x.sum() > 0:  # expect: ACC201
                return x.half()
            return x
    """)


# -- 2. A call in a branch that literal defaults decide against passes no trace to its callee --
# pytorch/ao's expert-parallel pipeline, compiled with torch.compile, calls
# `generate_permute_indices(...)`, whose `if use_cpu: fill_indices_cpu(...) else:
# fill_indices_wrapper(...)` takes the Triton branch: `use_cpu: bool = False` and no caller
# passes it. fill_indices_cpu's `.item()`s were reported (3 false ACC303) because the call in
# the dead branch handed the trace on, though the rules already skip that branch in the function
# itself (run: the default-False branch holding `.item()` compiles with fullgraph=True). A
# traced reach that passes the parameter makes the branch, and the callee, traced again.


def test_ao_reference_fill_in_a_branch_no_caller_takes():
    assert_labels_match("""
        import torch

        def fill_indices_cpu(tokens, experts):
            out = []
            for e in range(experts):
                out.append(tokens[e].item())
            return out

        def generate_permute_indices(tokens, experts: int, use_cpu: bool = False):
            if use_cpu:
                return fill_indices_cpu(tokens, experts)
            return torch.cumsum(tokens, 0)

        def pipeline(tokens):
            return generate_permute_indices(tokens, 4)

        def run(tokens):
            return torch.compile(pipeline)(tokens)
    """)


def test_other_spellings_of_a_branch_decided_by_defaults():
    assert_labels_match("""
        import torch

        def host_debug(x):
            print(x.tolist())

        def reference(x):
            return float(x.tolist()[0])

        class Quantizer(torch.nn.Module):
            def scale(self, x, debug=None, mode="triton", eager=False):
                if debug is not None:
                    host_debug(x)
                if not mode or eager:
                    return reference(x)
                elif mode == "triton":
                    return x * 2
                return x

            @torch.compile(fullgraph=True)
            def forward(self, x):
                return self.scale(x)
    """)


def test_a_branch_a_traced_caller_takes_still_traces_its_callee():
    assert_labels_match("""
        import torch

        def fill_indices_cpu(tokens, experts):
            out = []
            for e in range(experts):
                out.append(tokens[e].tolist())  # expect: ACC303
            return out

        def generate_permute_indices(tokens, experts: int, use_cpu: bool = False):
            if use_cpu:
                return fill_indices_cpu(tokens, experts)
            return torch.cumsum(tokens, 0)

        def pipeline(tokens):
            a = generate_permute_indices(tokens, 4)
            return a, generate_permute_indices(tokens, 4, use_cpu=True)

        def run(tokens):
            return torch.compile(pipeline, fullgraph=True)(tokens)
    """)


def test_a_default_the_function_rebinds_is_no_known_value():
    # `use_cpu = True` on a CPU tensor: the default no longer decides the branch, in the
    # function itself (the print, missed before this round too) or in what it calls. Under
    # fullgraph=True, where `.tolist()` raises (without it a break, run eagerly: not reported).
    assert_labels_match("""
        import torch

        def fill_indices_cpu(tokens):
            return [tokens[0].tolist()]  # expect: ACC303

        def generate_permute_indices(tokens, use_cpu=False):
            if tokens.device.type == "cpu":
                use_cpu = True
            if use_cpu:
                print(tokens.tolist())  # expect: ACC303
                return fill_indices_cpu(tokens)
            return torch.cumsum(tokens, 0)

        def pipeline(tokens):
            return generate_permute_indices(tokens)

        def run(tokens):
            return torch.compile(pipeline, fullgraph=True)(tokens)
    """)
