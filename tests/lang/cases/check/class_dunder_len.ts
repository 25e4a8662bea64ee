class Bag:
    def __init__(self):
        self.items = ["a", "b", "c"]
    def __len__(self) -> int:
        return len(self.items)
b = Bag()
print(len(b), len(b) * 2)
# expect: 3 6
