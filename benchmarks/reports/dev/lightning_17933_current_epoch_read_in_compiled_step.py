# source: https://github.com/Lightning-AI/pytorch-lightning/issues/17933
# framework: PyTorch
# Label: fine look-alike, fine today. The user compiled a LightningModule with
# `torch.compile` and found `self.current_epoch` read as 0 inside `training_step` and
# `validation_step` in every epoch (correct in `on_validation_epoch_end`, which is not
# compiled). On torch 2.13 and Lightning 2.6 each epoch's steps print their own epoch: the
# compiled steps read the trainer's current epoch afresh (the print breaks the graph, and the
# guards on the read value recompile when it changes). The module is the report's; the
# optimizer, the data and the Trainer's arguments are stand-ins (the report's are cut off in
# the stored thread), and 3 epochs are run.
# label: none
# verify: all(f"current train_step epoch = {k}" in c.out for k in range(3))
import lightning.pytorch as pl
import torch
import torch.nn.functional as F


class FooModule(pl.LightningModule):
    def __init__(self):
        super().__init__()

        self.model = torch.nn.Linear(10, 1)

    def training_step(self, batch, batch_idx):
        print(f"\ncurrent train_step epoch = {self.current_epoch}")
        x, y = batch
        y_hat = torch.squeeze(self.model(x).view(1, -1))
        loss = F.binary_cross_entropy_with_logits(y_hat, y.float())
        return loss

    def validation_step(self, batch, batch_idx):
        print(f"current val_step epoch = {self.current_epoch}")
        x, y = batch
        y_hat = torch.squeeze(self.model(x).view(1, -1))
        loss = F.binary_cross_entropy_with_logits(y_hat, y.float())

    def on_validation_epoch_end(self):
        print(f"current val_end epoch = {self.current_epoch}")

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


x = torch.randn(8, 10)
y = torch.randint(0, 2, (8,))
loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(x, y), batch_size=4)
model = torch.compile(FooModule())
trainer = pl.Trainer(max_epochs=3, logger=False, enable_checkpointing=False,
                     enable_progress_bar=False, enable_model_summary=False)
trainer.fit(model, loader, loader)
