# source: https://github.com/pytorch/pytorch/issues/123288
# framework: PyTorch
# "Logger calls in compiled code": `torch._dynamo.config.ignore_logger_methods` lets Dynamo drop
# chosen logging methods from compiled regions instead of breaking the graph on them. With the
# config set, a warning logged inside the compiled function is no longer emitted at all, on any
# call, where eagerly it is logged each call. Reduced: a function logging a warning, the method
# registered in the config, three compiled calls.
# verify: c.records == 0 and e.records == 3
import logging

import torch

logger = logging.getLogger("gen")
records = 0


class Count(logging.Handler):
    def emit(self, record):
        global records
        records += 1


logger.addHandler(Count())
torch._dynamo.config.ignore_logger_methods = {logger.warning}


@torch.compile
def step(x):
    logger.warning("Setting `pad_token_id` to `eos_token_id` for open-end generation.")  # label: ACC4
    return x + 1


for _ in range(3):
    step(torch.ones(2))
