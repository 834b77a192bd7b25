# run (jax 0.10.2: compiled prints [2.0, 2.0]; eager prints [2.0, 3.0])
import jax


class Env:
    def __init__(self):
        self.pos = 2.0

    def place(self, pos):
        self.pos = pos

    def initial(self, x):
        return x * self.pos  # read


class Wrapper:
    def __init__(self, env):
        self._env = env

        def start(x):
            return self._env.initial(x)

        self._start = jax.jit(start)

    def reset(self, x):
        return self._start(x)


def main():
    env = Env()
    gym = Wrapper(env)
    outs = []
    for pos in (3.0, 4.0):
        outs.append(gym.reset(1.0))
        env.place(pos)
    print(outs)


main()
