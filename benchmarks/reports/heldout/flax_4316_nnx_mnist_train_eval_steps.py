# source: https://github.com/google/flax/pull/4316
# framework: JAX
# label: none
# Flax NNX's MNIST tutorial trains with `@nnx.jit` `train_step` and `eval_step` functions that
# update the model, optimizer and metrics in place, evaluating the test set every
# `eval_every` steps, and the pull request adds `model.eval()` before the jitted `pred_step`
# used for inference. Same objects, same batch shapes on every call: each jitted step traces
# once. A fine look-alike of a training loop over stateful NNX objects. The tutorial's code as
# of the pull request (commit d2606ce9, docs_nnx/mnist_tutorial.md), reduced: the CNN is two
# `nnx.Linear` layers over flattened images, the TFDS datasets are random batches of MNIST's
# shapes, training runs `train_steps` steps (12, with `eval_every` 4), the plots are dropped;
# `nnx.Optimizer(..., wrt=nnx.Param)` and `optimizer.update(model, grads)` are flax 0.12's API.
# verify: c.jax['train_step'] == 1 and c.jax['eval_step'] == 1 and c.jax['pred_step'] == 1
import jax
import jax.numpy as jnp  # JAX NumPy
import numpy as np
import optax
from flax import nnx


class CNN(nnx.Module):
    """A simple model."""

    def __init__(self, *, rngs: nnx.Rngs):
        self.linear1 = nnx.Linear(784, 64, rngs=rngs)
        self.linear2 = nnx.Linear(64, 10, rngs=rngs)

    def __call__(self, x):
        x = x.reshape(x.shape[0], -1)  # flatten
        x = nnx.relu(self.linear1(x))
        x = self.linear2(x)
        return x


def batches(seed, count, batch_size=32):
    rng = np.random.default_rng(seed)
    return [{'image': rng.random((batch_size, 28, 28, 1), dtype=np.float32),
             'label': rng.integers(0, 10, batch_size)} for _ in range(count)]


train_steps = 12
eval_every = 4
train_ds = batches(0, train_steps)
test_ds = batches(1, 2)

# Instantiate the model.
model = CNN(rngs=nnx.Rngs(0))
learning_rate = 0.005
momentum = 0.9
optimizer = nnx.Optimizer(model, optax.adamw(learning_rate, momentum), wrt=nnx.Param)
metrics = nnx.MultiMetric(
    accuracy=nnx.metrics.Accuracy(),
    loss=nnx.metrics.Average('loss'),
)


def loss_fn(model: CNN, batch):
    logits = model(batch['image'])
    loss = optax.softmax_cross_entropy_with_integer_labels(
        logits=logits, labels=batch['label']
    ).mean()
    return loss, logits


@nnx.jit
def train_step(model: CNN, optimizer: nnx.Optimizer, metrics: nnx.MultiMetric, batch):
    """Train for a single step."""
    grad_fn = nnx.value_and_grad(loss_fn, has_aux=True)
    (loss, logits), grads = grad_fn(model, batch)
    metrics.update(loss=loss, logits=logits, labels=batch['label'])  # In-place updates.
    optimizer.update(model, grads)  # In-place updates.


@nnx.jit
def eval_step(model: CNN, metrics: nnx.MultiMetric, batch):
    loss, logits = loss_fn(model, batch)
    metrics.update(loss=loss, logits=logits, labels=batch['label'])  # In-place updates.


metrics_history = {
    'train_loss': [],
    'train_accuracy': [],
    'test_loss': [],
    'test_accuracy': [],
}
for step, batch in enumerate(train_ds):
    train_step(model, optimizer, metrics, batch)

    if step > 0 and (step % eval_every == 0 or step == train_steps - 1):  # One training epoch has passed.
        # Log the training metrics.
        for metric, value in metrics.compute().items():  # Compute the metrics.
            metrics_history[f'train_{metric}'].append(value)  # Record the metrics.
        metrics.reset()  # Reset the metrics for the test set.

        # Compute the metrics on the test set after each training epoch.
        for test_batch in test_ds:
            eval_step(model, metrics, test_batch)

        # Log the test metrics.
        for metric, value in metrics.compute().items():
            metrics_history[f'test_{metric}'].append(value)
        metrics.reset()  # Reset the metrics for the next training epoch.

model.eval()  # Switch to evaluation mode.


@nnx.jit
def pred_step(model: CNN, batch):
    logits = model(batch['image'])
    return logits.argmax(axis=1)


test_batch = test_ds[0]
pred = pred_step(model, test_batch)
