"""A `keras.layers.Lambda(f)` layer's function is traced with the model it belongs to
(keras.toml `[cached."keras.layers.Lambda"]`): a module global it reads, rebound between two
`predict`/`fit` calls that reuse the model's traced step, is a hidden input (ACC601,
keras#13348); one set before the first call, or only after the last, is fine."""

import textwrap

from acclint.api import lint_text


def codes(text: str) -> list[tuple[int, str]]:
    return [(f.line, f.code) for f in lint_text(textwrap.dedent(text)).findings]


def test_a_global_a_lambda_layer_reads_rebound_between_predicts_is_hidden():
    assert codes("""
        import numpy as np
        import keras
        from keras.layers import Input, Lambda

        inp = Input((16, 1))
        strides = [1, 2, 4]
        i = 0
        model = keras.Model(inp, Lambda(lambda x: x[:, ::strides[i], :])(inp))
        x = np.ones((2, 16, 1), dtype="float32")
        y0 = model.predict(x, verbose=0)
        i = 1
        y1 = model.predict(x, verbose=0)
    """) == [(9, "ACC601")]


def test_a_named_function_by_keyword_under_fit_and_a_loop_variable_are_hidden_too():
    assert codes("""
        import numpy as np
        import keras
        from tensorflow.keras import layers

        SHIFT = 0.0

        def shift(x):
            return x + SHIFT

        inp = keras.Input((4,))
        model = keras.Model(inp, layers.Lambda(function=shift)(inp))
        model.compile(loss="mse")
        model.fit(np.ones((8, 4)), np.ones((8, 4)), verbose=0)
        SHIFT = 5.0
        model.fit(np.ones((8, 4)), np.ones((8, 4)), verbose=0)
    """) == [(9, "ACC601")]
    assert codes("""
        import numpy as np
        import keras

        inp = keras.Input((4,))
        scale = 1.0
        model = keras.Model(inp, keras.layers.Lambda(lambda x: x * scale)(inp))
        for scale in [1.0, 2.0]:
            print(model.predict(np.ones((2, 4)), verbose=0))
    """) == [(7, "ACC601")]


def test_a_global_set_before_the_first_predict_or_after_the_last_is_fine():
    assert codes("""
        import numpy as np
        import keras
        from keras.layers import Input, Lambda

        inp = Input((16, 1))
        strides = [1, 2, 4]
        i = 0
        layer = Lambda(lambda x: x[:, ::strides[i], :])
        i = 1
        model = keras.Model(inp, layer(inp))
        y0 = model.predict(np.ones((2, 16, 1)), verbose=0)
        i = 2
    """) == []


def test_only_the_lambdas_inputs_are_traced_not_its_arguments():
    # `arguments={"n": 2}` hands the function Python values: a branch on one is fine; a
    # branch on the inputs' values is not.
    assert codes("""
        import keras

        def repeat(x, n):
            if n > 1:
                return keras.ops.tile(x, (1, n))
            return x

        def clipped(x):
            if keras.ops.max(x) > 1.0:
                return x / 2
            return x

        inp = keras.Input((4,))
        out = keras.layers.Lambda(repeat, arguments={"n": 2})(inp)
        model = keras.Model(inp, keras.layers.Lambda(clipped)(out))
    """) == [(10, "ACC201")]


# A Lambda layer bound at the top level (directly or by a module function the top level calls
# once) and only called there on concrete values runs its function eagerly: no trace.
_EAGER_BODY = """
    import tensorflow as tf
    from tensorflow.keras import layers

    def random_invert_img(x, p=0.5):
        if tf.random.uniform([]) < p:
            x = 255 - x
        return x
"""


def test_a_lambda_layer_a_factory_makes_and_the_top_level_only_calls_eagerly_is_no_trace():
    assert codes(_EAGER_BODY + """
    def random_invert(factor=0.5):
        return layers.Lambda(lambda x: random_invert_img(x, factor))

    random_invert = random_invert()
    image = tf.ones((8, 8, 3))
    for i in range(9):
        augmented_image = random_invert(image)
    """) == []


def test_a_lambda_layer_bound_and_called_on_a_concrete_tensor_is_no_trace():
    assert codes(_EAGER_BODY + """
    lam = layers.Lambda(random_invert_img)
    print(lam(tf.ones((2, 3))))
    """) == []


def test_a_lambda_layer_in_a_model_on_a_symbolic_input_or_handed_on_stays_traced():
    sequential = _EAGER_BODY + """
    model = tf.keras.Sequential([layers.Dense(3), layers.Lambda(random_invert_img)])
    """
    on_input = _EAGER_BODY + """
    lam = layers.Lambda(random_invert_img)
    inp = tf.keras.Input((3,))
    model = tf.keras.Model(inp, lam(inp))
    """
    on_input_at_once = _EAGER_BODY + """
    lam = layers.Lambda(random_invert_img)
    out = lam(tf.keras.Input((3,)))
    """
    handed = _EAGER_BODY + """
    lam = layers.Lambda(random_invert_img)
    lam(tf.ones((2, 3)))
    model = tf.keras.Sequential([lam])
    """
    to_function = _EAGER_BODY + """
    def make():
        return layers.Lambda(lambda x: random_invert_img(x))

    lam = make()
    print(lam(tf.ones((2, 3))))
    dataset = tf.data.Dataset.range(3).map(lam)
    """
    called_twice = _EAGER_BODY + """
    def make():
        return layers.Lambda(lambda x: random_invert_img(x))

    lam = make()
    lam2 = make()
    print(lam(tf.ones((2, 3))))
    """
    for text in (sequential, on_input, on_input_at_once, handed, to_function, called_twice):
        assert (6, "ACC201") in codes(text), text


def test_the_factory_shape_holds_for_any_eager_by_marker_a_haiku_transform_too():
    """The same property through haiku's `eager_by` methods: a transform a factory returns and
    the top level only runs by `init`/`apply` traces nothing; one whose `apply` is jitted does."""
    body = """
        import haiku as hk
        import jax

        def f(x):
            print("ran", x)
            return x

        def make():
            return hk.transform(f)

        forward = make()
        params = forward.init(jax.random.PRNGKey(0), 1.0)
    """
    assert codes(body) == []
    assert (6, "ACC401") in codes(body + "    step = jax.jit(forward.apply)\n")
