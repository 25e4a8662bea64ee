print(str(1) + str(1.5) + str(True) + str(None) + str(-0.0))
# expect: 11.5TrueNone-0.0
