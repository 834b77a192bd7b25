"""MATLAB's sequence-classification custom loop, ported: an LSTM on sequences of varying length.

The loop follows MATLAB's "Train Sequence Classification Network Using Custom Training Loop":
``minibatchqueue`` over an ``arrayDatastore`` of sequences, a ``MiniBatchFcn`` that pads each
mini-batch with ``padsequences``, ``sequenceInputLayer`` - ``lstmLayer(OutputMode="last")`` -
``fullyConnectedLayer`` - ``softmaxLayer``, ``dlfeval`` of the ``dlaccelerate``d model loss and
``adamupdate``. The data are synthetic (no download): each sequence has 3 channels and 4 to 24
time steps, and its class says whether its first channel drifts up or down.

It also shows the cost that ``dlaccelerate``'s documentation warns about: the trace key holds
the input's size, so every new padded length builds (and compiles) a new trace. Padding each
mini-batch to its own longest sequence gives one trace per distinct length; padding to a few
bucket lengths (multiples of ``--bucket``) gives one per bucket. Sequences are padded on the
left, so the last time step that the LSTM's ``"last"`` output reads is real data.

Run::

    python docs/example/sequence_classification.py              # both paddings, compared
    python docs/example/sequence_classification.py --epochs 2
"""

import argparse
import math
import time

import numpy as np

from acclint.runtime import (FullyConnectedLayer, LSTMLayer, SequenceInputLayer, SoftmaxLayer,
                             adamupdate, arrayDatastore, combine, crossentropy, dlaccelerate,
                             dlarray, dlfeval, dlgradient, dlnetwork, extractdata, forward,
                             hasdata, minibatchqueue, onehotdecode, onehotencode, padsequences,
                             predict, rng, shuffle)

CLASSES = np.array([0, 1])


def make_data(count, seed):
    """Sequences (3 x T, T from 4 to 24) and labels: 1 when channel 0 drifts upwards."""
    generator = np.random.default_rng(seed)
    sequences = np.empty(count, object)
    labels = generator.integers(0, 2, count)
    for i, label in enumerate(labels):
        steps = generator.integers(4, 25)
        drift = (1.0 if label else -1.0) * np.linspace(0, 1, steps)
        noise = generator.standard_normal((3, steps)) * 0.5
        sequences[i] = (noise + np.array([1.0, 0.0, 0.0])[:, None] * drift).astype(np.float32)
    return sequences, labels


def padded_batch(bucket):
    """MATLAB's MiniBatchFcn: pad to the longest sequence (or up to a multiple of ``bucket``)
    on the left, as ``C x B x T``, and one-hot targets ``C x B``."""
    def preprocess(sequences, labels):
        longest = max(s.shape[1] for s in sequences)
        length = longest if bucket is None else bucket * math.ceil(longest / bucket)
        x, _ = padsequences(sequences, 1, length=length, direction="left")
        return x.transpose(0, 2, 1), onehotencode(np.asarray(labels), 0, CLASSES)
    return preprocess


def model_loss(net, X, T):
    Y, state = forward(net, X)
    loss = crossentropy(Y, T)
    return loss, dlgradient(loss, net.learnables)


def train(bucket=None, epochs=6, train_count=256, mini_batch_size=32, seed=0):
    """Train; return the test accuracy, the number of traces built, the padded lengths seen
    and the time taken."""
    rng(seed)
    sequences, labels = make_data(train_count, seed)
    test_sequences, test_labels = make_data(128, seed + 1)
    queue = minibatchqueue(combine(arrayDatastore(sequences), arrayDatastore(labels)),
                           mini_batch_size=mini_batch_size, mini_batch_fcn=padded_batch(bucket),
                           mini_batch_format=("CBT", "CB"))
    net = dlnetwork([SequenceInputLayer(3), LSTMLayer(16, output_mode="last"),
                     FullyConnectedLayer(2), SoftmaxLayer()])
    loss_function = dlaccelerate(model_loss)
    average = average_sq = None
    iteration, lengths = 0, set()
    start = time.perf_counter()
    for _ in range(epochs):
        shuffle(queue)
        while hasdata(queue):
            X, T = next(queue)
            iteration += 1
            lengths.add(X.shape[2])
            loss, grads = dlfeval(loss_function, net, X, T)
            net, average, average_sq = adamupdate(net, grads, average, average_sq, iteration,
                                                  learn_rate=0.01)
    seconds = time.perf_counter() - start
    X, _ = padded_batch(bucket)(list(test_sequences), test_labels)
    scores = predict(net, dlarray(X, "CBT"))
    accuracy = float(np.mean(onehotdecode(scores, CLASSES, 0) == test_labels))
    traces = round(loss_function.occupancy * loss_function.cache_size / 100)
    return {"accuracy": accuracy, "traces": traces, "seconds": seconds,
            "final_loss": float(extractdata(loss)), "steps": iteration,
            "lengths": sorted(lengths)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--bucket", type=int, default=8)
    options = parser.parse_args()
    for bucket in (None, options.bucket):
        result = train(bucket, options.epochs)
        label = "longest in batch" if bucket is None else f"buckets of {bucket}"
        print(f"padding to {label:17s}: {result['traces']:3d} traces, "
              f"{result['seconds']:6.1f} s for {result['steps']} steps, "
              f"test accuracy {result['accuracy']:.3f}")


if __name__ == "__main__":
    main()
