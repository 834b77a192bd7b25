"""A write of an attribute of the object a bound method's trace is keyed on, through any reference that holds it.

Property (ACC604): a jitted bound method's trace reads its object's attributes once; a write of
one counts wherever it goes through a reference to that object (a local of the function that
runs the trace, an attribute of another object built with it, `self.policy.temperature = t` in
a schedule made as `TemperatureSchedule(policy)`, a callback's parameter) and falls between two
calls that run the trace on it: a call of the wrapper (`t.fn(x)`) or of a method of the
object's class that makes one on its own object (`t.step(x)` calling `self.fn(x)`, to any
depth: `model.evaluate(xs)` -> `self.predict(x)` -> `self._forward(x)`). blind3
jax_hidden_kl_weight_1: `jax.jit(jax.grad(self.loss))`, an annealer holding the trainer.

Runs (jax 0.10.2): the hazards print the first value on every call (0.0 four times where the
eager weights give 0.0, 0.67, 1.33, 2.0; 1.0 three times for 1.0, 0.5, 0.33; [2.0] three times
for [2.0], [2.0], [4.0]); the look-alikes print what is due (a schedule holding another policy:
1.0; a write before the first call: 1.0 four times).
"""

import pytest

from labelled import assert_labels_match

TRAINER_REWEIGHTED = """
import jax
import jax.numpy as jnp


class Trainer:
    def __init__(self):
        self.weight = 0.0
        self.fn = jax.jit(self.loss)

    def loss(self, x):
        return jnp.sum(x) * self.weight  # expect: ACC604

    def step(self, x):
        return self.fn(x)


def main():
    trainer = Trainer()
    for epoch in range(4):
        trainer.weight = epoch / 3
        print(trainer.step(jnp.ones(2)))


main()
"""

POLICY_SCHEDULED = """
import jax
import jax.numpy as jnp


class Policy:
    def __init__(self):
        self.temperature = 1.0
        self._act = jax.jit(self.logits)

    def logits(self, obs):
        return obs / self.temperature  # expect: ACC604

    def act(self, obs):
        return jnp.argmax(self._act(obs)), self._act(obs)[0]


class TemperatureSchedule:
    def __init__(self, policy):
        self.policy = policy

    def on_step(self, step):
        self.policy.temperature = 1.0 / (1 + step)


def rollout(steps):
    policy = Policy()
    schedule = TemperatureSchedule(policy)
    for step in range(steps):
        schedule.on_step(step)
        print(policy.act(jnp.ones(3))[1])


rollout(3)
"""

PROGRAMS = {
    "a local of the function running the trace through a method calling the wrapper": TRAINER_REWEIGHTED,
    "another object built with it, its method run between two calls": POLICY_SCHEDULED,
    "a callback's parameter, the trace run two methods down": """
import jax
import jax.numpy as jnp


class Model:
    def __init__(self):
        self.scale = 1.0
        self._forward = jax.jit(self.forward)

    def forward(self, x):
        return x * self.scale  # expect: ACC604

    def predict(self, x):
        return self._forward(x)

    def evaluate(self, xs):
        return [float(self.predict(x).sum()) for x in xs]


class Rescale:
    def on_epoch_end(self, model, epoch):
        model.scale = 1.0 + epoch


def fit(model, callbacks, epochs):
    for epoch in range(epochs):
        print(model.evaluate([jnp.ones(2)]))
        for cb in callbacks:
            cb.on_epoch_end(model, epoch)


fit(Model(), [Rescale()], 3)
""",
    "fine: the schedule holds another instance": POLICY_SCHEDULED.replace("  # expect: ACC604", "").replace(
        "TemperatureSchedule(policy)", "TemperatureSchedule(Policy())  # another policy: the one acting is never written"
    ),
    "fine: written before the first call": TRAINER_REWEIGHTED.replace("  # expect: ACC604", "").replace(
        "    for epoch in range(4):\n        trainer.weight = epoch / 3\n", "    trainer.weight = 0.5  # set-up, before the first call\n    for epoch in range(4):\n"
    ),
}


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_a_write_through_a_reference_to_a_traced_methods_object(name):
    assert_labels_match(PROGRAMS[name])
