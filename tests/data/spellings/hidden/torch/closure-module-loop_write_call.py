# spelling: framework=torch what=closure who=module order=loop_write_call
# label: fine (compiled prints 2.0 3.0 4.0; eager prints 2.0 3.0 4.0)
import torch

X = torch.tensor(1.0)


def main():
    scale = 2.0

    @torch.compile
    def f(x):
        return x * scale  # read


    for v in (2.0, 3.0, 4.0):
        scale = v
        print(float(f(X)))


main()
