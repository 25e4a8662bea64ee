import logging
import sys
import torch
import torch.nn as nn

logging.basicConfig(stream=sys.stdout, level=logging.INFO,
                    format="%(levelname)s:%(name)s: %(message)s")
logger = logging.getLogger("trainer")


class Trainer:
    def __init__(self, model, lr):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=lr)
        self.step_count = 0

    def step(self, x, y):
        self.opt.zero_grad()
        loss = nn.functional.mse_loss(self.model(x), y)
        loss.backward()
        self.opt.step()
        self.step_count += 1
        if self.step_count % 5 == 0:
            logger.info("step %d loss=%.4f", self.step_count, loss.item())
        return loss.item()


def main():
    torch.manual_seed(2)
    model = nn.Linear(2, 1)
    logger.info("model: %s", type(model).__name__)
    logger.debug("this should not appear")
    trainer = Trainer(model, 0.1)
    x = torch.randn(20, 2)
    y = x @ torch.tensor([[2.0], [-1.0]]) + 0.5
    for _ in range(20):
        last = trainer.step(x, y)
    if last > 0.01:
        logger.warning("loss still high: %.3f", last)
    else:
        logger.info("converged")
    w = model.weight.detach().squeeze().tolist()
    logger.info("weights: %s", [round(v, 2) for v in w])
    logger.info(f"bias={model.bias.item():.3f}")


if __name__ == "__main__":
    main()
