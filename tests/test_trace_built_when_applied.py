"""torch.jit.trace and torch.export.export build their trace when applied (each runs the
function or module on the example there), so a global the traced code reads, rebound after the
application and before a call of the trace, is stale even with no call between the two (ACC601;
`[cache] built = "applied"` in torch_trace.toml and torch_export.toml; benchmarks/torch_docs t5,
run on torch 2.13: 2.0 where eager gives 5.0; n2: the exported program gives 1.0 where the
module gives 5.0).
"""

import pytest

from labelled import assert_labels_match

HAZARDS = {
    "function_traced_then_global_rebound": """
        import torch

        SCALE = 2.0

        def f(x):
            return x * SCALE  # expect: ACC601

        x = torch.ones(3)
        traced = torch.jit.trace(f, x)
        SCALE = 5.0
        traced(x)
    """,
    "module_traced_then_global_rebound": """
        import torch
        from torch import nn

        OFFSET = 1

        class Shift(nn.Module):
            def forward(self, x):
                return x + OFFSET  # expect: ACC601

        model = Shift()
        traced = torch.jit.trace(model, torch.ones(2))
        OFFSET = 3
        print(traced(torch.ones(2)))
    """,
    "evaluated_module_traced_then_rebound_in_a_loop": """
        import torch
        from torch import nn

        TEMPERATURE = 1.0

        class Head(nn.Module):
            def forward(self, x):
                return torch.softmax(x / TEMPERATURE, -1)  # expect: ACC601

        traced = torch.jit.trace(Head().eval(), torch.ones(1, 4))
        for t in (0.5, 2.0):
            TEMPERATURE = t
            traced(torch.ones(1, 4))
    """,
    "module_exported_in_main_then_global_rebound": """
        import torch
        from torch import nn

        BIAS = 1.0

        class Shift(nn.Module):
            def forward(self, x):
                return x + BIAS  # expect: ACC601

        def main():
            global BIAS
            program = torch.export.export(Shift(), (torch.zeros(2),))
            BIAS = 5.0
            return program.module()(torch.zeros(2))
    """,
    "module_exported_at_module_level_then_global_rebound": """
        import torch
        from torch import nn

        LIMIT = 1.0

        class Clamp(nn.Module):
            def forward(self, x):
                return x.clamp(max=LIMIT)  # expect: ACC601

        program = torch.export.export(Clamp(), (torch.ones(3),))
        LIMIT = 4.0
        print(program.module()(torch.ones(3)))
    """,
    "exported_program_run_in_a_loop_that_rebinds_the_global": """
        import torch
        from torch import nn

        SCALE = 1.0

        class Scale(nn.Module):
            def forward(self, x):
                return x * SCALE  # expect: ACC601

        ep = torch.export.export(Scale(), (torch.ones(2),))
        runner = ep.module()
        for s in (2.0, 3.0):
            SCALE = s
            runner(torch.ones(2))
    """,
    # benchmarks/torch_docs n2's shape: the function that applies the marker, writes and calls
    # is itself run by module-level code.
    "module_exported_by_main_run_at_module_level": """
        import torch
        from torch import nn

        BIAS = 1.0

        class Shift(nn.Module):
            def forward(self, x):
                return x + BIAS  # expect: ACC601

        def main():
            global BIAS
            model = Shift()
            program = torch.export.export(model, (torch.zeros(2),))
            BIAS = 5.0
            return program.module()(torch.zeros(2)), model(torch.zeros(2))

        got, expected = main()
    """,
    "function_traced_by_main_run_at_module_level": """
        import torch

        SCALE = 2.0

        def f(x):
            return x * SCALE  # expect: ACC601

        def main():
            global SCALE
            x = torch.ones(3)
            traced = torch.jit.trace(f, x)
            SCALE = 5.0
            return traced(x)

        main()
    """,
    # Found by the same change (the function's own name holding the compiled callable), added
    # after it: jax.jit builds on the first call, so a call before the write is needed.
    "jitted_by_main_called_before_and_after_the_write": """
        import jax
        import jax.numpy as jnp

        SCALE = 2.0

        def f(x):
            return x * SCALE  # expect: ACC601

        def main():
            global SCALE
            step = jax.jit(f)
            step(jnp.ones(3))
            SCALE = 5.0
            return step(jnp.ones(3))

        main()
    """,
}

LOOK_ALIKES = {
    "jitted_by_main_first_called_after_the_write": """
        import jax
        import jax.numpy as jnp

        SCALE = 2.0

        def f(x):
            return x * SCALE

        def main():
            global SCALE
            step = jax.jit(f)
            y = f(jnp.ones(3))
            SCALE = 5.0
            return step(y)

        main()
    """,
    "global_set_in_main_before_the_export": """
        import torch
        from torch import nn

        BIAS = 1.0

        class Shift(nn.Module):
            def forward(self, x):
                return x + BIAS

        def main():
            global BIAS
            BIAS = 5.0
            program = torch.export.export(Shift(), (torch.zeros(2),))
            return program.module()(torch.zeros(2))

        main()
    """,
    "global_set_before_the_export": """
        import torch
        from torch import nn

        BIAS = 1.0

        class Shift(nn.Module):
            def forward(self, x):
                return x + BIAS

        BIAS = 5.0
        program = torch.export.export(Shift(), (torch.zeros(2),))
        program.module()(torch.zeros(2))
    """,
    "global_set_before_the_trace": """
        import torch

        SCALE = 2.0

        def f(x):
            return x * SCALE

        SCALE = 5.0
        x = torch.ones(3)
        traced = torch.jit.trace(f, x)
        traced(x)
    """,
    "traced_again_after_the_change": """
        import torch

        SCALE = 2.0

        def f(x):
            return x * SCALE

        x = torch.ones(3)
        traced = torch.jit.trace(f, x)
        SCALE = 5.0
        traced = torch.jit.trace(f, x)
        traced(x)
    """,
    "trace_never_called_after_the_change": """
        import torch

        SCALE = 2.0

        def f(x):
            return x * SCALE

        x = torch.ones(3)
        traced = torch.jit.trace(f, x)
        SCALE = 5.0
    """,
    "torch_compile_is_built_on_the_first_call_and_guards_it": """
        import torch

        SCALE = 2.0

        def f(x):
            return x * SCALE

        x = torch.ones(3)
        compiled = torch.compile(f)
        SCALE = 5.0
        compiled(x)
    """,
    "jax_jit_is_built_on_the_first_call": """
        import jax
        import jax.numpy as jnp

        SCALE = 2.0

        def f(x):
            return x * SCALE

        jf = jax.jit(f)
        SCALE = 5.0
        jf(jnp.ones(3))
    """,
}


@pytest.mark.parametrize("source", list(HAZARDS.values()) + list(LOOK_ALIKES.values()), ids=list(HAZARDS) + list(LOOK_ALIKES))
def test_a_change_after_the_application_is_stale_only_where_the_application_builds(source):
    assert_labels_match(source)
