import helper
from helper import double
print(helper.triple(2) + double(3))
