# source: https://github.com/pytorch/pytorch/issues/38342
# framework: PyTorch
# Label: fine look-alike. The thread reports TorchScript custom RNNs running much slower with
# PyTorch 1.5; a rerun on 1.7 with the script below shows the default, profiling, legacy and
# simple executors at about the same speed ("I've rerun them, and I can't reproduce"). As to
# trace hazards the scripted forward is fine: `torch.jit.script_method` compiles the loop over
# `x.shape[1]` as a loop (not unrolled at one length), so inputs of other lengths give their
# own results. The module is the thread's (on CPU, `device="cpu"` for `"cuda"`); the timing
# driver that switches executors is replaced by calls at two sequence lengths.
# label: none
# verify: close(c.out_short, c.model.h_init + 3.0) and close(c.out_long, c.model.h_init + 7.0)
import torch
import torch.nn as nn
import time


class custom_rnn(torch.jit.ScriptModule):

    def __init__(
        self,
        input_size,
        hidden_size,
        num_layers,
        batch_size,
        nonlinearity="relu",
        device="cuda",
    ):

        super(custom_rnn, self).__init__()
        self.hidden_size = int(hidden_size)
        self.input_size = int(input_size)
        self.batch_size = batch_size
        self.device = device

        self.w = nn.Linear(
            self.input_size, 2 * self.hidden_size, bias=False
        ).to(device)

        # Initilizing initial state h
        self.h_init = torch.zeros(
                self.batch_size,
                self.hidden_size,
                requires_grad=False,
                device=self.device,
            )

    @torch.jit.script_method
    def forward(self, x):
        ht = self.h_init

        # Loop over time axis
        for k in range(x.shape[1]):
            ht = ht + 1.0
        return ht


model = custom_rnn(40, 64, 1, 8, device="cpu")
num_steps = 10
for step in range(num_steps):
    out_short = model(torch.randn(8, 3, 40))
    out_long = model(torch.randn(8, 7, 40))
