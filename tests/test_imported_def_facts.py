"""What a compiled function's own def says of its key is the same wherever it is called from.

Property (ACC502): a function another module of the project defines under a jit-family
decorator keys its arguments as its def makes it key them, when this module calls it: an int
parameter its body uses as a bound of a Python loop (`range(start + 1, end)`) is specialised by
torch.compile, a float it hands to a custom op's `float` parameter likewise, and a
`static_argnames` parameter is static passed by position too; so a host loop here passing a new
value on each pass compiles on each pass, exactly as when the def lives in this module
(tests/test_imported_compiled.py carries the decorator; this carries the def's signature and the
parameters its body specialises: `FileIndex.bodies`, `Imported.bodies`). The same for a custom
op another module defines (`from ops import sgd`), handed a float by a compiled function here.

Found by benchmarks/reports/perturb.py, rewrite R6 (the compiled functions moved into a second
module): dev pytorch_114293 and fbgemm_3287 lost on 2debb52. Where the def lives changes nothing
at run time (the importer calls the object the decorator returned): torch 2.13 on the R6 rewrite
of pytorch_114293 builds 8 graphs in 10 calls (the limit) and of fbgemm_3287 8 in 10
(benchmarks/reports/verify.py, stop 54), as the one-module programs do (torch_compile.toml,
`specialized_by`, `floats_specialized_by`). Each spelling fails on 2debb52; the look-alikes find
nothing on both.
"""

import pytest

from two_modules import found_in, labelled_in, write_files

MODEL = """
    from functools import partial

    import jax
    import torch
    from torch.library import custom_op

    @torch.compile
    def accumulate(X0, start, end):
        result = X0[start]
        for i in range(start + 1, end):
            result += X0[i]
        return result

    @torch.compile
    def scaled(x, n):
        return x * n

    @partial(jax.jit, static_argnames=["n"])
    def repeat(x, n):
        return x * n

    @custom_op("acclint_demo::sgd", mutates_args=("weights",))
    def sgd(weights: torch.Tensor, grad: torch.Tensor, learning_rate: float) -> None:
        weights.add_(grad, alpha=-learning_rate)

    @custom_op("acclint_demo::shift_i", mutates_args=())
    def shift_i(x: torch.Tensor, by: int) -> torch.Tensor:
        return x + by
"""

SPELLINGS = {
    "imported by name (pytorch_114293 split)": """
        import torch
        from model import accumulate

        X0 = torch.randn(100, 100)
        for i in range(10):
            accumulate(X0, i, i + 10)  # expect: ACC502
    """,
    "the module imported under another name": """
        import torch
        import model as M

        X0 = torch.randn(100, 100)
        for i in range(10):
            M.accumulate(X0, 0, i + 2)  # expect: ACC502
    """,
    "a static_argnames parameter passed by position": """
        import jax.numpy as jnp
        from model import repeat

        x = jnp.ones(3)
        for n in range(10):
            x = repeat(x, n)  # expect: ACC502
    """,
    "a custom op of another module handed a float (fbgemm_3287 split)": """
        import torch
        from model import sgd

        W = torch.randn(4, 3)

        def train_step(grad, learning_rate):
            sgd(W, grad, learning_rate)
            return W.sum()

        compiled_step = torch.compile(train_step)
        for it in range(10):
            compiled_step(torch.ones(4, 3), 0.02 * (it + 1) / 10)  # expect: ACC502
    """,
}

LOOK_ALIKES = {
    "an int used only in arithmetic goes dynamic": """
        import torch
        from model import scaled

        for n in range(10):
            scaled(torch.ones(3), n)
    """,
    "the same bounds on every pass": """
        import torch
        from model import accumulate

        X0 = torch.randn(100, 100)
        for i in range(10):
            accumulate(X0, 0, 10)
    """,
    "an int handed to a custom op takes a SymInt": """
        import torch
        from model import shift_i

        @torch.compile
        def moved(x, k):
            return shift_i(x, k)

        for k in range(10):
            moved(torch.ones(3), k)
    """,
}


@pytest.mark.parametrize("name", SPELLINGS)
def test_an_imported_defs_specialised_parameters_key_by_value(tmp_path, name):
    files = {"model.py": MODEL, "train.py": SPELLINGS[name]}
    root = write_files(tmp_path, files)
    assert found_in(root) == labelled_in(root, ["train.py"])


def test_the_split_of_a_package(tmp_path):
    """The real shape: `pkg/train_step.py` holds the compiled step, `pkg/train.py` imports it
    relatively."""
    files = {
        "pkg/__init__.py": "",
        "pkg/train_step.py": MODEL,
        "pkg/train.py": """
            import torch
            from .train_step import accumulate

            def main():
                X0 = torch.randn(100, 100)
                for i in range(10):
                    accumulate(X0, i, i + 10)  # expect: ACC502

            if __name__ == "__main__":
                main()
        """,
    }
    root = write_files(tmp_path, files)
    assert found_in(root) == labelled_in(root, ["pkg/train.py"])


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_look_alikes_are_no_storm(tmp_path, name):
    root = write_files(tmp_path, {"model.py": MODEL, "train.py": LOOK_ALIKES[name]})
    assert found_in(root) == set()
