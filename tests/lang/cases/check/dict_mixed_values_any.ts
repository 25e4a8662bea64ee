d = {"lr": 0.1, "name": "sgd", "steps": 3}
print(d, d["name"], len(d))
# expect: {'lr': 0.1, 'name': 'sgd', 'steps': 3} sgd 3
