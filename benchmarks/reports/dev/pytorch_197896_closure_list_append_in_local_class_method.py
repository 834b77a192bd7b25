# source: https://github.com/pytorch/pytorch/issues/197896
# framework: PyTorch
# A compiled function (fullgraph) creates an instance of a locally defined class and calls a
# method that appends to a list captured from the enclosing scope: eagerly the list grows on
# every call, compiled it stays empty, with no graph break or error (torch 2.14 in the
# report). The report's script is cut off in the stored thread; this follows its summary with
# its names (`make`, `state`, `Helper.touch`), for the `list.append` case. fullgraph refuses to
# run with compilation switched off, so the eager count comes from the same run.
# verify: c.n_eager == 3 and c.n != 3
import torch


def make(compiled):
    state = []

    class Helper:
        def touch(self):
            state.append(1)  # label: ACC4

    def f(x):
        Helper().touch()
        return x + 1

    if compiled:
        f = torch.compile(f, backend="eager", fullgraph=True)
    return f, state


for compiled in (False, True):
    f, state = make(compiled)
    for _ in range(3):
        f(torch.ones(2))
    if compiled:
        n = len(state)
    else:
        n_eager = len(state)
print(n_eager, n)
