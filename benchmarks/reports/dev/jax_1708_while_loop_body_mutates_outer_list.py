# source: https://github.com/jax-ml/jax/issues/1708
# framework: JAX
# The user counts `body_fun` calls by incrementing `u[0]`, a module-level list, inside the body
# of `lax.while_loop`; the loop should run 10 times, but `u` ends at 1: the body is traced once
# and the side effect runs only then ("JAX's control flow operations like lax.while_loop use
# tracing, so the body of the loop is indeed only evaluated once"). The report's code as
# written (its Python reference `while_loop` first, then `lax.while_loop`).
# verify: c.u == [1] and e.u == [10]
from jax import lax


def body_fun(val):
    u[0] += 1  # label: ACC4
    return val + 1


cond_fun = lambda j: j < 10


### python
u = [0]


def while_loop(cond_fun, body_fun, init_val):
    val = init_val
    while cond_fun(val):
        val = body_fun(val)
    return val


while_loop(cond_fun, body_fun, 0)
print('python', u)

### xla
u = [0]
lax.while_loop(cond_fun, body_fun, 0)
print('xla', u)
