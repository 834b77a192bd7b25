# source: https://github.com/tensorflow/tensorflow/issues/31363
# framework: TF
# `increment(obj)` is a tf.function calling `obj.increment()`, which does `self.value += 1` on a
# tensor attribute. Eagerly the object ends at 102; traced, the attribute is rebound to the
# symbolic tensor of the trace ("Object with tensor = Tensor("add:0", ...)").
# verify: "Tensor(" in c.after and e.after.endswith("102")
import tensorflow as tf


class First:
    def __init__(self, initial: int):
        self.value = tf.constant(initial)

    def increment(self):
        self.value += 1  # label: ACC4

    def __str__(self):
        return f"Object with tensor = {self.value}"


@tf.function
def increment(obj: First):
    obj.increment()


c1 = First(100)
c1.increment()
increment(c1)
after = str(c1)
print(after)
