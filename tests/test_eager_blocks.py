"""Calls made inside `with jax.disable_jit():` run jit and lax's control flow eagerly.

The property: a marker call made in the block's own code puts nothing in a context for the
markers the block runs eagerly (acclint.analysis.eager_blocks, the framework data's
`[eager_blocks]`). Run (jax 0.10.2): a `lax.while_loop` body appending to a list appends 5
times in 5 iterations inside the block, once outside; `jax.jit(f)(x)` called three times in it
runs `f` three times on concrete arrays; `pmap`, `checkpoint`, `vmap` and `grad` still trace.
Found on real code (round11): t5x's decoding tests hand `token_to_logits`, which records each
decoding state in a list, to `beam_search` (a `lax.while_loop`) inside the block: two false
ACC406 findings.

Every snippet is linted whole; `# expect: CODE` marks each line that must be reported.
"""

from __future__ import annotations

from labelled import assert_labels_match

_HEAD = '''
    import jax
    from jax import lax

    seen = []

    def run(f, x):
        return lax.while_loop(lambda c: c < 5, f, x)
'''


def test_a_callable_handed_on_to_a_loop_inside_the_block_is_not_traced():
    assert_labels_match(_HEAD + '''
    def body(c):
        seen.append(c)
        return c + 1

    def test():
        with jax.disable_jit():
            run(body, 0)
    ''')


def test_a_jitted_function_called_at_once_inside_the_block_runs_eagerly():
    assert_labels_match(_HEAD + '''
    def step(x):
        print("step", x)
        return x * 2

    def test():
        with jax.disable_jit():
            for i in range(3):
                jax.jit(step)(i)
    ''')


def test_an_imported_disable_jit_and_a_module_level_block():
    assert_labels_match('''
        from jax import disable_jit, lax
        import jax.numpy as jnp

        log = []

        def step(carry, x):
            log.append(x)
            return carry + x, None

        with disable_jit():
            lax.scan(step, 0.0, jnp.arange(4.0))
    ''')


def test_the_same_call_outside_the_block_is_traced():
    assert_labels_match(_HEAD + '''
    def body(c):
        seen.append(c)  # expect: ACC406
        return c + 1

    def test():
        with jax.disable_jit():
            pass
        run(body, 0)
    ''')


def test_a_callable_wrapped_in_the_block_and_called_after_it_is_traced():
    assert_labels_match(_HEAD + '''
    def step(x):
        print("step", x)  # expect: ACC401
        return x * 2

    def test():
        with jax.disable_jit():
            fast = jax.jit(step)
        return fast(1)
    ''')


def test_pmap_still_traces_inside_the_block():
    assert_labels_match(_HEAD + '''
    def step(x):
        print("step", x)  # expect: ACC401
        return x * 2

    def test(xs):
        with jax.disable_jit():
            return jax.pmap(step)(xs)
    ''')


def test_a_function_defined_in_the_block_may_run_after_it():
    assert_labels_match(_HEAD + '''
    def test():
        with jax.disable_jit():
            def body(c):
                seen.append(c)  # expect: ACC406
                return c + 1
        return run(body, 0)
    ''')


def test_a_block_switched_off_or_by_a_flag_keeps_tracing():
    """`jax.disable_jit(False)` leaves jit on; a computed flag is not known to turn it off."""
    for switch in ("False", "disable=False", "debug"):
        assert_labels_match(_HEAD + f'''
    def body(c):
        seen.append(c)  # expect: ACC406
        return c + 1

    def test(debug):
        with jax.disable_jit({switch}):
            run(body, 0)
    ''')


def test_a_literal_true_turns_tracing_off():
    assert_labels_match(_HEAD + '''
    def body(c):
        seen.append(c)
        return c + 1

    def test():
        with jax.disable_jit(disable=True):
            run(body, 0)
    ''')
