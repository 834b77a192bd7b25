# spelling: framework=torch what=held_object who=method order=loop_write_call
# label: fine (compiled prints 2.0 3.0 4.0; eager prints 2.0 3.0 4.0)
import torch

X = torch.tensor(1.0)


class Env:
    def __init__(self):
        self.scale = 2.0

    def set_scale(self, v):
        self.scale = v

    def value(self):
        return self.scale  # read


env = Env()


class Wrapper:
    def __init__(self, inner):
        self._env = inner

        def run(x):
            return x * self._env.value()

        self.run = torch.compile(run)


gym = Wrapper(env)


for v in (2.0, 3.0, 4.0):
    env.set_scale(v)
    print(float(gym.run(X)))
