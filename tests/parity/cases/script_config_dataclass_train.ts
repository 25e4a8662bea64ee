# Exercises a dataclass training config, json round trip, and a small linear regression loop.
import json
from dataclasses import dataclass, field, asdict
from typing import List

import torch
import torch.nn as nn


@dataclass
class TrainConfig:
    lr: float = 0.05
    epochs: int = 20
    batch_size: int = 8
    hidden_sizes: List[int] = field(default_factory=lambda: [16, 8])
    name: str = "mlp"
    use_bias: bool = True

    def describe(self) -> str:
        return f"{self.name}: lr={self.lr}, epochs={self.epochs}, hidden={self.hidden_sizes}"


def build_model(cfg: TrainConfig, in_features: int) -> nn.Module:
    layers = []
    prev = in_features
    for h in cfg.hidden_sizes:
        layers.append(nn.Linear(prev, h, bias=cfg.use_bias))
        layers.append(nn.ReLU())
        prev = h
    layers.append(nn.Linear(prev, 1))
    return nn.Sequential(*layers)


def main():
    torch.manual_seed(0)
    cfg = TrainConfig(lr=0.01, epochs=15)
    print(cfg.describe())
    print(cfg)

    text = json.dumps(asdict(cfg), sort_keys=True)
    print("json:", text)
    restored = TrainConfig(**json.loads(text))
    print("restored equal:", restored == cfg)

    x = torch.randn(64, 4)
    w_true = torch.tensor([[1.5], [-2.0], [0.5], [3.0]])
    y = x @ w_true + 0.1 * torch.randn(64, 1)

    model = build_model(restored, 4)
    n_params = sum(p.numel() for p in model.parameters())
    print("num params:", n_params)
    opt = torch.optim.SGD(model.parameters(), lr=restored.lr, momentum=0.9)
    loss_fn = nn.MSELoss()

    for epoch in range(restored.epochs):
        perm = torch.randperm(x.size(0))
        total = 0.0
        for i in range(0, x.size(0), restored.batch_size):
            idx = perm[i:i + restored.batch_size]
            xb, yb = x[idx], y[idx]
            opt.zero_grad()
            loss = loss_fn(model(xb), yb)
            loss.backward()
            opt.step()
            total += loss.item() * xb.size(0)
        if epoch % 3 == 0 or epoch == restored.epochs - 1:
            print(f"epoch {epoch:2d} loss {total / x.size(0):.4f}")

    with torch.no_grad():
        final = loss_fn(model(x), y).item()
    print(f"final mse {final:.4f}")
    cfg2 = TrainConfig()
    cfg2.hidden_sizes.append(4)
    print("default hidden after append:", cfg2.hidden_sizes, "fresh:", TrainConfig().hidden_sizes)


if __name__ == "__main__":
    main()
