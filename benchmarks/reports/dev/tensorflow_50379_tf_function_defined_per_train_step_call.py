# source: https://github.com/tensorflow/tensorflow/issues/50379
# framework: TF
# In a thread on memory growth while training, a user reports growth with this step builder:
# `train_step()` defines a `@tf.function` `train_step1` and returns it, and "after deleting
# @tf.function, it doesn't make the issue". Each call of `train_step()` makes a new
# tf.function, so each step traces and builds a new graph (the learning rate, a Python float
# argument, is a trace key besides). The step builder is the user's; the caller is not quoted
# and is written as the builder's form implies (`train_step()(...)` once per batch of an epoch
# loop, `num_steps` batches); the model, loss, optimizer and metrics are stand-ins.
# verify: c.tf['train_step1'] >= 10
import tensorflow as tf


def train_step():
     @tf.function
     def train_step1(data, model, lr, loss_object, optimizer, train_loss, train_accuracy):
         with tf.GradientTape() as tape:
             prediction = model(data[0])
             loss = loss_object(data[1], prediction)

         gradients = tape.gradient(loss, model.trainable_variables)
         optimizer.learning_rate = lr
         optimizer.apply_gradients(zip(gradients, model.trainable_variables))

         train_loss(loss)
         train_accuracy(data[1], prediction)

     return train_step1  # label[a]


model = tf.keras.Sequential([tf.keras.layers.Dense(3)])
model.build((None, 4))
loss_object = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
optimizer = tf.keras.optimizers.SGD()
train_loss = tf.keras.metrics.Mean()
train_accuracy = tf.keras.metrics.SparseCategoricalAccuracy()

num_steps = 10
for step in range(num_steps):
    data = (tf.random.normal((8, 4)), tf.zeros((8,), tf.int32))
    lr = 0.01
    train_step()(data, model, lr, loss_object, optimizer, train_loss, train_accuracy)  # label[a]: ACC5
