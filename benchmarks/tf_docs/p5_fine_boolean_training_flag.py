# source: https://www.tensorflow.org/guide/function#rules_of_tracing
# run: fine (2 traces in 8 calls, same output as eager)
# framework: TF
# property: P5
# label: none
# A Python bool that takes two values traces twice, whatever the number of steps.
import tensorflow as tf


@tf.function
def forward(x, training):
    return x * 0.5 if training else x


n = 8
for step in range(n):
    forward(tf.constant(1.0), step % 2 == 0)
print("TRACES", forward.experimental_get_tracing_count(), "OF", n)
