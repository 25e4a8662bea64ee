# Exercises argparse with parse_args([...]), dataclass configs, json round trips of configs and training history.
import argparse
import json
from dataclasses import dataclass, asdict, field
from typing import List
import torch
import torch.nn as nn


@dataclass
class TrainConfig:
    lr: float = 0.1
    epochs: int = 3
    hidden: int = 8
    optimizer: str = "sgd"
    layers: List[int] = field(default_factory=lambda: [8, 8])
    verbose: bool = False


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description="toy trainer")
    p.add_argument("--lr", type=float, default=0.1, help="learning rate")
    p.add_argument("--epochs", type=int, default=3)
    p.add_argument("--hidden", type=int, default=8)
    p.add_argument("--optimizer", choices=["sgd", "adam"], default="sgd")
    p.add_argument("--layers", type=int, nargs="+", default=[8, 8])
    p.add_argument("--verbose", action="store_true")
    return p


def make_model(cfg: TrainConfig) -> nn.Module:
    mods = []
    d = 2
    for h in cfg.layers:
        mods += [nn.Linear(d, h), nn.ReLU()]
        d = h
    mods.append(nn.Linear(d, 1))
    return nn.Sequential(*mods)


def run(cfg: TrainConfig):
    torch.manual_seed(0)
    model = make_model(cfg)
    if cfg.optimizer == "adam":
        opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    else:
        opt = torch.optim.SGD(model.parameters(), lr=cfg.lr)
    x = torch.randn(32, 2)
    y = (x[:, :1] * x[:, 1:]).tanh()
    history = []
    for epoch in range(cfg.epochs):
        loss = nn.functional.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        history.append({"epoch": epoch, "loss": round(loss.item(), 5)})
        if cfg.verbose:
            print(f"  epoch {epoch} loss {loss.item():.5f}")
    return history


def main():
    parser = build_parser()
    argv_sets = [[], ["--lr", "0.01", "--optimizer", "adam", "--verbose"], ["--layers", "4", "4", "4", "--epochs", "2"]]
    results = {}
    for i, argv in enumerate(argv_sets):
        args = parser.parse_args(argv)
        print("args:", vars(args))
        cfg = TrainConfig(**vars(args))
        print("config:", cfg)
        history = run(cfg)
        results[f"run{i}"] = {"config": asdict(cfg), "history": history}
    text = json.dumps(results, indent=2, sort_keys=True)
    print("json lines:", len(text.splitlines()))
    back = json.loads(text)
    print("round trip equal:", back == results)
    print("run1 final:", back["run1"]["history"][-1])
    cfg2 = TrainConfig(**back["run2"]["config"])
    print("restored config equal:", cfg2 == TrainConfig(layers=[4, 4, 4], epochs=2))
    compact = json.dumps({"lr": 1e-3, "ok": True, "none": None, "t": [1, 2.5, "x"]}, separators=(",", ":"))
    print(compact)
    print(json.loads('{"a": [1, 2, {"b": null}], "c": 1.5e2}'))
    try:
        parser.parse_args(["--optimizer", "rmsprop"])
    except SystemExit as e:
        print("SystemExit code:", e.code)
    ns = argparse.Namespace(a=1, b="two")
    print(ns, ns.a, getattr(ns, "b"), hasattr(ns, "c"))


if __name__ == "__main__":
    main()
