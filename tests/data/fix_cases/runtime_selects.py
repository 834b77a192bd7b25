"""Fix cases in runtime style: `dlaccelerate` functions whose branches become the runtime's
`where` (imported by the fix), one-armed and with two names."""

from acclint.crosscheck.recipes import Call, dl
from acclint.runtime import dlaccelerate, mean, relu


@dlaccelerate
def damped(x):
    y = relu(x)
    if mean(x) > 0:  # expect: ACC201
        y = y * 0.5
    return y


@dlaccelerate
def split_gain(x):
    if mean(x) < 0:  # expect: ACC201
        gain = x * 2.0
        bias = gain - 1.0
    else:
        gain = x
        bias = gain + 1.0
    return gain + bias


CALLS = {
    "damped": Call("damped", dl(4)),
    "split_gain": Call("split_gain", dl(3)),
}
