# source: https://github.com/google/jaxopt/pull/119
# framework: JAX
# label: none
# jaxopt's Flax ResNet example printed its evaluation from a `pre_update` hook of
# `OptaxSolver` (`if state.iter_num % 10 == 0: ... print(...)`), so the update could not be
# jitted; the pull request "refactored the printing statements to be able to jit compile the
# update rule": `jitted_update = jax.jit(solver.update)` is made once before the training
# loop, and the loop evaluates and prints on the host once per epoch. One jitted bound method,
# called with the same shapes and the same Python float `l2reg`: a fine look-alike of a
# training step in a loop with host-side logging (jaxopt's state turns from weak to strong
# types after the first step, a second compile at most). The module holds `main()` as merged
# (commit 662752e), reduced: ResNet18 is a Dense-BatchNorm-Dense network, the TFDS
# datasets are random batches, the flags are constants; `pip install jaxopt` (0.8.5, whose
# `init_state` takes the update's arguments too).
# verify: c.jax['update'] <= 2 and c.epochs_printed == 3
from datetime import datetime

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from jaxopt import OptaxSolver, loss, tree_util


class ResNet1(nn.Module):
    num_classes: int

    @nn.compact
    def __call__(self, x, train=True):
        x = x.reshape((x.shape[0], -1))
        x = nn.Dense(32)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.relu(x)
        return nn.Dense(self.num_classes)(x)


def load_dataset(key, batch_size, num_classes=10):
    while True:
        key, k1, k2 = jax.random.split(key, 3)
        images = jax.random.randint(k1, (batch_size, 8, 8, 1), 0, 256)
        labels = jax.random.randint(k2, (batch_size,), 0, num_classes)
        yield images, labels


def main(epochs=3, iter_per_epoch=5, learning_rate=0.2, momentum=0.9, l2reg=1e-4):
    train_ds = load_dataset(jax.random.PRNGKey(1), 32)
    test_ds = load_dataset(jax.random.PRNGKey(2), 64)
    input_shape = (1, 8, 8, 1)
    net = ResNet1(num_classes=10)

    def predict(params, inputs, aux, train=False):
        x = inputs.astype(jnp.float32) / 255.
        all_params = {"params": params, "batch_stats": aux}
        if train:
            # Returns logits and net_state (which contains the key "batch_stats").
            return net.apply(all_params, x, train=True, mutable=["batch_stats"])
        else:
            # Returns logits only.
            return net.apply(all_params, x, train=False)

    logistic_loss = jax.vmap(loss.multiclass_logistic_loss)

    def loss_from_logits(params, l2reg, logits, labels):
        mean_loss = jnp.mean(logistic_loss(labels, logits))
        sqnorm = tree_util.tree_l2_norm(params, squared=True)
        return mean_loss + 0.5 * l2reg * sqnorm

    def accuracy_and_loss(params, l2reg, data, aux):
        inputs, labels = data
        logits = predict(params, inputs, aux)
        accuracy = jnp.mean(jnp.argmax(logits, axis=-1) == labels)
        loss = loss_from_logits(params, l2reg, logits, labels)
        return accuracy, loss

    def loss_fun(params, l2reg, data, aux):
        inputs, labels = data
        logits, net_state = predict(params, inputs, aux, train=True)
        loss = loss_from_logits(params, l2reg, logits, labels)
        # batch_stats will be stored in state.aux
        return loss, net_state["batch_stats"]

    opt = optax.sgd(learning_rate=learning_rate, momentum=momentum, nesterov=True)
    # We need has_aux=True because loss_fun returns batch_stats.
    solver = OptaxSolver(opt=opt, fun=loss_fun, maxiter=epochs * iter_per_epoch, has_aux=True)

    rng = jax.random.PRNGKey(0)
    init_vars = net.init(rng, jnp.zeros(input_shape), train=True)
    params = init_vars["params"]
    batch_stats = init_vars["batch_stats"]
    start = datetime.now().replace(microsecond=0)

    # Run training loop.
    state = solver.init_state(params, l2reg=l2reg, data=next(train_ds), aux=batch_stats)
    jitted_update = jax.jit(solver.update)
    epochs_printed = 0
    for _ in range(solver.maxiter):
        train_minibatch = next(train_ds)
        if state.iter_num % iter_per_epoch == iter_per_epoch - 1:
            # Once per epoch evaluate the model on the train and test sets.
            train_acc, train_loss = accuracy_and_loss(params, l2reg, train_minibatch, batch_stats)
            test_acc, test_loss = accuracy_and_loss(params, l2reg, next(test_ds), batch_stats)
            train_acc = jax.device_get(train_acc)
            test_acc = jax.device_get(test_acc)
            time_elapsed = (datetime.now().replace(microsecond=0) - start)
            print(f"[Epoch {state.iter_num // (iter_per_epoch+1)}/{epochs}] "
                  f"Train acc: {train_acc:.3f}. Test acc: {test_acc:.3f}. "
                  f"Time elapsed: {time_elapsed}")
            epochs_printed += 1
        params, state = jitted_update(params=params,
                                      state=state,
                                      l2reg=l2reg,
                                      data=train_minibatch,
                                      aux=batch_stats)
        batch_stats = state.aux
    return params, epochs_printed


params, epochs_printed = main()
