def double(x: int) -> int:
    return 2 * x
def triple(x: int) -> int:
    return 3 * x
if __name__ == "__main__":
    print(double(2), triple(2))
# expect: 4 6
