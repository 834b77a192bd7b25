"""Fix cases in runtime style: `dlaccelerate` functions whose branches become the runtime's
`where` (imported by the fix), one-armed and with two names."""

from acclint.crosscheck.recipes import Call, dl
from acclint.runtime import dlaccelerate, mean, relu
from acclint.runtime import ifelse


@dlaccelerate
def damped(x):
    y = relu(x)
    y = ifelse(mean(x) > 0, y * 0.5, y)  # expect: ACC201
    return y


@dlaccelerate
def split_gain(x):
    cond = mean(x) < 0  # expect: ACC201
    gain = ifelse(cond, x * 2.0, x)
    bias = ifelse(cond, gain - 1.0, gain + 1.0)
    return gain + bias


CALLS = {
    "damped": Call("damped", dl(4)),
    "split_gain": Call("split_gain", dl(3)),
}
