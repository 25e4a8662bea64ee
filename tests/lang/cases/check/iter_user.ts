class Seq:
    def __init__(self):
        self.data = [1, 2, 3]
    def __len__(self) -> int:
        return 3
    def __getitem__(self, i: int) -> int:
        return self.data[i]
for v in Seq():
    print(v + 1)
