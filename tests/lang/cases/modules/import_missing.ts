import no_such_module
# expect error: 1:8 no module named `no_such_module`
