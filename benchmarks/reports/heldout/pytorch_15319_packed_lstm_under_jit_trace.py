# source: https://github.com/pytorch/pytorch/issues/15319
# framework: PyTorch
# The report's `feed_rnn`: `pack_padded_sequence`, an LSTM and `pad_packed_sequence` under
# `torch.jit.trace`, traced on a batch of 16 with `check_inputs` adding a batch of 8: the trace
# hard-coded the batch size (torch 1.0, "Graphs differed across invocations"). On torch 2.13
# the check passes and the traced function returns the plain call's result for the batch of 8
# (compared in the same run: the eager twin traces too). Fixed since: fine today. The LSTM's
# parameters are frozen (`requires_grad_(False)`): today's tracer refuses to bake parameters
# that require grad into a traced free function.
# label: none
# verify: c.same
import torch
import torch.nn as nn

torch.manual_seed(0)
a = torch.randn((8, 5, 30))
a_lengths = torch.randint(low=1, high=a.shape[1], size=(len(a),))
a_lengths, _ = torch.sort(a_lengths, descending=True)

b = torch.randn((16, 5, 30))
b_lengths = torch.randint(low=1, high=b.shape[1], size=(len(b),))
b_lengths, _ = torch.sort(b_lengths, descending=True)

lstm = nn.LSTM(30, 25, batch_first=True).requires_grad_(False)


def feed_rnn(X: torch.Tensor, sorted_lengths: torch.Tensor) -> torch.Tensor:
    X = nn.utils.rnn.pack_padded_sequence(X, sorted_lengths, batch_first=True)
    X, hidden_states = lstm(X)
    # pad_packed_sequence returns a tuple of sequences and lengths
    X, sorted_lengths = nn.utils.rnn.pad_packed_sequence(X, batch_first=True)
    return X


func = torch.jit.trace(feed_rnn, (b, b_lengths), check_inputs=[(b, b_lengths), (a, a_lengths)])
with torch.no_grad():
    plain = feed_rnn(a, a_lengths)
    try:
        traced = func(a, a_lengths)
        same = traced.shape == plain.shape and bool(torch.allclose(traced, plain, atol=1e-5))
    except RuntimeError as exc:
        traced, same = str(exc), False
print(same)
