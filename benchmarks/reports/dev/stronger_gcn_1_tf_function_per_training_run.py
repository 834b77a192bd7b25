# source: https://github.com/PwnerHarry/Stronger_GCN/issues/1
# framework: TF
# A static checker reported `trainer()`, which defines the tf.function `optimize_one_step`, as
# called in a loop. In the repository's train.py it is called once per run (10 runs by default)
# and the function it returns is used for every epoch of that run (up to 5000): a run traces
# it twice (TF 2.21), then reuses it. Fine. (Model: one Dense layer; 3 runs of 20 epochs;
# argparse left out.)
# label: none
# verify: c.tf['optimize_one_step'] <= 2 * 3
import tensorflow as tf


def trainer():
    @tf.function
    def optimize_one_step(model, optimizer, features, labels, idx_train, tracker_loss):
        with tf.GradientTape() as t:
            output = model(features)
            labels_train, output_train = tf.gather(labels, idx_train), tf.gather(output, idx_train)
            loss_train = tracker_loss(labels_train, output_train)
        grads = t.gradient(loss_train, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss_train

    return optimize_one_step


features = tf.random.normal((20, 5))
labels = tf.random.uniform((20,), maxval=3, dtype=tf.int32)
idx_train = tf.range(10)
tracker_loss_train = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
for runtime in range(3):
    model = tf.keras.layers.Dense(3)
    optimizer = tf.keras.optimizers.RMSprop(learning_rate=1e-3)
    train = trainer()
    for epoch in range(20):
        loss_train = train(model, optimizer, features, labels, idx_train, tracker_loss_train)
