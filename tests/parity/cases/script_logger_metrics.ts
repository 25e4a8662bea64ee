# Per-module loggers with their own handler and format, an evaluation loop over a DataLoader
# with a logged accuracy per batch group, exception() in an error path, and the metrics printed
# as one JSON line per epoch (what log collectors read).
import json
import logging
import sys

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

log = logging.getLogger("trainer")
log.setLevel(logging.INFO)
handler = logging.StreamHandler(sys.stdout)
handler.setFormatter(logging.Formatter("[%(name)s|%(levelname)s] %(message)s"))
log.addHandler(handler)
log.propagate = False
data_log = log.getChild("data")

torch.manual_seed(11)
features = torch.randn(64, 5)
targets = (features.sum(dim=1) > 0).long()
loader = DataLoader(TensorDataset(features, targets), batch_size=16, shuffle=True)
data_log.info("%d batches of %d", len(loader), 16)

model = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 2))
opt = torch.optim.RMSprop(model.parameters(), lr=0.01)
for epoch in range(3):
    seen = 0
    correct = 0
    total_loss = 0.0
    for xb, yb in loader:
        opt.zero_grad()
        out = model(xb)
        loss = nn.functional.cross_entropy(out, yb)
        loss.backward()
        opt.step()
        seen += yb.shape[0]
        correct += (out.argmax(1) == yb).sum().item()
        total_loss += loss.item() * yb.shape[0]
    record = {"epoch": epoch, "loss": round(total_loss / seen, 4), "accuracy": round(correct / seen, 4)}
    print(json.dumps(record))
    log.info("epoch %d done: %s", epoch, record)

try:
    model(torch.randn(2, 4))
except RuntimeError:
    log.error("a batch of the wrong width was rejected")
log.warning("finished after %d epochs", 3)
