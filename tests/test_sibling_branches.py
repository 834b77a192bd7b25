"""A read sees only the bindings that can run before it on the same pass: a binding in another
branch of an `if` around the read does not reach it, unless a loop around both carries it to the
next pass (acclint.analysis.reaching). Found on real code (precision round 12): efficientdet's
BiFPN `fuse_features` stacks its list of feature tensors under `if weight_method == 'attn'` and
takes `len(nodes)` and calls `add_n(nodes)` with the list under the `elif`s (google/automl and
its vendored copy in tensorflow/examples, six false ACC207/ACC302 findings).

Run (TF 2.21, Keras 3.15, `model.predict` on a functional model, /tmp/m49 of stop 49): a layer
whose `call` hands a list of three tensors to a method that stacks it in one branch and iterates
it, or takes its `len`, in the others gives [6 6 6], [3 3 3] and [6 6 6], no error; the same
helper handed the stacked tensor raises OperatorNotAllowedInGraphError (Keras 3 traces `call`
without AutoGraph).

Every snippet is linted whole; `# expect: CODE` marks each line that must be reported, and no
other line may be.
"""

from __future__ import annotations

from labelled import assert_labels_match

_ADD_N = '''
        import tensorflow as tf
        import keras

        def add_n(nodes):
            new = nodes[0]
            for n in nodes[1:]:{expect}
                new = new + n
            return new
'''


def test_a_helper_called_under_elif_gets_the_list_not_the_stacked_tensor():
    assert_labels_match(_ADD_N.format(expect="") + """
        class Fuse(keras.layers.Layer):
            def call(self, x):
                nodes = [x, x * 2.0]
                return self.fuse(nodes)

            def fuse(self, nodes):
                if self.method == "stack":
                    nodes = keras.ops.stack(nodes, axis=-1)
                    return keras.ops.sum(nodes, -1)
                elif self.method == "scaled":
                    nodes = [nodes[i] * 0.5 for i in range(len(nodes))]
                    return add_n(nodes)
                else:
                    return add_n(nodes)
    """)


def test_len_in_the_else_branch_is_the_lists():
    assert_labels_match("""
        import tensorflow as tf
        import keras

        class Fuse(keras.layers.Layer):
            def call(self, x):
                return self.fuse([x, x * 2.0])

            def fuse(self, nodes):
                if self.method == "stack":
                    nodes = keras.ops.stack(nodes, axis=-1)
                    scale = 1.0
                else:
                    scale = 1.0 / len(nodes)
                    nodes = keras.ops.sum(keras.ops.stack(nodes), 0)
                return nodes * scale
    """)


def test_iterating_in_the_body_when_the_else_stacks():
    assert_labels_match("""
        import tensorflow as tf
        import keras

        class Fuse(keras.layers.Layer):
            def call(self, x):
                return self.fuse([x, x * 2.0])

            def fuse(self, nodes):
                if self.method == "sum":
                    total = nodes[0]
                    for n in nodes[1:]:
                        total = total + n
                else:
                    nodes = keras.ops.stack(nodes, axis=-1)
                    total = keras.ops.sum(nodes, -1)
                return total
    """)


# -- the hazard stays found where the stacked tensor can reach the read ------------------------


def test_stacked_before_the_if_reaches_every_branch():
    assert_labels_match(_ADD_N.format(expect="  # expect: ACC207") + """
        class Fuse(keras.layers.Layer):
            def call(self, x):
                nodes = keras.ops.stack([x, x * 2.0])
                if self.method == "sum":
                    return add_n(nodes)
                return nodes
    """)


def test_a_loop_around_both_branches_carries_the_tensor_to_the_next_pass():
    assert_labels_match("""
        import keras

        class Fuse(keras.layers.Layer):
            def call(self, x):
                return self.fuse([x, x * 2.0])

            def fuse(self, nodes):
                scale = 1
                for step in range(2):
                    if step == 0:
                        nodes = keras.ops.stack(nodes)
                    else:
                        scale = len(nodes)  # expect: ACC302
                return nodes * scale
    """)


def test_a_read_after_the_if_sees_both_branches():
    assert_labels_match(_ADD_N.format(expect="  # expect: ACC207") + """
        class Fuse(keras.layers.Layer):
            def call(self, x):
                nodes = [x, x * 2.0]
                if self.method == "stack":
                    nodes = keras.ops.stack(nodes, axis=-1)
                return add_n(nodes)
    """)
