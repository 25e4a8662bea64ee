# Exercises an EmbeddingBag text classifier with offsets, a custom collate_fn and a DataLoader over a list dataset.
import random
import torch
import torch.nn as nn
from torch.utils.data import DataLoader

POS = ["good", "great", "fun", "happy", "love", "nice", "excellent"]
NEG = ["bad", "awful", "sad", "boring", "hate", "poor", "terrible"]
NEUTRAL = ["the", "movie", "was", "a", "plot", "and", "very", "it"]


def make_corpus(n: int, rng: random.Random):
    samples = []
    for _ in range(n):
        label = rng.randint(0, 1)
        words = [rng.choice(NEUTRAL) for _ in range(rng.randint(2, 5))]
        key = POS if label == 1 else NEG
        words += [rng.choice(key) for _ in range(rng.randint(1, 3))]
        rng.shuffle(words)
        samples.append((label, " ".join(words)))
    return samples


class TextClassifier(nn.Module):
    def __init__(self, vocab_size, embed_dim, num_class):
        super().__init__()
        self.embedding = nn.EmbeddingBag(vocab_size, embed_dim, mode="mean")
        self.fc = nn.Linear(embed_dim, num_class)
        self.init_weights()

    def init_weights(self):
        initrange = 0.5
        self.embedding.weight.data.uniform_(-initrange, initrange)
        self.fc.weight.data.uniform_(-initrange, initrange)
        self.fc.bias.data.zero_()

    def forward(self, text, offsets):
        return self.fc(self.embedding(text, offsets))


def main():
    rng = random.Random(7)
    torch.manual_seed(7)
    vocab = {w: i for i, w in enumerate(sorted(set(POS + NEG + NEUTRAL)))}
    print("vocab size", len(vocab))
    train = make_corpus(200, rng)
    test = make_corpus(50, rng)
    print("example:", train[0])

    def collate_batch(batch):
        labels, tokens, offsets = [], [], [0]
        for label, text in batch:
            ids = torch.tensor([vocab[w] for w in text.split()], dtype=torch.int64)
            labels.append(label)
            tokens.append(ids)
            offsets.append(ids.size(0))
        offsets_t = torch.tensor(offsets[:-1]).cumsum(dim=0)
        return torch.tensor(labels, dtype=torch.int64), torch.cat(tokens), offsets_t

    loader = DataLoader(train, batch_size=16, shuffle=True, collate_fn=collate_batch)
    test_loader = DataLoader(test, batch_size=25, shuffle=False, collate_fn=collate_batch)
    model = TextClassifier(len(vocab), 8, 2)
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=2.0)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, 1, gamma=0.8)

    first = next(iter(test_loader))
    print("first batch:", first[0].shape, first[1].shape, first[2][:5].tolist())
    for epoch in range(1, 6):
        model.train()
        total_acc, total_count = 0, 0
        for label, text, offsets in loader:
            optimizer.zero_grad()
            predicted = model(text, offsets)
            loss = criterion(predicted, label)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 0.1)
            optimizer.step()
            total_acc += (predicted.argmax(1) == label).sum().item()
            total_count += label.size(0)
        scheduler.step()
        model.eval()
        correct = 0
        with torch.no_grad():
            for label, text, offsets in test_loader:
                correct += (model(text, offsets).argmax(1) == label).sum().item()
        print(f"| epoch {epoch} | train acc {total_acc / total_count:.3f} | test acc {correct / len(test):.3f} | lr {scheduler.get_last_lr()[0]:.3f}")


if __name__ == "__main__":
    main()
