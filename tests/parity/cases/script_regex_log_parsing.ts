# Exercises re to write and then parse training log lines (findall, groups, named groups, sub, split).
import re

import torch
import torch.nn as nn

LINE_RE = re.compile(r"^\[epoch (\d+)/(\d+)\] step=(?P<step>\d+) loss=(?P<loss>[0-9.]+) lr=(?P<lr>[0-9.e+-]+)$")


def train_and_log(epochs: int):
    torch.manual_seed(41)
    model = nn.Linear(4, 1)
    x = torch.randn(24, 4)
    y = x.mean(dim=1, keepdim=True)
    opt = torch.optim.SGD(model.parameters(), lr=0.2)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
    lines = []
    step = 0
    for epoch in range(epochs):
        for i in range(0, 24, 8):
            opt.zero_grad()
            loss = nn.functional.mse_loss(model(x[i:i + 8]), y[i:i + 8])
            loss.backward()
            opt.step()
            step += 1
            lr = opt.param_groups[0]["lr"]
            lines.append(f"[epoch {epoch + 1}/{epochs}] step={step} loss={loss.item():.5f} lr={lr:.2e}")
        sched.step()
        lines.append(f"INFO epoch {epoch + 1} done, val_acc=0.{50 + epoch * 7}")
    return lines


def main():
    lines = train_and_log(4)
    print("\n".join(lines[:4]))
    parsed = []
    for line in lines:
        m = LINE_RE.match(line)
        if m is None:
            continue
        epoch, total = int(m.group(1)), int(m.group(2))
        parsed.append((epoch, int(m.group("step")), float(m["loss"]), float(m.group("lr"))))
    print("parsed records:", len(parsed), "of", len(lines))
    print("first:", parsed[0])
    print("last:", parsed[-1])
    print("groupdict:", LINE_RE.match(lines[0]).groupdict())
    print("span of loss:", LINE_RE.match(lines[0]).span("loss"))

    text = "\n".join(lines)
    accs = re.findall(r"val_acc=([0-9.]+)", text)
    print("val accs:", accs)
    pairs = re.findall(r"epoch (\d+)/(\d+)", lines[0])
    print("tuples:", pairs)
    lrs = sorted(set(re.findall(r"lr=(\S+)", text)), key=float, reverse=True)
    print("distinct lrs:", lrs)

    losses = torch.tensor([p[2] for p in parsed])
    print(f"loss tensor: shape={tuple(losses.shape)} min={losses.min().item():.4f} max={losses.max().item():.4f}")
    per_epoch = losses.view(4, 3).mean(dim=1)
    print("mean per epoch:", [f"{v:.4f}" for v in per_epoch.tolist()])

    masked = re.sub(r"loss=[0-9.]+", "loss=***", lines[0])
    print("sub:", masked)
    print("sub fn:", re.sub(r"\d+", lambda m: str(int(m.group()) * 10), "step 3 of 12"))
    print("split:", re.split(r"[\s=/\[\]]+", lines[0].strip("[")))
    print("search:", re.search(r"step=(\d+)", lines[5]).group(1))
    print("fullmatch:", bool(re.fullmatch(r"[a-z_]+\d*", "layer_3")), bool(re.fullmatch(r"[a-z]+", "layer3")))
    key_re = re.compile(r"^(?P<module>[\w.]+)\.(?P<kind>weight|bias)$")
    for name in ["encoder.0.weight", "head.bias", "running_mean"]:
        m = key_re.match(name)
        print(name, "->", (m.group("module"), m.group("kind")) if m else None)
    print("ignorecase:", re.findall(r"info", "INFO info Info", flags=re.IGNORECASE))
    print("escape:", re.escape("a.b*c"))
    for m in re.finditer(r"(\w+)=(\d+\.\d+)", "lr=0.10 wd=0.01 mom=0.90"):
        print("  finditer", m.group(1), float(m.group(2)), m.start())


if __name__ == "__main__":
    main()
