# OSError and its subclasses (FileNotFoundError, FileExistsError) from the os functions, and
# AttributeError / LookupError as exception classes.
import os
try:
    os.remove("/nonexistent/x")
except FileNotFoundError as e:
    print("FileNotFoundError:", e)
try:
    os.makedirs("/tmp")
except OSError as e:
    print("OSError:", e)
try:
    raise AttributeError("no such")
except LookupError:
    print("wrong")
except AttributeError as e:
    print("AttributeError:", e)
