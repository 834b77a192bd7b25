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
