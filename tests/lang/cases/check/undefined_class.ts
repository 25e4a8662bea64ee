x = Nett()
# expect error: 1:5 undefined name `Nett`
