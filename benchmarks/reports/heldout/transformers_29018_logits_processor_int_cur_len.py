# source: https://github.com/huggingface/transformers/pull/29018
# framework: PyTorch
# "Make LogitsProcessor compatible with torch.compile": the PR passes `cur_len: int` to
# `__call__`; the reviewer suspects an int triggers a compile per value, and the author
# confirms "cur_len as int causes recompilation every time the processor is called". Run on
# torch 2.13 with the min-length processor compiled and called for lengths 1..12: the int becomes
# dynamic after the second value and the `if cur_len < self.min_length` test a guard on the
# comparison, so the processor compiles a few graphs, not one per length, and matches eager.
# Fine as run.
# label: none
# verify: sum(c.torch.values()) <= 4 and close(c.outs, e.outs)
import torch


class MinLengthLogitsProcessor:
    def __init__(self, min_length, eos_token_id):
        self.min_length = min_length
        self.eos_token_id = eos_token_id

    def __call__(self, input_ids, scores, cur_len: int):
        if cur_len < self.min_length:
            scores = scores.clone()
            scores[:, self.eos_token_id] = -float("inf")
        return scores


processor = MinLengthLogitsProcessor(min_length=5, eos_token_id=2)
compiled = torch.compile(processor.__call__)
torch.manual_seed(0)
scores = torch.randn(2, 10)
outs = []
for cur_len in range(1, 13):
    input_ids = torch.ones(2, cur_len, dtype=torch.long)
    outs.append(compiled(input_ids, scores, cur_len))
print(outs[0][0, 2].item(), outs[-1][0, 2].item())
