# source: https://www.tensorflow.org/guide/function
# framework: TF
# The tf.function guide's retracing example: `train(num_steps=10)` and `train(num_steps=20)`
# trace twice ("Retracing occurs for different Python arguments"), while two tensor arguments
# share one trace. Four calls written out, three traces: the guide's demonstration, bounded,
# not a loop. A fine look-alike; the guide's tracing print is removed (the trace count counts).
# label: none
# verify: c.tf['train'] == 3
import tensorflow as tf


def train_one_step():
    pass


@tf.function
def train(num_steps):
    tf.print("Executing with num_steps = ", num_steps)
    for _ in tf.range(num_steps):
        train_one_step()


print("Retracing occurs for different Python arguments.")
train(num_steps=10)
train(num_steps=20)

print()
print("Traces are reused for Tensor arguments.")
train(num_steps=tf.constant(10))
train(num_steps=tf.constant(20))
