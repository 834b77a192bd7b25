# source: https://www.mathworks.com/help/deeplearning/ref/deep.acceleratedfunction.html
# framework: runtime
# The AcceleratedFunction page: "For other types of input, the trace depends on the values of
# the input": a numeric iteration number passed to an accelerated function in a custom
# training loop builds a new trace on every iteration. Written with the runtime's API.
# verify: len(c.accfun.misses) >= 8
from acclint.runtime import dlaccelerate, dlarray
from acclint.runtime import sum as dlsum


def modelLoss(X, iteration):
    return dlsum(X * X) / iteration


accfun = dlaccelerate(modelLoss)
X = dlarray([1.0, 2.0, 3.0])
for iteration in range(1, 11):
    loss = accfun(X, iteration)  # label: ACC5
