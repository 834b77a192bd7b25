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
