s = "Hello"
print(s * 2, s + "!", s.upper(), s.lower(), s.startswith("He"), s.replace("l", "L"))
# expect: HelloHello Hello! HELLO hello True HeLLo
