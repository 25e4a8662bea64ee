print(True or False and False, not True or True, not (True or True))
# expect: True True False
