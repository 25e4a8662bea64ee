# The main job: a small CNN (two conv layers with batch norm, dropout, two linear layers) trained
# on Fashion-MNIST with Adam, the learning rate halved each epoch. Runs unchanged under tsrun and
# under python3 with PyTorch and torchvision.
#
#   tsrun examples/fashion_mnist/train.ts [--epochs 3] [--batch-size 64] [--lr 0.002] [--workers 0]
#                                         [--seed 1] [--data DIR] [--out DIR] [--limit N]
#                                         [--resume CHECKPOINT]
#
# Data-parallel: `tsrun --nproc N examples/fashion_mnist/train.ts ...` (or N PyTorch processes
# with WORLD_SIZE, RANK, MASTER_ADDR and MASTER_PORT set) trains one model on N ranks: the model
# is wrapped in DistributedDataParallel, each rank reads its share of the training set through a
# DistributedSampler (the batch size is per rank), and rank 0 prints, evaluates and saves.
#
# DIR holds the four IDX files (.gz or raw), flat (as Debian's dataset-fashion-mnist installs
# them) or under DIR/FashionMNIST/raw/ (torchvision's layout, which python3 needs).
import os
import sys
import time
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel
from torch.utils.data import DataLoader, Subset
from torch.utils.data.distributed import DistributedSampler
from torchvision import datasets, transforms
from tqdm import tqdm
from typing import Dict, List, Any, Optional


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 16, 3, padding=1)
        self.bn1 = nn.BatchNorm2d(16)
        self.conv2 = nn.Conv2d(16, 32, 3, padding=1)
        self.bn2 = nn.BatchNorm2d(32)
        self.dropout = nn.Dropout(0.25)
        self.fc1 = nn.Linear(32 * 7 * 7, 128)
        self.fc2 = nn.Linear(128, 10)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = F.max_pool2d(F.relu(self.bn1(self.conv1(x))), 2)
        x = F.max_pool2d(F.relu(self.bn2(self.conv2(x))), 2)
        x = torch.flatten(x, 1)
        x = F.relu(self.fc1(x))
        return self.fc2(self.dropout(x))


def options(argv: List[str]) -> Dict[str, str]:
    opts: Dict[str, str] = {"epochs": "3", "batch-size": "64", "lr": "0.002", "workers": "0", "seed": "1",
                            "data": "/usr/share/datasets/fashion-mnist", "out": "checkpoints", "limit": "0",
                            "resume": ""}
    i = 1
    while i < len(argv):
        a = argv[i]
        if not a.startswith("--") or a[2:] not in opts or i + 1 >= len(argv):
            print("usage: train.ts [--epochs N] [--batch-size N] [--lr X] [--workers N] [--seed N] [--data DIR] "
                  "[--out DIR] [--limit N] [--resume CHECKPOINT]; bad argument: " + a)
            sys.exit(2)
        opts[a[2:]] = argv[i + 1]
        i += 2
    return opts


def evaluate(model: nn.Module, loader: DataLoader) -> float:
    model.eval()
    correct = 0
    total = 0
    with torch.no_grad():
        for images, labels in loader:
            pred = model(images).argmax(1)
            correct += int((pred == labels).sum().item())
            total += labels.size(0)
    model.train()
    return correct / total


