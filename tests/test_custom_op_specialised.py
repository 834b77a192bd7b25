"""torch.compile specialises the Python numbers a custom op is given.

Property (ACC502): a parameter of a `torch.compile`d function that its body hands to a custom op
(a function defined under `torch.library.custom_op`) as a Python float is keyed by value: a
custom op takes no symbolic float, so Dynamo guards on it and does not make it dynamic after a
recompile, as it does for a number used only in tensor arithmetic or an int the op takes, so a value new on every call compiles on every call until the recompile
limit (acclint/frameworks/torch_compile.toml, `specialized_by`). Written for the dev report
fbgemm_3287 (a learning rate that grows in warm-up, handed to FBGEMM's fused optimizer op as a
`float`).

Run (torch 2.13, `backend=CompileCounter`, 10 calls): the hazards 8, 8, 8 and 8 compiles (the
limit); the look-alikes: the rate as a tensor 1, the float used only in tensor arithmetic 2
(the second compile is dynamic in it), an int handed to a custom op 2 (a SymInt), the same
float on every call 1.
"""

import pytest

from labelled import family_labels_and_findings
from test_cache_keys import HEADER

PRELUDE = """
from torch.library import custom_op

@torch.library.custom_op("acclint_demo::sgd", mutates_args=("weights",))
def sgd(weights: torch.Tensor, grad: torch.Tensor, learning_rate: float) -> None:
    weights.add_(grad, alpha=-learning_rate)

@sgd.register_fake
def _(weights, grad, learning_rate):
    return None

@custom_op("acclint_demo::shift", mutates_args=())
def shift(x: torch.Tensor, by: float) -> torch.Tensor:
    return x + by

@shift.register_fake
def _(x, by):
    return torch.empty_like(x)

@custom_op("acclint_demo::shift_i", mutates_args=())
def shift_i(x: torch.Tensor, by: int) -> torch.Tensor:
    return x + by

@shift_i.register_fake
def _(x, by):
    return torch.empty_like(x)

@torch.library.custom_op("acclint_demo::sgd_t", mutates_args=("weights",))
def sgd_t(weights: torch.Tensor, grad: torch.Tensor, learning_rate: torch.Tensor) -> None:
    weights.add_(grad * -learning_rate)

@sgd_t.register_fake
def _(weights, grad, learning_rate):
    return None

W = torch.randn(4, 3)
"""

CASES = {
    "a warm-up learning rate handed to a custom op (fbgemm_3287)": """
def train_step(grad, learning_rate):
    sgd(W, grad, learning_rate)
    return W.sum()

compiled_step = torch.compile(train_step)
for it in range(10):
    lr = 0.02 * (it + 1) / 10
    compiled_step(torch.ones(4, 3), lr)  # expect: ACC502
""",
    "a float offset handed to a custom op imported by name, decorated compile": """
@torch.compile
def moved(x, k):
    return shift(x, k) * 2

for k in range(10):
    moved(torch.ones(3), k / 2)  # expect: ACC502
""",
    "the custom op given the parameter through arithmetic, by keyword": """
@torch.compile
def update(grad, scale):
    sgd(W, grad, learning_rate=scale * 0.1)
    return W.sum()

scale = 1.0
while scale < 11.0:
    update(torch.ones(4, 3), scale)  # expect: ACC502
    scale += 1.0
""",
    "a custom op's float from a loop in a function the module calls": """
@torch.compile
def update(grad, lr):
    sgd(W, grad, lr)
    return W.sum()

def warm_up(n):
    for i in range(n):
        update(torch.ones(4, 3), 0.001 * i)  # expect: ACC502

warm_up(10)
""",
    "look-alike: the rate as a tensor (the pull request's fix)": """
@torch.compile
def update(grad, lr):
    sgd_t(W, grad, lr)
    return W.sum()

for it in range(10):
    update(torch.ones(4, 3), torch.tensor(0.002 * it))
""",
    "look-alike: the float only in tensor arithmetic": """
@torch.compile
def update(grad, lr):
    return (W - grad * lr).sum()

for it in range(10):
    update(torch.ones(4, 3), 0.002 * it)
""",
    "look-alike: an int handed to a custom op (a SymInt: dynamic after one recompile)": """
@torch.compile
def moved(x, k):
    return shift_i(x, k) * 2

for k in range(10):
    moved(torch.ones(3), k)
""",
    "look-alike: the same float on every call": """
@torch.compile
def update(grad, lr):
    sgd(W, grad, lr)
    return W.sum()

for it in range(10):
    update(torch.ones(4, 3), 0.02)
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_a_number_handed_to_a_custom_op_is_keyed_by_value(body):
    expected, found = family_labels_and_findings(HEADER + PRELUDE + body, "ACC5")
    assert found == expected
