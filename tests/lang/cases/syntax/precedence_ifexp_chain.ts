def pick(b: bool, d: bool) -> str:
    return "a" if b else "c" if d else "e"
print(pick(True, True), pick(False, True), pick(False, False))
# expect: a c e
