x: int = 1
x /= 2
# expect error: 2:1 `/=` would change the type of the target from int to float
# expect hint: declare it as a float
