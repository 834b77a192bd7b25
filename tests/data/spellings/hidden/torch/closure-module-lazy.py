# spelling: framework=torch what=closure who=module order=lazy
# label: fine (compiled prints 3.0 3.0 3.0; eager prints 3.0 3.0 3.0)
import torch

X = torch.tensor(1.0)


def main():
    scale = None

    @torch.compile
    def f(x):
        return x * scale  # read


    for step in range(3):
        if scale is None:
            scale = 3.0
        print(float(f(X)))


main()
