def loud() -> bool:
    print("loud ran")
    return False
x = True or loud()
print(x)
y = False or loud()
print(y)
# expect: True
# expect: loud ran
# expect: False
