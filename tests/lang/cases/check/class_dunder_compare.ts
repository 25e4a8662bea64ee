class Ver:
    def __init__(self, major: int, minor: int):
        self.major = major
        self.minor = minor
    def __eq__(self, o: "Ver") -> bool:
        return self.major == o.major and self.minor == o.minor
    def __lt__(self, o: "Ver") -> bool:
        return self.major < o.major or (self.major == o.major and self.minor < o.minor)
a = Ver(1, 2)
b = Ver(1, 3)
print(a == b, a == Ver(1, 2), a < b, b < a)
# expect: False True True False
