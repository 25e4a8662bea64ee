# A later call that the first call's type cannot take, and a widening that would change the
# return type earlier calls used, are errors that say where the type came from.
def scale(v, factor):
    return v * factor


def shout(word):
    return word.upper()


print(scale(2, 3))
print(scale(2.5, 2))
print(shout("a"))
print(shout(3))
# expect error: 12:13 with `v` a float, `scale` returns float, not int as for its earlier calls
# expect hint: annotate it, e.g. `v: float`, or the return type
# expect error: 14:13 argument `word` of `shout` must be str, not int
# expect hint: `word` is not annotated, so it took its type, str, from its first call
