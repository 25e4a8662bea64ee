class M:
    @staticmethod
    def twice(x: int) -> int:
        return 2 * x
print(M.twice(4))
