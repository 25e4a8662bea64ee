# A module of comments only (_only_comments.ts) parses, checks and imports.
import _only_comments
print("imported a module of comments only")
# expect: imported a module of comments only
