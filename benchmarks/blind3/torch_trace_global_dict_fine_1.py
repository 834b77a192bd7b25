# source: blind57:torch_trace_global_dict_fine_1
# framework: PyTorch
# label: none
# The same postprocessing reads its threshold from a global config dict, but the server is
# compiled with torch.compile, which guards the dict item and recompiles after the config
# changes, so the served result follows the new threshold.
# verify: close(c.served, c.direct)
import torch

CONFIG = {"threshold": 0.5, "top": 3}


def postprocess(scores):
    keep = scores > CONFIG["threshold"]
    return torch.where(keep, scores, torch.zeros_like(scores))


class Server:
    def __init__(self):
        self.fn = torch.compile(postprocess)

    def serve(self, batch):
        return self.fn(batch)


def load_config(overrides):
    CONFIG.update(overrides)


def main():
    scores = torch.linspace(0, 1, 8)
    server = Server()
    server.serve(scores)
    load_config({"threshold": 0.2})
    return server.serve(scores), postprocess(scores)


served, direct = main()
