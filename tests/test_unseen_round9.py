"""Round 9 of the real-code benchmark (stop 46): false shapes found on eight TF/Keras, PyTorch and
JAX code bases nobody here had linted (benchmarks/README.md, "Round 9, before"), each fixed at
its cause and tested on other spellings of the property, written before the change, beside the
hazard that must stay found.

Every snippet is linted whole; `# expect: CODE` marks each line that must be reported, and no
other line may be. Each fact was run (torch 2.13, TF 2.21); the runs are quoted where used.
"""

from __future__ import annotations

from labelled import BREAKS, assert_labels_match

# -- 1. A branch a trace-time predicate rules out is never traced --
# pytorch/rl's value estimators: `if is_dynamo_compiling(): rs = r.expand_as(t) else: r =
# r.item(); if r == 0.0: ...` and `if not is_dynamo_compiling(): ... .any() ... .item()` (6 false
# ACC201/ACC303). Some calls answer the same constant in every trace of a framework, and code
# branches on them to keep host work out of the graph: under torch.compile (and fullgraph=True)
# `torch.compiler.is_compiling()`, `torch._dynamo.is_compiling()` and
# `torch.compiler.is_dynamo_compiling()` are True, under torch.export the first two are True and
# `is_dynamo_compiling()` is False, under tf.function `tf.executing_eagerly()` is False, and
# TorchScript compiles `torch.jit.is_scripting()` as a constant True and skips the other branch
# (run: a reduction's else branch never runs while Dynamo traces; fullgraph=True compiles with
# `.item()` and `if x.sum() > 0` there; `torch.jit.script` compiles an else branch holding
# `x.numpy()`; a tf.function body records executing_eagerly() False). Under torch.jit.trace all
# three torch predicates are False (run), so a branch they guard is traced there. The branch the
# answer rules out is dead in that framework's traces (the frameworks' `[tracers] answers`).


def test_rl_value_estimator_keeps_host_work_out_of_the_compiled_graph():
    assert_labels_match("""
        import math

        import torch

        try:
            from torch.compiler import is_dynamo_compiling
        except ImportError:
            from torch._dynamo import is_compiling as is_dynamo_compiling

        def _geom_series_like(t, r, thr):
            if is_dynamo_compiling():
                rs = r.expand_as(t)
            else:
                r = r.item()
                if r == 0.0:
                    return torch.zeros_like(t)
                elif r >= 1.0:
                    lim = t.numel()
                else:
                    lim = int(math.log(thr) / math.log(r))
                rs = torch.full_like(t[:lim], r)
            return rs.cumprod(0)

        def vec_gae(gammalmbdas, rolling_gamma, terminated):
            if not is_dynamo_compiling():
                first_below_thr = (gammalmbdas < 1e-7).all(0)
                if first_below_thr.any():
                    first_below_thr = torch.where(first_below_thr)[0][0].item()
                    gammalmbdas = gammalmbdas[..., :first_below_thr, :]
            if not rolling_gamma and not is_dynamo_compiling():
                if not terminated[1:][terminated[:-1]].all():
                    raise NotImplementedError("consecutive trajectories")
            return _geom_series_like(gammalmbdas, gammalmbdas[0], 1e-7)

        vec_gae_c = torch.compile(vec_gae)
    """)


def test_other_spellings_of_a_trace_time_predicate():
    assert_labels_match("""
        import tensorflow as tf
        import torch
        from torch.compiler import is_compiling

        def _is_compiling():
            return torch.compiler.is_compiling()

        @torch.compile(fullgraph=True)
        def clip(x, check):
            if check and not torch._dynamo.is_compiling():
                assert x.abs().max().item() < 1e4
            scale = x.amax().item() if not _is_compiling() else x.amax()
            if is_compiling():
                return x / scale
            if x.sum() > 0:
                return x
            return -x

        @tf.function
        def step(x):
            if tf.executing_eagerly():
                print("value", x.numpy())
            return x * 2

        @torch.jit.script
        def to_host(x):
            if torch.jit.is_scripting():
                return x * 2
            else:
                return torch.from_numpy(x.numpy() * 2)
    """)


def test_a_branch_the_predicate_leaves_traced_is_still_found():
    assert_labels_match("""
        import tensorflow as tf
        import torch

        @torch.compile
        def guarded(x):
            if torch.compiler.is_compiling():
                if x.sum() > 0:  # expect: ACC201
                    return x
            if not torch.compiler.is_compiling() or x.any():  # expect: ACC201
                return x * 2
            return x

        @tf.function
        def step(x):
            if not tf.executing_eagerly():
                print("value", x.numpy())  # expect: ACC303
            return x * 2

        def traced(x):
            if not torch.compiler.is_compiling():
                if x.sum() > 0:  # expect: ACC201
                    return x
            return -x

        traced_t = torch.jit.trace(traced, torch.ones(2))
    """, BREAKS)


# -- 2. A call through a name runs the method of what the name holds when it runs --
# tensorflow/text's text_generation notebook: `model = MyModel(...)`, `model.fit(...)` (Keras'
# own train_step), then `class CustomTraining(MyModel)` whose @tf.function train_step reads the
# global `model`, then `model = CustomTraining(...)`, `model.fit(...)` and `model.train_step(...)`
# in a loop (2 false ACC601 "rebound at cell 100"). The first fit ran a MyModel, which has no
# such train_step: no trace of it was built before the rebinding, and the new instance's
# tf.function traces afresh (run: a tf.function method traces once per instance; a new instance
# bound to the global it reads traces with the new value, the old one keeps its own). So a
# module-level call through a name whose last binding before it, unconditional and in no loop
# with it, makes an instance of another class of the module (not the method's class nor a
# subclass of it) runs no trace of the method.


