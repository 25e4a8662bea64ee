# A training loop that reports through logging as scripts usually do: basicConfig with a level
# and a format (to stdout here, so the output is compared), a module logger, per-epoch info
# lines with %-arguments, debug lines filtered out, a warning when the loss goes up.
import logging
import sys

import torch
import torch.nn as nn

logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s: %(message)s", stream=sys.stdout)
logger = logging.getLogger("regression")

torch.manual_seed(3)
true_w = torch.tensor([[2.0], [-3.0], [0.5]])
x = torch.randn(128, 3)
y = x @ true_w + 0.1 * torch.randn(128, 1)

model = nn.Linear(3, 1)
opt = torch.optim.Adam(model.parameters(), lr=0.2)
loss_fn = nn.MSELoss()
logger.info("training %s on %d samples", model, x.shape[0])
previous = float("inf")
for epoch in range(8):
    opt.zero_grad()
    loss = loss_fn(model(x), y)
    loss.backward()
    opt.step()
    logger.debug("gradient norm %.6f", model.weight.grad.norm().item())
    logger.info("epoch %d: loss=%.4f", epoch, loss.item())
    if loss.item() > previous:
        logger.warning("loss went up at epoch %d (%.4f > %.4f)", epoch, loss.item(), previous)
    previous = loss.item()
weights = [round(w, 2) for w in model.weight.detach().flatten().tolist()]
logger.info("learned weights %s", weights)
if logger.isEnabledFor(logging.DEBUG):
    logger.info("debug is on")
logging.shutdown()
