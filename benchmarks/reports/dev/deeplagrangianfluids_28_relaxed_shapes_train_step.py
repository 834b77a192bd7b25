# source: https://github.com/isl-org/DeepLagrangianFluids/issues/28
# framework: TF
# A training step with `experimental_relax_shapes=True` is called with batches whose particle
# counts differ from batch to batch ("5 out of the last 5 calls to <function main.<locals>.train>
# triggered tf.function retracing" on some of the user's data sets). With relaxed shapes the
# function retraces once more for a new shape and then uses a shape with unknown dimensions:
# a bounded number of traces, however many batch shapes come. The model and the data reader are
# reduced to a product and a list of batches of growing size.
# label: none
# verify: c.tf['train'] <= 3
import tensorflow as tf

weights = tf.Variable(tf.ones(3))
optimizer = tf.keras.optimizers.SGD(0.01)


def main():
    @tf.function(experimental_relax_shapes=True)
    def train(batch):
        with tf.GradientTape() as tape:
            total_loss = tf.reduce_mean((batch["pos0"] * weights - batch["pos1"]) ** 2)
        grads = tape.gradient(total_loss, [weights])
        optimizer.apply_gradients(zip(grads, [weights]))
        return total_loss

    for step in range(12):
        n = 100 + 7 * step
        batch_tf = {"pos0": tf.ones((n, 3)), "pos1": tf.zeros((n, 3))}
        current_loss = train(batch_tf)
        print(float(current_loss))


main()
