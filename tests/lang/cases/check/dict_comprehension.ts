d = {str(i): i * 1.5 for i in range(3)}
x: float = d["1"]
print(x)
