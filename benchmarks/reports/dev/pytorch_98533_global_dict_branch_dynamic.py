# source: https://github.com/pytorch/pytorch/issues/98533
# framework: PyTorch
# "Dynamo compiled graph gets overwritten by eager in a data dependent branch when False branch
# is empty": `f` looks up `global_dict.get(x_len)` from the input's length and updates `y` only
# when found; with `dynamic=True` the compiled graph for the found branch was dropped and the
# step ran eagerly. The report itself says "the result of the code execution is correct": a
# lost speedup, not a wrong value. The reporter's `f` and size sequence, compiled dynamically.
# label: none
# verify: close(c.results, e.results)
import torch

global_dict = {
    3: 3
}


def f(x, y):
    # begin graph 0
    x_len = x.shape[-1]
    update_idx = global_dict.get(x_len, None)
    # end graph 0

    if update_idx is not None:
        # begin graph 1
        y[update_idx] += 1
        # end graph 1
    return y


f = torch.compile(f, dynamic=True)


def test(x_sizes):
    y = torch.zeros(5)
    for size_of_x in x_sizes:
        x = torch.ones(size_of_x)
        y = f(x, y)
    return y


results = [test([3, 4, 3, 5, 3]), test([4, 3, 3])]
print(results)
