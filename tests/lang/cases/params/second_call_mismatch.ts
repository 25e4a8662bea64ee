# A later call that widens a parameter is an error only where that changes the return type
# that earlier calls used: Ts gives each function one type per parameter.
def scale(v, factor):
    return v * factor


def shout(word):
    return word.upper()


def area(w, h) -> float:
    return w * h


print(scale(2, 3))
print(scale(2.5, 2))
print(shout("a"))
print(shout(3))
print(area(2, 3), area(2.5, 2))
# expect error: 16:13 with `v` a float, `scale` returns float, not int as for its earlier calls
# expect error: 18:13 with `word` dynamic, `shout` returns Any, not str as for its earlier calls
# expect hint: annotate the return type, or give this call its own function
