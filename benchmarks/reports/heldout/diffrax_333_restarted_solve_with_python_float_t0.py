# source: https://github.com/patrick-kidger/diffrax/issues/333
# framework: JAX
# The report's schematic loop: solve until a discrete terminating event fires, modify the args,
# restart from `tcurrent = float(solution.ts)`. The second run of the notebook cell is fast, but
# each restart is slow ("a large number of JIT-recompiles"): `diffeqsolve` is filter-jitted and
# a Python float is a static argument, so every new `t0` compiles the solve again. The user's
# functions (`my_function`, `modify_args`, the vector field) are stand-ins: a decaying state,
# an event when it falls below the threshold in `args`, the threshold halved after each stop.
# The thread's `lambda: state, **kwargs` typo reads `lambda state, **kwargs`, and its
# `diffeqsolve` call (schematic: no `t1`) gets `t1=t1`, and `float(solution.ts)` reads the one
# saved time, `solution.ts[-1]` (today a shape-(1,) array is no Python float).
# verify: c.jax['diffeqsolve'] >= 8
import diffrax
import jax.numpy as jnp


def vector_field(t, y, args):
    return -y


def my_function(y, args):
    return jnp.all(y < args)


def modify_args(y, args):
    return args * 0.5


term = diffrax.ODETerm(vector_field)
solver = diffrax.Tsit5()
stepsize_controller = diffrax.PIDController(rtol=1e-5, atol=1e-5)
t0, t1, dt0 = 0.0, 10.0, 0.01
my_initial_condition = jnp.ones(2)
my_initial_args = jnp.array(0.5)

my_event = diffrax.DiscreteTerminatingEvent(lambda state, **kwargs: my_function(state.y, kwargs["args"]))
tcurrent = t0
y0 = my_initial_condition
args = my_initial_args
while tcurrent < t1:
    solution = diffrax.diffeqsolve(term, solver, args=args, t0=tcurrent, t1=t1, dt0=dt0, y0=y0,  # label: ACC5
                                   discrete_terminating_event=my_event,
                                   stepsize_controller=stepsize_controller, max_steps=None)
    tcurrent = float(solution.ts[-1])
    y0 = solution.ys[-1]
    args = modify_args(solution.ys[-1], args)
