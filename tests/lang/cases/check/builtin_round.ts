print(round(2.5), round(3.5), round(-0.5), round(2.675, 2), round(1.25, 1), round(7))
# expect: 2 4 0 2.67 1.2 7
