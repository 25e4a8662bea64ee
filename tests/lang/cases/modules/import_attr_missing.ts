import helper
print(helper.quadruple(2))
# expect error: 2:14 module `helper` has no attribute `quadruple`
