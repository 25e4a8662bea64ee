# Exercises custom Sampler classes (bucket-by-length), BatchSampler, SequentialSampler and DataLoader batch_sampler.
import random
import torch
from torch.utils.data import Dataset, DataLoader, Sampler, BatchSampler, SequentialSampler, RandomSampler, SubsetRandomSampler


class Sentences(Dataset):
    def __init__(self, n: int):
        rng = random.Random(0)
        self.lengths = [rng.randint(1, 9) for _ in range(n)]

    def __len__(self):
        return len(self.lengths)

    def __getitem__(self, i):
        return torch.full((self.lengths[i],), i, dtype=torch.long)


class BucketSampler(Sampler):
    def __init__(self, lengths, batch_size: int, seed: int):
        self.lengths = lengths
        self.batch_size = batch_size
        self.seed = seed

    def __iter__(self):
        order = sorted(range(len(self.lengths)), key=lambda i: (self.lengths[i], i))
        batches = [order[i:i + self.batch_size] for i in range(0, len(order), self.batch_size)]
        random.Random(self.seed).shuffle(batches)
        return iter(batches)

    def __len__(self):
        return (len(self.lengths) + self.batch_size - 1) // self.batch_size


def pad_collate(items):
    longest = max(t.numel() for t in items)
    out = torch.full((len(items), longest), -1, dtype=torch.long)
    for row, t in enumerate(items):
        out[row, : t.numel()] = t
    return out


def main():
    torch.manual_seed(0)
    ds = Sentences(14)
    print("lengths:", ds.lengths)
    print("sequential:", list(SequentialSampler(ds)))
    bs = BatchSampler(SequentialSampler(ds), batch_size=4, drop_last=False)
    print("batch sampler:", list(bs), "len", len(bs))
    bs2 = BatchSampler(range(10), batch_size=3, drop_last=True)
    print("drop_last batches:", list(bs2), len(bs2))
    g = torch.Generator().manual_seed(3)
    print("random sampler:", list(RandomSampler(ds, generator=g)))
    print("random with replacement:", list(RandomSampler(ds, replacement=True, num_samples=5, generator=g)))
    print("subset random:", sorted(SubsetRandomSampler([1, 4, 9], generator=g)))

    bucket = BucketSampler(ds.lengths, batch_size=4, seed=1)
    print("bucket batches:", list(bucket), "len", len(bucket))
    loader = DataLoader(ds, batch_sampler=bucket, collate_fn=pad_collate)
    wasted = 0
    for batch in loader:
        pad = int((batch == -1).sum().item())
        wasted += pad
        print("batch", tuple(batch.shape), "padding", pad, "ids", batch[:, 0].tolist())
    plain = DataLoader(ds, batch_size=4, shuffle=True, collate_fn=pad_collate, generator=torch.Generator().manual_seed(1))
    plain_waste = sum(int((b == -1).sum().item()) for b in plain)
    print("padding with buckets:", wasted, "with shuffle:", plain_waste)
    print("loader len:", len(loader), len(plain))
    it = iter(DataLoader(ds, batch_size=5, collate_fn=pad_collate))
    first = next(it)
    second = next(it)
    print("first two batch shapes:", tuple(first.shape), tuple(second.shape))


if __name__ == "__main__":
    main()
