x = 3.14159
print(f"{x:.3f} {x:.0f} {x:8.2f}|")
# expect: 3.142 3     3.14|
