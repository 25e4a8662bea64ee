# Once the first use has typed an empty list, other element types are errors.
def f() -> None:
    xs = []
    xs.append(1)
    xs.append("two")
# expect error: 5:15 cannot append str to List[int]
