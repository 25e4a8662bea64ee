# At module level too, the first use types an empty list; other element types are errors.
names = []
names.append("a")
names.append(2)
# expect error: 4:14 cannot append int to List[str]
