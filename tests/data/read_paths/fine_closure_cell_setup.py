# run (jax 0.10.2: compiled and eager both print 3.0 3.0)
import jax


class Wrapper:
    def __init__(self):
        self.lr = 2.0

        def run(x):
            return x * self.lr

        self.run = jax.jit(run)


gym = Wrapper()
gym.lr = 3.0
a = gym.run(1.0)
b = gym.run(1.0)
print(a, b)
