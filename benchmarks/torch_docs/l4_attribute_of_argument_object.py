# source: https://docs.pytorch.org/docs/stable/compile/programming_model.recompilation.html
# framework: PyTorch
# property: look-alike of g4: an int attribute of an object handed as an argument, new each
# pass, compiles twice (dynamic after the first recompile).
# label: none
# verify: c.torch['scaled'] <= 2
import torch


class Schedule:
    def __init__(self, step):
        self.step = step


@torch.compile
def scaled(x, sched):
    return x * (sched.step + 1)


def main():
    for i in range(10):
        scaled(torch.ones(3), Schedule(i))


main()
