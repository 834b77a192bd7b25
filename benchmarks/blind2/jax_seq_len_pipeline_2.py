# source: blind56:jax_seq_len_pipeline_2
# framework: JAX
# Curriculum learning: the window length grows by one every epoch, set by a helper that reads
# the epoch, and the windows are cut by a generator. The jitted eval sees a new shape each epoch.
# verify: c.jax['eval_windows'] >= 8
import jax
import jax.numpy as jnp

SERIES = jnp.sin(jnp.arange(400.0) / 7.0)


def curriculum_length(epoch, start=8, step=1):
    return start + step * epoch


def windows(series, length, count=4):
    for i in range(count):
        yield series[i * length:(i + 1) * length]


@jax.jit
def eval_windows(w, window):
    return jnp.mean((window[1:] - w * window[:-1]) ** 2)


def run_epoch(w, epoch):
    length = curriculum_length(epoch)  # label[a]
    return [eval_windows(w, win) for win in windows(SERIES, length)]  # label[a]: ACC5


def main():
    w = jnp.float32(0.9)
    history = []
    for epoch in range(10):
        history.append(run_epoch(w, epoch))  # label[a]
    return history


history = main()