def main() -> None:
    opts = options(sys.argv)
    epochs = int(opts["epochs"])
    batch_size = int(opts["batch-size"])
    workers = int(opts["workers"])
    limit = int(opts["limit"])
    torch.manual_seed(int(opts["seed"]))
    tf = transforms.Compose([transforms.ToTensor(), transforms.Normalize((0.2860,), (0.3530,))])
    train_set: Any = datasets.FashionMNIST(opts["data"], train=True, transform=tf)
    test_set: Any = datasets.FashionMNIST(opts["data"], train=False, transform=tf)
    if limit > 0:
        train_set = Subset(train_set, list(range(limit)))
        test_set = Subset(test_set, list(range(min(limit, 10000))))
    world = int(os.environ.get("WORLD_SIZE", "1"))
    rank = 0
    if world > 1:
        dist.init_process_group("gloo")
        rank = dist.get_rank()
    lead = rank == 0  # the rank that prints, evaluates and saves
    sampler: Optional[DistributedSampler] = None
    if world > 1:
        sampler = DistributedSampler(train_set, seed=int(opts["seed"]))
    train_loader = DataLoader(train_set, batch_size=batch_size, shuffle=sampler is None, sampler=sampler,
                              num_workers=workers)
    test_loader = DataLoader(test_set, batch_size=1000, num_workers=workers)
    net = Net()
    model: nn.Module = DistributedDataParallel(net) if world > 1 else net
    optimizer = torch.optim.Adam(model.parameters(), lr=float(opts["lr"]))
    scheduler = torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.5)  # halve the rate each epoch
    if lead:
        print(net)
        print("train {} images, test {} images, {} epochs, batch {}, {} workers, {} rank{}".format(
            len(train_set), len(test_set), epochs, batch_size, workers, world, "s" if world > 1 else ""))
    os.makedirs(opts["out"], exist_ok=True)
    path = os.path.join(opts["out"], "fashion_mnist.pt")
    first = 1
    if opts["resume"] != "":
        # Continue after the checkpoint's epoch with the same model, optimizer, schedule and
        # random state, so the losses are those of an uninterrupted run.
        ckpt = torch.load(opts["resume"])
        net.load_state_dict(ckpt["model"])
        optimizer.load_state_dict(ckpt["optimizer"])
        scheduler.load_state_dict(ckpt["scheduler"])
        torch.set_rng_state(ckpt["rng_state"])
        first = ckpt["epoch"] + 1
        if lead:
            print("resumed from {} after epoch {}".format(opts["resume"], ckpt["epoch"]))
    current = first  # the epoch running when Ctrl-C comes
    try:
        for epoch in range(first, epochs + 1):
            current = epoch
            if sampler is not None:
                sampler.set_epoch(epoch)
            start = time.perf_counter()
            seen = 0
            total_loss = 0.0
            bar = tqdm(train_loader, desc="epoch {}/{}".format(epoch, epochs), unit="batch", disable=not lead)
            for i, batch in enumerate(bar):
                images, labels = batch
                optimizer.zero_grad()
                loss = F.cross_entropy(model(images), labels)
                loss.backward()
                optimizer.step()
                seen += labels.size(0) * world
                total_loss += loss.item() * labels.size(0)
                if i % 100 == 0 and lead:
                    print("epoch {} batch {} loss {:.4f}".format(epoch, i, loss.item()))
                bar.set_postfix(loss="{:.4f}".format(loss.item()),
                                img_s="{:.0f}".format(seen / (time.perf_counter() - start)))
            bar.close()
            elapsed = time.perf_counter() - start
            scheduler.step()
            if lead:
                # The loss is rank 0's share; the accuracy is the whole test set's.
                acc = evaluate(net, test_loader)
                print("epoch {}: train loss {:.4f}, test accuracy {:.2f}%, {:.0f} images/s, {:.1f} s".format(
                    epoch, total_loss * world / seen, 100 * acc, seen / elapsed, elapsed))
                torch.save({"epoch": epoch, "model": net.state_dict(), "optimizer": optimizer.state_dict(),
                            "scheduler": scheduler.state_dict(), "rng_state": torch.get_rng_state()}, path)
    except KeyboardInterrupt:
        # Ctrl-C keeps what was learnt: the model, optimizer, schedule and random state as they
        # are, saved as the last completed epoch's, so --resume starts the interrupted epoch again
        # (from these weights). Then the run ends as Python's does, by the signal.
        if lead:
            stopped = os.path.join(opts["out"], "fashion_mnist_interrupted.pt")
            torch.save({"epoch": current - 1, "model": net.state_dict(), "optimizer": optimizer.state_dict(),
                        "scheduler": scheduler.state_dict(), "rng_state": torch.get_rng_state()}, stopped)
            print("interrupted in epoch {}: saved {}".format(current, stopped))
        raise
    if lead:
        print("checkpoint: " + path)
    if world > 1:
        dist.destroy_process_group()


if __name__ == "__main__":
    main()
