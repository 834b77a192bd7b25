"""A name a function declares `global` holds the module's values as well as its own.

Property: in `def main(): global ds; ds = ds.map(parse)`, `ds` is the module's name: what the
module binds it to (a `tf.data.Dataset`) is one of its values inside `main`, so the marker the
receiver's class applies (`Dataset.map` traces `parse` once) is found as at module level. Found
by benchmarks/reports/perturb.py (rewrite R4, module code into `main()` with `global` for the
names it shares: dev tensorflow_32842 and tensorflow_60848 were lost). Python's own scoping; the
marker is the data's `tf.data.Dataset.map` (docs/contexts.md).
"""

import pytest

from labelled import family_labels_and_findings

HEADER = """
import numpy as np
import tensorflow as tf

dataset = tf.data.Dataset.from_tensor_slices({"text": ["a", "b"]})


def parse_str(features):
    return features["text"].numpy()  # expect: ACC303
"""

CASES = {
    "rebound from itself in main()": """
def main():
    global dataset
    dataset = dataset.map(parse_str)
""",
    "batched first, then mapped, in two statements": """
def build():
    global dataset
    dataset = dataset.batch(2)
    dataset = dataset.map(parse_str)
""",
    "mapped through a lambda, the global declared among others": """
def main():
    global other, dataset
    other = 1
    dataset = dataset.shuffle(4).map(lambda f: parse_str(f))
""",
}

LOOK_ALIKE = """
import numpy as np


class Records:
    def map(self, fn):
        return [fn(r) for r in [{"text": np.array([1])}]]


dataset = Records()


def parse_str(features):
    return features["text"].tolist()


def main():
    global dataset
    dataset = dataset.map(parse_str)
"""


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_a_global_name_keeps_the_module_value_inside_a_function(body):
    expected, found = family_labels_and_findings(HEADER + body, "ACC3")
    assert found == expected


def test_look_alike_a_global_bound_to_a_plain_object_is_no_dataset():
    expected, found = family_labels_and_findings(LOOK_ALIKE, "ACC3")
    assert found == expected == []
