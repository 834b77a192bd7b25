# source: https://github.com/jax-ml/jax/issues/12773 (mattjj's model of the report)
# A jitted closure updates a list it closes over: the update runs only while tracing.
import jax


def foo(tot):
    @jax.jit
    def increment(x):
        tot[0] += x  # expect: ACC406
        return tot[0]

    return increment


incrementer = foo([0.0])
