# source: https://github.com/jax-ml/jax/pull/22098
# `if True and flag:` on a jitted argument passed a Python bool raises
# TracerBoolConversionError (jit makes the bool a scalar tracer).
import jax


@jax.jit
def f(qiaoqiao):
    if True and qiaoqiao:  # expect: ACC201
        return 1
    return 0


f(True)
