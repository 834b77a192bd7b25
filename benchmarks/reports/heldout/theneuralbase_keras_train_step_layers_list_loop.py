# source: https://theneuralbase.com/keras/learn/intermediate/when-to-override-train-step/
# framework: TF
# Label: fine look-alike. A lesson on overriding `train_step`: the model's `call` loops over a
# Python list of layers given to `__init__`, and `train_step` updates two metric trackers. The
# list is fixed, so the loop unrolls the same way on every trace. The stored page cuts the code
# off after `for laye`; the rest is completed as the lesson's text describes it (apply each
# layer; loss, gradients, optimizer step, trackers), on small random data. Seeds added.
# label: none
# verify: close(c.losses, e.losses)
import keras
import tensorflow as tf
import numpy as np


class CustomTrainingModel(keras.Model):
    def __init__(self, layers_list):
        super().__init__()
        self.layers_list = layers_list
        self.loss_tracker = keras.metrics.Mean(name='loss')
        self.accuracy_tracker = keras.metrics.SparseCategoricalAccuracy(name='accuracy')

    def call(self, x):
        for layer in self.layers_list:
            x = layer(x)
        return x

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(x=x, y=y, y_pred=y_pred)
        grads = tape.gradient(loss, self.trainable_weights)
        self.optimizer.apply_gradients(zip(grads, self.trainable_weights))
        self.loss_tracker.update_state(loss)
        self.accuracy_tracker.update_state(y, y_pred)
        return {'loss': self.loss_tracker.result(), 'accuracy': self.accuracy_tracker.result()}

    @property
    def metrics(self):
        return [self.loss_tracker, self.accuracy_tracker]


keras.utils.set_random_seed(0)
model = CustomTrainingModel([keras.layers.Dense(16, activation='relu'), keras.layers.Dense(3)])
model.compile(optimizer='adam',
              loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
x = np.random.rand(128, 8).astype('float32')
y = np.random.randint(0, 3, 128)
losses = model.fit(x, y, epochs=3, batch_size=32, verbose=0).history['loss']
