"""Under `torch.compile` (fullgraph=False, the default) a clock read Dynamo does not trace
(`datetime.now()`, `time.time()`, `time.perf_counter()`, `time.monotonic()`) breaks the graph
and runs eagerly on every call: the compiled function sees a new time per call, as eager code
does (run on torch 2.13, backend="eager": benchmarks/framework_runs.py compile_clock_reads, 1
break each, fresh per call; pytorch#125171). ACC404 is a hazard only where the read is kept or
raises: under `fullgraph=True` (Unsupported), torch.jit.trace, tf.function and jax.jit (one
read, while tracing).
"""

import pytest

from labelled import assert_labels_match

FINE = {
    "datetime_now_in_a_compiled_forward": """
        from datetime import datetime

        import torch

        class Model(torch.nn.Module):
            def forward(self, x):
                y = x * 2
                start_time = datetime.now()
                return y + start_time.second

        model = torch.compile(Model())
    """,
    "time_time_in_a_compiled_function": """
        import time

        import torch

        @torch.compile
        def stamped(x):
            y = x * 2
            now = time.time()
            return (y + now).relu()
    """,
    "perf_counter_in_a_module_compiled_in_place": """
        import time

        import torch

        class Net(torch.nn.Module):
            def forward(self, x):
                y = x * 2
                started = time.perf_counter()
                return y * 0.0 + started

        model = Net()
        model.compile()
    """,
    "monotonic_imported_by_name_under_compile_call": """
        from time import monotonic

        import torch

        def stamped(x):
            y = x * 2
            now = monotonic()
            return (y + now).relu()

        fast = torch.compile(stamped, backend="eager")
    """,
}

HAZARDS = {
    "clock_under_fullgraph_raises": """
        import time

        import torch

        @torch.compile(fullgraph=True)
        def stamped(x):
            y = x * 2
            return y + time.time()  # expect: ACC404
    """,
    "clock_under_jit_trace_is_baked": """
        import time

        import torch

        def stamped(x):
            y = x * 2
            return y + time.time()  # expect: ACC404

        traced = torch.jit.trace(stamped, torch.ones(3))
    """,
    "clock_under_tf_function_is_read_once": """
        import time

        import tensorflow as tf

        @tf.function
        def stamped(x):
            return x + time.time()  # expect: ACC404
    """,
    "clock_under_jax_jit_is_read_once": """
        from datetime import datetime

        import jax

        @jax.jit
        def stamped(x):
            return x + datetime.now().second  # expect: ACC404
    """,
}


@pytest.mark.parametrize("source", list(FINE.values()) + list(HAZARDS.values()), ids=list(FINE) + list(HAZARDS))
def test_a_clock_read_is_a_hazard_only_where_it_is_kept_or_raises(source):
    assert_labels_match(source)
