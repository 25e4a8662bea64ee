from dataclasses import dataclass, field, asdict
import json
import torch
import torch.nn as nn


@dataclass
class ModelConfig:
    in_dim: int = 4
    hidden: list = field(default_factory=lambda: [8, 8])
    dropout: float = 0.0


@dataclass
class TrainConfig:
    lr: float = 0.05
    epochs: int = 5
    model: ModelConfig = field(default_factory=ModelConfig)
    tags: list = field(default_factory=list)


def build_model(cfg):
    layers = []
    prev = cfg.in_dim
    for h in cfg.hidden:
        layers.append(nn.Linear(prev, h))
        layers.append(nn.ReLU())
        prev = h
    layers.append(nn.Linear(prev, 1))
    return nn.Sequential(*layers)


def main():
    torch.manual_seed(1)
    cfg = TrainConfig(lr=0.1, tags=["baseline"])
    cfg.model.hidden = [6, 4]
    print(cfg)
    print(json.dumps(asdict(cfg), sort_keys=True))
    model = build_model(cfg.model)
    n_params = sum(p.numel() for p in model.parameters())
    print(f"params: {n_params}")
    x = torch.randn(10, cfg.model.in_dim)
    y = (x[:, :1] > 0).float()
    opt = torch.optim.SGD(model.parameters(), lr=cfg.lr)
    for epoch in range(cfg.epochs):
        opt.zero_grad()
        loss = nn.functional.binary_cross_entropy_with_logits(model(x), y)
        loss.backward()
        opt.step()
    print("loss", round(loss.item(), 4))
    other = TrainConfig()
    print(other == TrainConfig(), other == cfg)


if __name__ == "__main__":
    main()
