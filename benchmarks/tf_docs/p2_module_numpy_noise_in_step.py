# source: https://www.tensorflow.org/guide/function#executing_python_side_effects
# run: wrong (graph printed 1 lines, eager 1; first difference: 'distinct noisy values 1' vs 'distinct noisy values 5')
# framework: TF
# property: P2
# Module-level training loop; the step adds NumPy noise to its input (data augmentation).
import numpy as np
import tensorflow as tf


@tf.function
def augment(x):
    noise = np.random.normal(0.0, 1.0)  # label: ACC101
    return x + noise


outs = set()
for step in range(5):
    outs.add(round(float(augment(tf.constant(0.0))), 4))
print("distinct noisy values", len(outs))
