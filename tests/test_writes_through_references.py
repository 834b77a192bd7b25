"""A write to `obj.a.b` (or an item `obj.d[k]`) of an instance of class C, made through any
reference to it (a parameter of a callback or helper, an attribute of another object holding
it) after the first call of a traced body that reads `self.a.b` of C, is a write to that read
(ACC604): the trace keeps the value it read (benchmarks/blind2 jax_hidden_cfg_attr_1,
torch_trace_temperature_attr_1, torch_trace_mix_cfg_dict_3). A write only before the first
call, one to a different instance that no trace reads, an in-place change of a tensor the
object holds, and a write of another attribute are fine."""

import textwrap

from acclint.api import lint_text


def codes(text: str) -> list[tuple[int, str]]:
    return [(f.line, f.code) for f in lint_text(textwrap.dedent(text)).findings]


AGENT = """
    import jax
    import jax.numpy as jnp

    class Config:
        def __init__(self):
            self.noise = 0.5

    class Agent:
        def __init__(self, cfg):
            self.cfg = cfg
            self.act = jax.jit(self._act)

        def _act(self, obs):
            return obs + self.cfg.noise
"""


def test_a_callback_writes_through_the_agent_it_is_handed():
    assert codes(AGENT + """
    class Decay:
        def on_epoch_end(self, agent, epoch):
            agent.cfg.noise = agent.cfg.noise * 0.5

    def run(agent, callbacks):
        for epoch in range(3):
            agent.act(jnp.ones(3))
            for cb in callbacks:
                cb.on_epoch_end(agent, epoch)

    run(Agent(Config()), [Decay()])
    """) == [(15, "ACC604")]


def test_a_helper_function_writes_through_its_parameter():
    # the helper is a module-level function, the agent a local of the training function
    assert codes(AGENT + """
    def lower(target, value):
        target.cfg.noise = value

    def train():
        agent = Agent(Config())
        for epoch in range(3):
            agent.act(jnp.ones(3))
            lower(agent, 0.1 / (epoch + 1))

    train()
    """) == [(15, "ACC604")]


def test_a_write_before_the_first_call_is_set_up():
    assert codes(AGENT + """
    class Warmup:
        def on_train_begin(self, agent):
            agent.cfg.noise = 0.9

    def run(agent, callbacks):
        for cb in callbacks:
            cb.on_train_begin(agent)
        for epoch in range(3):
            agent.act(jnp.ones(3))

    run(Agent(Config()), [Warmup()])
    """) == []


HEAD = """
    import torch
    from torch import nn

    class Head(nn.Module):
        def __init__(self):
            super().__init__()
            self.proj = nn.Linear(4, 3)
            self.temperature = 4.0
            self.register_buffer("shift", torch.zeros(3))

        def forward(self, h):
            return self.proj(h) / self.temperature + self.shift

    class Schedule:
        def __init__(self, head):
            self.head = head

        def step(self, epoch):
            self.head.temperature = 4.0 - epoch
"""


def test_a_scheduler_holding_the_module_writes_after_the_trace():
    assert codes(HEAD + """
    head = Head()
    x = torch.randn(2, 4)
    traced = torch.jit.trace(head, x)
    schedule = Schedule(head)
    for epoch in range(3):
        schedule.step(epoch)
        out = traced(x)
    """) == [(13, "ACC604")]


def test_a_trace_made_by_a_factory_function_is_built_where_it_is_bound():
    # `export` returns the marker's application: binding its result builds the trace
    assert codes(HEAD + """
    def export(module, example):
        return torch.jit.trace(module, example)

    head = Head()
    x = torch.randn(2, 4)
    traced = export(head, x)
    schedule = Schedule(head)
    schedule.step(1)
    out = traced(x)
    """) == [(13, "ACC604")]


def test_a_scheduler_holding_a_fresh_module_writes_no_traced_one():
    assert codes(HEAD + """
    head = Head()
    x = torch.randn(2, 4)
    traced = torch.jit.trace(head, x)
    schedule = Schedule(Head())
    for epoch in range(3):
        schedule.step(epoch)
        out = traced(x)
    """) == []


def test_an_in_place_tensor_change_and_another_attribute_are_fine():
    assert codes(HEAD + """
    class Shifter:
        def __init__(self, head):
            self.head = head

        def step(self, epoch):
            self.head.shift.fill_(epoch)
            self.head.label = str(epoch)

    head = Head()
    x = torch.randn(2, 4)
    traced = torch.jit.trace(head, x)
    shifter = Shifter(head)
    for epoch in range(3):
        shifter.step(epoch)
        out = traced(x)
    """) == []


def test_an_item_written_through_a_holder_of_the_traced_module():
    assert codes("""
    import torch
    from torch import nn

    class Mixer(nn.Module):
        def __init__(self, cfg):
            super().__init__()
            self.cfg = cfg
            self.a = nn.Linear(3, 3)

        def forward(self, x):
            return self.cfg["mix"] * self.a(x)

    class Evaluator:
        def __init__(self, model):
            self.model = model
            self.fast = torch.jit.trace(model, torch.ones(1, 3))

        def set_mix(self, value):
            self.model.cfg["mix"] = value

        def __call__(self, x):
            return self.fast(x)

    model = Mixer({"mix": 0.5})
    evaluator = Evaluator(model)
    evaluator.set_mix(0.9)
    out = evaluator(torch.ones(1, 3))
    """) == [(12, "ACC604")]


def test_a_holder_set_by_unpacking_and_a_factory_made_trace():
    # the blind set's spelling: `self.head, self.final = head, final`, the trace made by `export`
    assert codes(HEAD.replace("self.head = head", "self.head, self.final = head, 1.0") + """
    def export(module, example):
        return torch.jit.trace(module, example)

    head = Head()
    x = torch.randn(2, 4)
    traced = export(head, x)
    schedule = Schedule(head)
    for epoch in range(3):
        schedule.step(epoch)
    out = traced(x)
    """) == [(13, "ACC604")]


def test_a_callback_handed_a_fresh_agent_writes_no_traced_one():
    assert codes(AGENT + """
    class Decay:
        def on_epoch_end(self, agent, epoch):
            agent.cfg.noise = agent.cfg.noise * 0.5

    def run(agent, callbacks):
        for epoch in range(3):
            agent.act(jnp.ones(3))
            for cb in callbacks:
                cb.on_epoch_end(Agent(Config()), epoch)

    run(Agent(Config()), [Decay()])
    """) == []


def test_an_item_written_only_before_the_trace_is_set_up():
    assert codes("""
    import torch
    from torch import nn

    class Mixer(nn.Module):
        def __init__(self, cfg):
            super().__init__()
            self.cfg = cfg
            self.a = nn.Linear(3, 3)

        def forward(self, x):
            return self.cfg["mix"] * self.a(x)

    class Tuner:
        def __init__(self, model):
            self.model = model

        def set_mix(self, value):
            self.model.cfg["mix"] = value

    model = Mixer({"mix": 0.5})
    Tuner(model).set_mix(0.9)
    fast = torch.jit.trace(model, torch.ones(1, 3))
    out = fast(torch.ones(1, 3))
    """) == []
