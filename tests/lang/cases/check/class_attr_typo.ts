class Net:
    def __init__(self, hidden_size: int):
        self.hidden_size = hidden_size
    def size(self) -> int:
        return self.hiden_size
# expect error: 5:21 `Net` has no attribute `hiden_size`
# expect hint: did you mean `hidden_size`?
