# Hyper-parameters from a JSON config (a string here, as read from a file), overridden from the
# command line, a small convolutional network trained on random images, and the metrics
# written back as sorted, indented JSON; a broken config is reported with JSONDecodeError.
import argparse
import json
import sys
from typing import Any, Dict

import torch
import torch.nn as nn

CONFIG = """
{
    "model": {"channels": 4, "kernel": 3},
    "train": {"lr": 0.05, "epochs": 3, "batch_size": 8},
    "tags": ["conv", "toy"],
    "notes": null
}
"""

parser = argparse.ArgumentParser()
parser.add_argument("--lr", type=float, default=None, help="overrides train.lr")
parser.add_argument("--epochs", type=int, default=None)
args = parser.parse_args()

config = json.loads(CONFIG)
if args.lr is not None:
    config["train"]["lr"] = args.lr
if args.epochs is not None:
    config["train"]["epochs"] = args.epochs
print(json.dumps(config, sort_keys=True))

try:
    json.loads('{"train": {"lr": 0.1,}}')
except json.JSONDecodeError as e:
    print("bad config:", e)

torch.manual_seed(7)
c = config["model"]["channels"]
k = config["model"]["kernel"]
model = nn.Sequential(nn.Conv2d(1, c, k, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(c, 3))
images = torch.randn(32, 1, 8, 8)
labels = torch.randint(0, 3, (32,))
opt = torch.optim.SGD(model.parameters(), lr=config["train"]["lr"])
bs = config["train"]["batch_size"]
metrics: Dict[str, Any] = {"loss": [], "tags": config["tags"]}
for epoch in range(config["train"]["epochs"]):
    running = 0.0
    for i in range(0, 32, bs):
        opt.zero_grad()
        loss = nn.functional.cross_entropy(model(images[i:i + bs]), labels[i:i + bs])
        loss.backward()
        opt.step()
        running += loss.item()
    metrics["loss"].append(round(running / (32 // bs), 4))
metrics["final_accuracy"] = round((model(images).argmax(1) == labels).float().mean().item(), 4)
json.dump(metrics, sys.stdout, indent=4, sort_keys=True)
print()
