import torch
import torch.nn.functional as F


def accuracy(logits, targets):
    preds = logits.argmax(dim=1)
    return (preds == targets).float().mean().item()


def one_hot(labels, num_classes):
    out = torch.zeros(labels.size(0), num_classes)
    out[torch.arange(labels.size(0)), labels] = 1.0
    return out


def batchify(data, bsz):
    nbatch = data.size(0) // bsz
    data = data[: nbatch * bsz]
    return data.view(bsz, -1).t().contiguous()


def get_batch(source, i, bptt=3):
    seq_len = min(bptt, len(source) - 1 - i)
    data = source[i : i + seq_len]
    target = source[i + 1 : i + 1 + seq_len].reshape(-1)
    return data, target


def topk_accuracy(logits, targets, ks=(1, 3)):
    maxk = max(ks)
    _, pred = logits.topk(maxk, dim=1, largest=True, sorted=True)
    pred = pred.t()
    correct = pred.eq(targets.view(1, -1).expand_as(pred))
    res = []
    for k in ks:
        correct_k = correct[:k].reshape(-1).float().sum(0)
        res.append(correct_k.item() * 100.0 / targets.size(0))
    return res


def main():
    torch.manual_seed(7)
    logits = torch.randn(8, 5)
    targets = torch.randint(0, 5, (8,))
    print("targets:", targets.tolist())
    print(f"accuracy: {accuracy(logits, targets):.4f}")
    top1, top3 = topk_accuracy(logits, targets)
    print(f"top1={top1:.2f} top3={top3:.2f}")

    oh = one_hot(targets, 5)
    print(oh)
    print("matches F.one_hot:", torch.equal(oh.long(), F.one_hot(targets, num_classes=5)))

    stream = torch.arange(26)
    batches = batchify(stream, 4)
    print("batchified shape:", tuple(batches.shape))
    print(batches)
    for i in range(0, batches.size(0) - 1, 3):
        data, target = get_batch(batches, i)
        print(i, tuple(data.shape), target.tolist())


if __name__ == "__main__":
    main()
