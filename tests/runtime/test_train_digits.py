"""A short run of the digits training example (docs/example/train_digits.py).

The full run (15 epochs, >= 95% test accuracy) is the documented command
``python docs/example/train_digits.py``; this checks that the ported loop learns and that
its steps replay one cached trace.
"""

import importlib.util
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "example" / "train_digits.py"


def load_example():
    spec = importlib.util.spec_from_file_location("train_digits", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_short_accelerated_run_learns_and_replays_one_trace():
    result = load_example().train(epochs=3, max_steps=60)
    assert result["accuracy"] > 0.6  # chance is 0.1; the full run reaches about 0.99
    loss_function = result["loss_function"]
    assert loss_function.hit_rate == 100 * 59 / 60  # one build, then cache hits
    assert set(result["net"].state) == {"batchnormalizationlayer_3", "batchnormalizationlayer_7"}
