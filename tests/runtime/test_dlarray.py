"""dlarray: formats, their derivation through operations, pytree behaviour, MATLAB functions."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from acclint.runtime import (dims, dlarray, exp, extractdata, finddim, mean, rand, randn, relu,
                             rng, size, stripdims, sum, where)


def image(fmt="SSCB", shape=(4, 5, 3, 2)):
    return dlarray(jnp.arange(np.prod(shape), dtype=jnp.float32).reshape(shape) / 10, fmt)


@pytest.mark.parametrize("fmt, label", [("SSXB", "'X'"), ("sscb", "'s'"), ("SS CB", "' '")])
def test_unknown_label_is_a_value_error_naming_it(fmt, label):
    with pytest.raises(ValueError, match=f"invalid dimension label {label}"):
        dlarray(jnp.zeros((2,) * len(fmt)), fmt)


def test_format_length_must_match_ndim():
    with pytest.raises(ValueError, match="has 4 labels but the data has 3 dimensions"):
        dlarray(jnp.zeros((2, 2, 2)), "SSCB")


def test_channel_batch_and_time_appear_once():
    with pytest.raises(ValueError, match="2 'C' labels"):
        dlarray(jnp.zeros((2, 2)), "CC")
    assert dims(dlarray(jnp.zeros((2, 2, 2)), "SSU")) == "SSU"


def test_format_is_sorted_into_matlab_order_permuting_data():
    data = jnp.arange(6.0).reshape(2, 3)  # rows are the batch, columns the channels
    x = dlarray(data, "BC")
    assert dims(x) == "CB" and size(x) == (3, 2)
    np.testing.assert_array_equal(extractdata(x), data.T)


def test_relabel_and_stripdims():
    x = image()
    assert dims(stripdims(x)) == "" and dims(dlarray(x)) == "SSCB"
    assert dims(dlarray(stripdims(x), "SSCB")) == "SSCB"


def test_static_views():
    x = image()
    assert size(x) == (4, 5, 3, 2) and size(x, 2) == 3
    assert x.shape == (4, 5, 3, 2) and x.ndim == 4 and x.size == 120 and len(x) == 4
    assert dims(x) == "SSCB" and finddim(x, "S") == [0, 1] and finddim(x, "B") == [3]
    assert dims(jnp.ones(3)) == ""


def test_arithmetic_and_functions_keep_the_format():
    x = image()
    for y in (x + 1, 2 * x, x - x, x / 2, x ** 2, -x, abs(x), exp(x), relu(x - 1), 1 - x):
        assert dims(y) == "SSCB" and size(y) == size(x)
    assert dims(x + np.ones((4, 5, 3, 2), np.float32)) == "SSCB"


def test_comparisons_keep_the_format_and_give_booleans():
    x = image()
    mask = x > 0.5
    assert dims(mask) == "SSCB" and mask.dtype == jnp.bool_
    assert dims((x <= 1) & (x != 0)) == "SSCB"


def test_mismatched_formats_are_a_clear_error():
    with pytest.raises(ValueError, match="cannot combine dlarrays with formats 'SSCB' and 'SSBC'"
                       "|cannot combine"):
        image() + dlarray(jnp.zeros((4, 5, 3, 2)), "SSUB")


def test_reductions_drop_reduced_labels():
    x = image()
    assert dims(sum(x)) == "" and size(sum(x)) == ()
    assert dims(sum(x, "S")) == "CB" and size(sum(x, "S")) == (3, 2)
    assert dims(mean(x, axis=3)) == "SSC"
    assert dims(sum(x, axis=(0, 1), keepdims=True)) == "SSCB"
    np.testing.assert_allclose(float(x.sum()), float(jnp.sum(extractdata(x))), rtol=1e-6)


def test_indexing_derives_the_format():
    x = image()
    assert dims(x[1:3]) == "SSCB" and size(x[1:3]) == (2, 5, 3, 2)
    assert dims(x[0]) == "SCB"
    assert dims(x[..., 0]) == "SSC"
    assert dims(x[:, :, 1, :]) == "SSB"
    assert dims(x[None]) == ""
    assert dims(x[jnp.array([0, 2])]) == ""
    assert float(x[1, 2, 0, 1]) == pytest.approx(float(extractdata(x)[1, 2, 0, 1]))


def test_reshape_keeps_the_format_only_for_the_same_rank():
    x = image()
    assert dims(x.reshape(2, 10, 3, 2)) == "SSCB"
    assert dims(x.reshape(-1, 2)) == "" and size(x.reshape(-1, 2)) == (60, 2)


def test_where_selects_elementwise():
    x = dlarray(jnp.array([-1.0, 2.0, -3.0]), "C")
    y = where(x > 0, x, 0.0)
    assert dims(y) == "C"
    np.testing.assert_array_equal(extractdata(y), [0.0, 2.0, 0.0])


def test_functions_on_plain_arrays_return_plain_arrays():
    assert isinstance(exp(jnp.zeros(2)), jax.Array)
    assert isinstance(sum(np.ones(3)), jax.Array)


def test_dlarray_is_a_pytree():
    x = image()
    leaves, tree = jax.tree_util.tree_flatten({"a": x})
    assert len(leaves) == 1 and isinstance(leaves[0], jax.Array)
    y = jax.tree_util.tree_unflatten(tree, [leaves[0] * 2])["a"]
    assert isinstance(y, dlarray) and dims(y) == "SSCB"
    doubled = jax.jit(lambda v: v * 2)(x)
    assert isinstance(doubled, dlarray) and dims(doubled) == "SSCB"


def test_rand_sizes_and_like():
    x = image()
    assert rand(2, 3).shape == (2, 3) and randn((2, 3)).shape == (2, 3)
    assert rand(3).shape == (3,)  # NumPy convention, not MATLAB's 3-by-3
    noise = rand(size(x), like=x)
    assert isinstance(noise, dlarray) and dims(noise) == "SSCB" and noise.dtype == x.dtype
    values = extractdata(noise)
    assert float(values.min()) >= 0 and float(values.max()) < 1
    assert not isinstance(rand(2), dlarray)


def test_rng_makes_draws_reproducible():
    rng(7)
    first = np.asarray(randn(4))
    rng(7)
    np.testing.assert_array_equal(first, np.asarray(randn(4)))
    assert not np.array_equal(first, np.asarray(randn(4)))


def test_dlarrays_are_immutable_and_unhashable():
    x = image()
    with pytest.raises(TypeError):
        x[0] = 1.0
    with pytest.raises(TypeError):
        hash(x)
