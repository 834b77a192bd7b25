# source: https://github.com/tensorflow/tensorflow/issues/28841
# framework: TF
# "tf.Dataset.map() only processes one example": a global counter incremented in the function
# given to `map` ends at 1 for a 592-example dataset. `map` traces the function once into a
# graph; the Python increment runs during that trace only, while every element is processed.
# The user's PNG masks are small strings of bytes here; the dataset size is a variable.
# verify: c.counter == 1 and c.processed == c.num_examples
import tensorflow as tf

counter = 0
num_examples = 20


def decode_png_mask(image_buffer):
    global counter
    counter += 1  # label: ACC4
    return tf.strings.length(image_buffer)


dataset = tf.data.Dataset.from_tensor_slices([b"mask"] * num_examples).map(decode_png_mask)
processed = sum(1 for _ in dataset)
print(counter, processed)
