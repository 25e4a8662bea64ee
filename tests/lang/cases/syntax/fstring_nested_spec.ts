w = 10
v = 3.14159
print(f"{v:{w}.2f}")