def test_text_generation_notebook_rebinds_the_model_before_its_custom_train_step_runs():
    assert_labels_match("""
        import tensorflow as tf

        class MyModel(tf.keras.Model):
            def __init__(self, vocab_size, units):
                super().__init__(self)
                self.embedding = tf.keras.layers.Embedding(vocab_size, units)
                self.dense = tf.keras.layers.Dense(vocab_size)

            def call(self, inputs, training=False):
                return self.dense(self.embedding(inputs, training=training), training=training)

        model = MyModel(65, 256)
        for batch in dataset.take(1):
            predictions = model(batch)
        model.compile(optimizer="adam", loss="mse")
        history = model.fit(dataset, epochs=3, callbacks=[checkpoint_callback])

        class CustomTraining(MyModel):
            @tf.function
            def train_step(self, inputs):
                inputs, labels = inputs
                with tf.GradientTape() as tape:
                    loss = self.loss(labels, self(inputs, training=True))
                grads = tape.gradient(loss, model.trainable_variables)
                self.optimizer.apply_gradients(zip(grads, model.trainable_variables))
                return {"loss": loss}

        model = CustomTraining(65, 256)
        model.compile(optimizer="adam", loss="mse")
        model.fit(dataset, epochs=1)
        for epoch in range(3):
            for batch in dataset:
                logs = model.train_step(batch)
    """)


def test_other_spellings_of_a_call_through_an_instance_of_another_class():
    assert_labels_match("""
        import tensorflow as tf

        class Plain:
            def apply(self, x):
                return x

        class Scaler(tf.Module):
            def __init__(self):
                self.w = 2.0

            @tf.function
            def apply(self, x):
                return x * net.w

        net = Plain()
        net.apply(1.0)
        net = Scaler()
        net.apply(2.0)

        class Base(tf.Module):
            def apply(self, x):
                return x

        class Eager(Base):
            def apply(self, x):
                return x + 1

        class Graph(Base):
            @tf.function
            def apply(self, x):
                return x * layer.scale

        layer = Eager()
        layer.apply(1.0)
        layer = Graph()
        layer.apply(2.0)
    """)


def test_a_rebinding_between_two_calls_of_one_instance_is_still_found():
    assert_labels_match("""
        import tensorflow as tf

        SCALE = 1.0

        class Scaler(tf.Module):
            @tf.function
            def apply(self, x):
                return x * SCALE  # expect: ACC601

        first = Scaler()
        first.apply(1.0)
        SCALE = 2.0
        first.apply(2.0)
    """)


def test_a_binding_that_may_make_the_class_before_the_call_is_still_found():
    assert_labels_match("""
        import tensorflow as tf

        SCALE = 1.0

        class Plain:
            def apply(self, x):
                return x

        class Scaler(tf.Module):
            @tf.function
            def apply(self, x):
                return x * SCALE  # expect: ACC601

        net = Plain()
        if use_graph:
            net = Scaler()
        net.apply(1.0)
        SCALE = 2.0
        net.apply(2.0)
    """)


# -- 3. `x.get_shape()` is the static shape, as `x.shape` is --
# tensorflow/neural-structured-learning's distances: `weights_shape =
# weights.get_shape().as_list()`, then `if weights_shape and weights_shape[sum_over_axis] != 1:
# raise ...` in a function a Keras model's call reaches (1 false ACC201). `get_shape()` is the
# TensorShape `.shape` is: Python ints and None (run: benchmarks/framework_runs.py
# keras_get_shape_in_call, fine under fit; `if tf.shape(x)[0] > 2` raises there).


def test_nsl_distance_checks_the_static_shape_of_its_weights():
    assert_labels_match("""
        import tensorflow as tf

        def pairwise_distance(sources, targets, weights=1.0, sum_over_axis=None):
            distances = tf.reduce_sum(tf.square(sources - targets), axis=sum_over_axis)
            if sum_over_axis is not None:
                weights = tf.convert_to_tensor(value=weights)
                weights_shape = weights.get_shape().as_list()
                if weights_shape and weights_shape[sum_over_axis] != 1:
                    raise ValueError("Shape of weights along the axis %d must be 1." % sum_over_axis)
                distances *= sources.shape.dims[sum_over_axis].value
            return distances

        class GraphRegularization(tf.keras.Model):
            def call(self, inputs):
                return pairwise_distance(inputs["a"], inputs["b"], sum_over_axis=-1)
    """)


def test_other_spellings_of_a_static_shape_read():
    assert_labels_match("""
        import tensorflow as tf

        class Scale(tf.keras.layers.Layer):
            def call(self, x):
                if x.get_shape()[0] is not None and x.get_shape()[0] > 2:
                    x = x * 2
                rank = len(x.get_shape())
                if rank == 3:
                    x = tf.squeeze(x, 0)
                dims = x.get_shape().as_list()[1:]
                if any(d is None for d in dims):
                    raise ValueError("unknown dimension")
                return x
    """)


def test_a_branch_on_the_dynamic_shape_is_still_found():
    assert_labels_match("""
        import tensorflow as tf

        class Scale(tf.keras.layers.Layer):
            def call(self, x):
                size = x.get_shape()[0]
                if tf.shape(x)[0] > 2:  # expect: ACC201
                    x = x / 2
                if tf.reduce_sum(x) > size:  # expect: ACC201
                    x = -x
                return x
    """)
