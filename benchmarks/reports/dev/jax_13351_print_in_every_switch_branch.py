# source: https://github.com/jax-ml/jax/issues/13351
# framework: JAX
# `jax.lax.switch(0, [fun_a, fun_b, fun_c])` printed "a b c": switch traces every branch, so a
# Python `print` in a branch runs for all of them while tracing (the maintainers: working as
# intended for a pure program; use `jax.debug.print`). Checked against the disable-jit run.
# verify: c.out.count("b") == 1 and e.out.count("b") == 0
import jax


def fun_a():
    print("a")  # label[a]: ACC4


def fun_b():
    print("b")  # label[a]


def fun_c():
    print("c")  # label[a]


functions_list = [fun_a, fun_b, fun_c]

jax.lax.switch(0, functions_list)
