# source: https://www.mathworks.com/help/deeplearning/ref/deep.acceleratedfunction.html#dlarray-by-value
# framework: runtime
# The same page: "Any dlarray inputs differing only by value to a previously cached trace do
# not trigger a new trace." A loop that passes new mini-batches of one size, as dlarrays,
# reuses a single trace. Fine. Written with the runtime's API.
# label: none
# verify: len(c.accfun.misses) == 0
import numpy as np

from acclint.runtime import dlaccelerate, dlarray
from acclint.runtime import sum as dlsum


def modelLoss(X):
    return dlsum(X * X)


accfun = dlaccelerate(modelLoss)
for iteration in range(10):
    X = dlarray(np.random.rand(3))
    loss = accfun(X)
