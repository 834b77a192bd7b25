# source: https://github.com/jax-ml/jax/issues/23637
# framework: JAX
# "when a tracer error happens in for_loop, should point to the user's body function":
# `def body(c, _): return bool(c), None; jax.lax.scan(body, 3., None, length=1)` and the same
# with `fori_loop(0, 5, body, 3.)`: TracerBoolConversionError. The loop body is traced once with
# an abstract carry, so `bool(c)` has no value. The two snippets; the scan error is kept
# apart from the fori_loop one.
# verify: c.errors[0] is not None and c.errors[1] is not None
import jax


def body(c, _):
    return bool(c), None  # label: ACC3


def body2(_, c):
    return bool(c)  # label: ACC3


errors = []
for run in (lambda: jax.lax.scan(body, 3.0, None, length=1), lambda: jax.lax.fori_loop(0, 5, body2, 3.0)):
    try:
        run()
        errors.append(None)
    except Exception as exc:
        errors.append(type(exc).__name__)
print(errors)
