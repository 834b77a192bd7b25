"""dlfeval / dlgradient: the seed examples hold exactly, errors are clear, nests work."""

import jax.numpy as jnp
import numpy as np
import pytest

from acclint.runtime import (atan, dims, dlarray, dlfeval, dlgradient, extractdata, relu, sum,
                             tanh)

EPS = float(np.finfo(np.float64).eps)


def rosenbrock(x):
    y = 100 * (x[1] - x[0] ** 2) ** 2 + (1 - x[0]) ** 2
    return y, dlgradient(y, x)


def test_rosenbrock_value_and_gradient_are_exact():
    y, grad = dlfeval(rosenbrock, dlarray(jnp.array([-1.0, 2.0])))
    assert float(y) == 104.0
    np.testing.assert_array_equal(extractdata(grad), [396.0, 200.0])


def test_relu_gradient_is_zero_at_zero_and_one_at_eps():
    grad = dlfeval(lambda x: dlgradient(sum(relu(x)), x), dlarray(jnp.array([0.0, EPS, -1.0])))
    np.testing.assert_array_equal(extractdata(grad), [0.0, 1.0, 0.0])


def test_extractdata_leaves_the_trace():
    x = dlarray(jnp.array([0.3, -2.0, 5.0]))
    grad = dlfeval(lambda v: dlgradient(sum(v + atan(extractdata(v))), v), x)
    np.testing.assert_array_equal(extractdata(grad), [1.0, 1.0, 1.0])


def test_gradient_has_the_format_of_its_variable():
    x = dlarray(jnp.ones((3, 2)), "CB")
    grad = dlfeval(lambda v: dlgradient(sum(tanh(v)), v), x)
    assert dims(grad) == "CB"
    np.testing.assert_allclose(extractdata(grad), 1 - np.tanh(1.0) ** 2, rtol=1e-6)


def test_nested_learnables_and_several_variables():
    params = {"layer": {"w": dlarray(jnp.array([2.0, 3.0])), "b": dlarray(jnp.array(1.0))},
              "list": [dlarray(jnp.array(4.0))]}
    x = dlarray(jnp.array([1.0, 5.0]))

    def loss(p, x):
        y = sum(p["layer"]["w"] * x) + p["layer"]["b"] * p["list"][0]
        return dlgradient(y, p, x)

    grads, grad_x = dlfeval(loss, params, x)
    np.testing.assert_array_equal(extractdata(grads["layer"]["w"]), [1.0, 5.0])
    assert float(grads["layer"]["b"]) == 4.0 and float(grads["list"][0]) == 1.0
    np.testing.assert_array_equal(extractdata(grad_x), [2.0, 3.0])


def test_gradient_of_a_gradient():
    def second(x):
        g = dlgradient(sum(x ** 3), x)
        return dlgradient(sum(g), x)

    np.testing.assert_allclose(extractdata(dlfeval(second, dlarray(jnp.array([1.0, 2.0])))),
                               [6.0, 12.0])


def test_several_dlgradient_calls_share_one_trace():
    def two(x):
        y = sum(x * x)
        return dlgradient(y, x, retain_data=True), dlgradient(y * 3, x)

    a, b = dlfeval(two, dlarray(jnp.array([1.0, 2.0])))
    np.testing.assert_array_equal(extractdata(a), [2.0, 4.0])
    np.testing.assert_array_equal(extractdata(b), [6.0, 12.0])


def test_a_variable_y_does_not_depend_on_gets_zeros():
    def loss(x, z):
        return dlgradient(sum(x * 2), z)

    grad = dlfeval(loss, dlarray(jnp.ones(2)), dlarray(jnp.ones(3)))
    np.testing.assert_array_equal(extractdata(grad), [0.0, 0.0, 0.0])


def test_intermediate_values_can_be_differentiated_by():
    def loss(x):
        h = x * 3
        return dlgradient(sum(h * h), h)

    np.testing.assert_array_equal(extractdata(dlfeval(loss, dlarray(jnp.array([1.0])))), [6.0])


def test_outputs_of_dlfeval_are_not_traced():
    y = dlfeval(lambda x: x * 2, dlarray(jnp.ones(2)))
    assert "traced" not in repr(y)
    with pytest.raises(RuntimeError, match="only valid inside a function evaluated by dlfeval"):
        dlgradient(sum(y), y)


def test_dlgradient_outside_dlfeval_is_an_error():
    x = dlarray(jnp.ones(2))
    with pytest.raises(RuntimeError, match="dlgradient is only valid inside"):
        dlgradient(sum(x), x)


def test_y_must_be_scalar():
    with pytest.raises(ValueError, match=r"y must be a scalar, but it has shape \(2,\)"):
        dlfeval(lambda x: dlgradient(x * 2, x), dlarray(jnp.ones(2)))


def test_variable_created_inside_the_function_is_an_error():
    def loss(x):
        w = dlarray(jnp.ones(2))
        return dlgradient(sum(w * x), w)

    with pytest.raises(ValueError, match="is not traced: it was created inside the function"):
        dlfeval(loss, dlarray(jnp.ones(2)))


def test_untraced_y_is_an_error():
    def loss(x):
        return dlgradient(sum(dlarray(extractdata(x))), x)

    with pytest.raises(ValueError, match="y is not traced"):
        dlfeval(loss, dlarray(jnp.ones(2)))


def test_non_dlarray_variables_are_an_error():
    with pytest.raises(TypeError, match="not a dlarray"):
        dlfeval(lambda x: dlgradient(sum(x), {"a": 1.0}), dlarray(jnp.ones(2)))


def test_nested_dlfeval_joins_the_outer_trace():
    def inner(x):
        return x * x

    def outer(x):
        return dlgradient(sum(dlfeval(inner, x)), x)

    np.testing.assert_array_equal(extractdata(dlfeval(outer, dlarray(jnp.array([3.0])))), [6.0])
