print(float(2), float("1.5"), float(" 2.25 "), float(False))
# expect: 2.0 1.5 2.25 0.0
