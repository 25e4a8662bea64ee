from helper import quadruple
# expect error: 1:20 module `helper` has no attribute `quadruple`
