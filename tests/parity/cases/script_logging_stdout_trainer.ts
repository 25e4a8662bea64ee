# Exercises the logging module writing to stdout (handlers, formatters, levels, child loggers) during training.
import logging
import sys

import torch
import torch.nn as nn


def setup_logger(name: str, level=logging.INFO) -> logging.Logger:
    logger = logging.getLogger(name)
    logger.setLevel(level)
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(logging.Formatter("%(levelname)-7s %(name)s: %(message)s"))
    logger.addHandler(handler)
    logger.propagate = False
    return logger


log = setup_logger("trainer")


class Trainer:
    def __init__(self, model, lr):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.log = logging.getLogger("trainer.loop")

    def fit(self, x, y, epochs):
        for epoch in range(epochs):
            self.opt.zero_grad()
            loss = nn.functional.cross_entropy(self.model(x), y)
            loss.backward()
            self.opt.step()
            if epoch % 4 == 0:
                self.log.info("epoch %d loss %.4f", epoch, loss.item())
            self.log.debug("debug epoch %d", epoch)
            if loss.item() > 5.0:
                self.log.warning("loss exploded: %s", loss.item())
        return loss.item()


def main():
    torch.manual_seed(47)
    log.info("starting run with %d samples", 60)
    log.debug("this debug line should be hidden")
    x = torch.randn(60, 5)
    y = (x[:, 0] + x[:, 1] > 0).long()
    model = nn.Sequential(nn.Linear(5, 10), nn.ReLU(), nn.Linear(10, 2))
    trainer = Trainer(model, lr=0.05)
    final = trainer.fit(x, y, 13)
    log.info("final loss: %.4f", final)
    print("child logger name:", trainer.log.name, "effective level:", logging.getLevelName(trainer.log.getEffectiveLevel()))

    log.setLevel(logging.DEBUG)
    trainer.fit(x, y, 2)
    log.setLevel(logging.WARNING)
    log.info("hidden info")
    log.warning("accuracy %s", f"{(model(x).argmax(1) == y).float().mean().item():.3f}")
    log.error("an error message with %s and %r", "str", "repr")

    other = logging.getLogger("metrics")
    other.setLevel(logging.INFO)
    h = logging.StreamHandler(sys.stdout)
    h.setFormatter(logging.Formatter("[%(name)s|%(levelno)d] %(message)s"))
    other.addHandler(h)
    other.propagate = False
    with torch.no_grad():
        probs = torch.softmax(model(x[:3]), dim=1)
    for i, row in enumerate(probs.tolist()):
        other.info("sample %d probs=%s", i, [round(v, 3) for v in row])
    other.critical("done")
    print("same object:", logging.getLogger("metrics") is other)
    print("level names:", logging.getLevelName(logging.INFO), logging.getLevelName(40), logging.DEBUG)
    print("isEnabledFor debug:", other.isEnabledFor(logging.DEBUG), "info:", other.isEnabledFor(logging.INFO))
    try:
        raise RuntimeError("bad batch")
    except RuntimeError as e:
        other.error("caught: %s", e)


if __name__ == "__main__":
    main()
