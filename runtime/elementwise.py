"""MATLAB's elementwise functions beyond the basic ones of ``functions``: rounding, signs,
``erf``, the trigonometric and hyperbolic family, ``mod``/``rem``/``atan2``/``hypot``, tests
(``isnan``...), and the precision casts ``single``/``double``.

Each is one primitive applied through ``dlarray``'s dispatch, so it keeps the format, is traced
by ``dlfeval`` and recorded by ``dlaccelerate``; given plain arrays it returns a plain JAX
array. Where JAX's function differs from MATLAB's, MATLAB's definition is implemented:
``round`` rounds halves away from zero (``jnp.round`` rounds them to even), ``mod(x, 0)`` is
``x``. Derivatives are JAX's (``floor``, ``round``, ``sign`` have derivative 0, as MATLAB's).
"""

import jax
import jax.numpy as jnp

from . import ops
from .dlarray import astype, binary, dlarray, unary
from .primitive import Primitive


def _unary(name, impl, doc, differentiable=True):
    """The runtime function ``name``: ``impl`` (a JAX function, or a primitive of ``ops``)
    applied through dlarray's dispatch."""
    prim = impl if isinstance(impl, Primitive) else Primitive(name, impl,
                                                              differentiable=differentiable)

    def function(x):
        return unary(prim, x)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = doc
    return function


def _binary(name, impl, doc):
    prim = Primitive(name, impl)

    def function(a, b):
        return binary(prim, a, b)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = doc
    return function


def _mod_impl(a, b):
    return jnp.where(b == 0, a, a - jnp.floor(a / jnp.where(b == 0, 1, b)) * b)


floor = _unary("floor", jnp.floor, "Round toward minus infinity.")
ceil = _unary("ceil", jnp.ceil, "Round toward plus infinity.")
fix = _unary("fix", jnp.trunc, "Round toward zero.")
round = _unary("round", ops.ROUND,  # noqa: A001 (MATLAB's name)
               "Round to the nearest integer, halves away from zero (as MATLAB; not to even).")
sign = _unary("sign", jnp.sign, "-1, 0 or 1 by the sign of each element.")
erf = _unary("erf", jax.scipy.special.erf, "The error function.")
erfc = _unary("erfc", jax.scipy.special.erfc, "The complementary error function 1 - erf(x).")
tan = _unary("tan", jnp.tan, "Tangent (radians).")
asin = _unary("asin", jnp.arcsin, "Inverse sine.")
acos = _unary("acos", jnp.arccos, "Inverse cosine.")
sinh = _unary("sinh", jnp.sinh, "Hyperbolic sine.")
cosh = _unary("cosh", jnp.cosh, "Hyperbolic cosine.")
asinh = _unary("asinh", jnp.arcsinh, "Inverse hyperbolic sine.")
acosh = _unary("acosh", jnp.arccosh, "Inverse hyperbolic cosine.")
atanh = _unary("atanh", jnp.arctanh, "Inverse hyperbolic tangent.")
log2 = _unary("log2", jnp.log2, "Base-2 logarithm.")
log10 = _unary("log10", jnp.log10, "Base-10 logarithm.")
log1p = _unary("log1p", jnp.log1p, "log(1 + x), accurate for small x.")
expm1 = _unary("expm1", jnp.expm1, "exp(x) - 1, accurate for small x.")
real = _unary("real", jnp.real, "The real part.")
imag = _unary("imag", jnp.imag, "The imaginary part.")
conj = _unary("conj", jnp.conj, "The complex conjugate.")
isnan = _unary("isnan", jnp.isnan, "Logical: the element is NaN.", differentiable=False)
isinf = _unary("isinf", jnp.isinf, "Logical: the element is infinite.", differentiable=False)
isfinite = _unary("isfinite", jnp.isfinite, "Logical: the element is finite.",
                  differentiable=False)
mod = _binary("mod", _mod_impl, "Remainder after division, the sign of the divisor "
              "(MATLAB's mod; mod(x, 0) is x).")
rem = _binary("rem", jnp.fmod, "Remainder after division, the sign of the dividend (MATLAB's "
              "rem; rem(x, 0) is NaN).")
atan2 = _binary("atan2", jnp.arctan2, "Four-quadrant inverse tangent of a / b.")
hypot = _binary("hypot", jnp.hypot, "sqrt(a**2 + b**2) without overflow.")
power = _binary("power", jnp.power, "Elementwise a ** b (MATLAB's a .^ b).")


def single(x):
    """``x`` as float32 (MATLAB's ``single``); traced values stay traced."""
    return astype(x, jnp.float32) if isinstance(x, dlarray) else jnp.asarray(x, jnp.float32)


def double(x):
    """``x`` as float64 (MATLAB's ``double``). JAX computes in float32 unless its x64 mode is
    on, so without it this is a ``TypeError`` rather than a silent float32."""
    if not jax.config.jax_enable_x64:
        raise TypeError("double precision needs JAX's x64 mode: set JAX_ENABLE_X64=1 (or "
                        "jax.config.update('jax_enable_x64', True)) before creating arrays; "
                        "without it the runtime computes in single precision")
    return astype(x, jnp.float64) if isinstance(x, dlarray) else jnp.asarray(x, jnp.float64)
