class Counter:
    def __init__(self, start, step):
        self.value = start
        self.step = step

    def advance(self, times):
        for _ in range(times):
            self.value += self.step
        return self.value


def join_all(items, sep):
    return sep.join([str(i) for i in items])
