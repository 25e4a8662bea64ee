class Run:
    def __init__(self):
        self.count = 0
    def reset(self) -> None:
        self.count = "zero"
# expect error: 5:22 cannot assign str to attribute `count` of type int
