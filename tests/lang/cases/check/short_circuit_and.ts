def loud() -> bool:
    print("loud ran")
    return True
x = False and loud()
print(x)
# expect: False
