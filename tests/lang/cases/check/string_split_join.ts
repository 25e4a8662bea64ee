parts = "a,b,,c".split(",")
print(parts, "-".join(parts), " x y ".strip(), "a b".split())
# expect: ['a', 'b', '', 'c'] a-b--c x y ['a', 'b']
