class Mode:
    TRAIN = "train"
    EVAL = "eval"
    count: int = 0


class Config:
    lr = 0.1
    layers = [4, 8]

    def describe(self) -> str:
        return "lr=" + str(self.lr) + " layers=" + str(self.layers)
