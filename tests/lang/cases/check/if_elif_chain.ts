def classify(n: int) -> str:
    if n < 0:
        return "neg"
    elif n == 0:
        return "zero"
    elif n < 10:
        return "small"
    else:
        return "big"
print(classify(-5), classify(0), classify(3), classify(42))
# expect: neg zero small big
