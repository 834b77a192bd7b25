# source: blind57:torch_trace_global_dict_1
# framework: PyTorch
# A postprocessing function reads its score threshold from a module-level config dict; the
# serving wrapper traces it once, then `main()` loads a new threshold from the "config file".
# The trace kept the old threshold as a constant.
# verify: not close(c.served, c.direct)
import torch

CONFIG = {"threshold": 0.5, "top": 3}


def postprocess(scores):
    keep = scores > CONFIG["threshold"]  # label[a]: ACC6
    return torch.where(keep, scores, torch.zeros_like(scores))


class Server:
    def __init__(self, example):
        self.fn = torch.jit.trace(postprocess, example)  # label[a]

    def serve(self, batch):
        return self.fn(batch)


def load_config(overrides):
    CONFIG.update(overrides)  # label[a]


def main():
    scores = torch.linspace(0, 1, 8)
    server = Server(scores)
    load_config({"threshold": 0.2})
    return server.serve(scores), postprocess(scores)


served, direct = main()
