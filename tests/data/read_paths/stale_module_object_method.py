# run (jax 0.10.2: compiled prints 2.0 2.0; eager prints 2.0 3.0)
import jax


class Env:
    def __init__(self):
        self.pos = 2.0

    def place(self, pos):
        self.pos = pos

    def initial(self, x):
        return x * self.pos  # read


ENV = Env()


@jax.jit
def start(x):
    return ENV.initial(x)


a = start(1.0)
ENV.place(3.0)
b = start(1.0)
print(a, b)
