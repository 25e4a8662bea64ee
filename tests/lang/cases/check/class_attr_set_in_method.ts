class Run:
    def __init__(self):
        self.count = 0
    def start(self) -> None:
        self.label = "running"
        self.count += 1
r = Run()
r.start()
print(r.label, r.count)
# expect: running 1
