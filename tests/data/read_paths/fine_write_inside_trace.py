# run (jax 0.10.2: compiled and eager both print 2.0 2.0)
import jax


class Env:
    def __init__(self):
        self.pos = 2.0

    def place(self, pos):
        self.pos = pos

    def initial(self, x):
        return x * self.pos


ENV = Env()


@jax.jit
def start(x):
    ENV.place(2.0)
    return ENV.initial(x)


a = start(1.0)
b = start(1.0)
print(a, b)
