# source: https://github.com/jax-ml/jax/issues/11930
# framework: JAX
# "BUG: Using StepTraceAnnotation within a fori_loop": the fori_loop body opens
# `jax.profiler.StepTraceAnnotation("body function step", step_num=i)`; the profile holds only
# step 0. The context manager is host code: it runs while the body is traced (once, with a traced
# i), not on each of the 10 iterations. Reduced: the reporter's body and loop without the
# profiler session; a counter stands in for the profile and counts the annotations entered.
# verify: c.entered == 1 and e.entered == 10 and close(c.result, e.result)
import jax
import jax.numpy as jnp

entered = 0


class StepTraceAnnotation(jax.profiler.StepTraceAnnotation):
    def __enter__(self):
        global entered
        entered += 1
        return super().__enter__()


def body_func(i, val):
    with StepTraceAnnotation("body function step", step_num=i):  # label: ACC4
        val *= i + 1
        return val


def factorial(n):
    output = jax.lax.fori_loop(0, n, body_func, 1)
    print(f'{n}!={output}')
    return output


result = factorial(10)
