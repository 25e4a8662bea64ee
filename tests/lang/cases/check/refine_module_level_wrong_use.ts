# At module level too: the first use types an empty list, a later value of another type widens it.
names = []
names.append("a")
names.append(2)
print(names)
