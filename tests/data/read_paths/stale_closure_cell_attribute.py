# run (jax 0.10.2: compiled prints 2.0 2.0; eager prints 2.0 3.0)
import jax


class Wrapper:
    def __init__(self):
        self.lr = 2.0

        def run(x):
            return x * self.lr  # read

        self.run = jax.jit(run)


gym = Wrapper()
a = gym.run(1.0)
gym.lr = 3.0
b = gym.run(1.0)
print(a, b)
