# source: https://github.com/tensorflow/tensorflow/issues/36988
# framework: TF
# The user wraps the whole training function in `@tf.function`, and its inner loop iterates
# `tqdm(dataset, ...)`: "my PC memory is rising on every step", and without `@tf.function` "it
# is working okay". AutoGraph converts `for x in dataset`, not a loop over a progress-bar
# wrapper, so the loop runs in Python while the function is traced: the graph iterator never
# ends the iteration, and tracing unrolls one training step after another, the bar counting up
# for ever. The train function is the report's; the detector, its two losses and the data are
# stand-ins (the report shows only `train`), and the call is run in a thread that is given
# 60 s (the trace never returns; the eager twin finishes its 2 epochs x 4 batches), then
# stopped by an exception raised in it so that the process can exit.
# verify: e.finished == [True] and c.finished == []
import ctypes
import threading

import tensorflow as tf
from tqdm import tqdm


class Detector(tf.keras.Model):
  def __init__(self):
    super().__init__()
    self.box = tf.keras.layers.Dense(4)
    self.cls = tf.keras.layers.Dense(3)

  def call(self, images, training=False):
    return self.box(images), self.cls(images)


class losses:
  @staticmethod
  def smooth_l1(boxes, localization):
    return tf.reduce_mean(tf.abs(boxes - localization))

  @staticmethod
  def focal(labels, classification):
    return tf.reduce_mean(tf.square(labels - classification))


@tf.function
def train(model, dataset, epochs=50, lr=1e-5, checkpoints=None):
  optimizer = tf.keras.optimizers.Adam(learning_rate=lr)
  for i in range(epochs):
    dataset = dataset.shuffle(1000)
    # training
    for images, boxes, labels in tqdm(dataset, desc='Epoch {} of {}'.format(i + 1, epochs)):  # label: ACC4
      with tf.GradientTape() as tape:
        localization, classification = model(images, training=True)
        smooth = losses.smooth_l1(boxes, localization)
        focal  = losses.focal(labels, classification)
        loss = smooth * 0.6 + focal * 0.4
      gradients = tape.gradient(loss, model.trainable_variables)
      optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    if checkpoints:
      model.save_weights(checkpoints)


model = Detector()
images = tf.random.normal((32, 8))
dataset = tf.data.Dataset.from_tensor_slices(
    (images, tf.random.normal((32, 4)), tf.random.normal((32, 3)))).batch(8)

finished = []


def run():
  train(model, dataset, epochs=2)
  finished.append(True)


worker = threading.Thread(target=run, daemon=True)
worker.start()
worker.join(timeout=60)
if worker.is_alive():
  ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(worker.ident), ctypes.py_object(SystemExit))
  worker.join()
