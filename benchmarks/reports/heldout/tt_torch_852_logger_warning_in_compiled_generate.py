# source: https://github.com/tenstorrent/tt-torch/issues/852
# framework: PyTorch
# "Disable logger level graph breaks": compiling a transformers generation step breaks the
# graph at `logger.warning(f"Setting pad_token_id to eos_token_id:{pad_token_tensor} for
# open-end generation.")` ("Logger not supported for non-export cases"), in
# `_prepare_special_tokens`; the issue points to `ignore_logger_methods` to keep the graph
# whole. The step is split in two graphs around the warning on every call. Reduced: a token
# preparation function that logs, then a linear head.
# verify: sum(c.torch.values()) >= 2 and close(c.scores, e.scores)
import logging

import torch

logger = logging.getLogger("transformers.generation.utils")
torch.manual_seed(0)
head = torch.nn.Linear(8, 8)


def _prepare_special_tokens(eos_token_tensor):
    pad_token_tensor = eos_token_tensor
    logger.warning(f"Setting `pad_token_id` to `eos_token_id`:{pad_token_tensor} for open-end generation.")  # label: ACC4
    return pad_token_tensor


@torch.compile
def generate_step(hidden, eos_token_tensor):
    scores = head(hidden)
    pad = _prepare_special_tokens(eos_token_tensor)
    return scores.softmax(-1) + pad


eos = torch.tensor(2.0)
for _ in range(3):
    scores = generate_step(torch.rand(2, 8), eos).detach().tolist()
print(scores[0][:3])
