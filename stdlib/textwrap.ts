# textwrap: CPython 3.11's Lib/textwrap.py in Ts: TextWrapper (width, initial_indent,
# subsequent_indent, expand_tabs, replace_whitespace, fix_sentence_endings, break_long_words,
# drop_whitespace, break_on_hyphens, tabsize, max_lines, placeholder) with its wrap / fill and
# CPython's chunking regular expressions (run by stdlib/re), and the functions wrap, fill,
# shorten, dedent and indent. Differences: the regular expressions and the whitespace table are
# module-level names, not TextWrapper class attributes (Ts class attributes are constants), so
# a subclass cannot replace `wordsep_re` / `wordsep_simple_re` / `sentence_end_re` (overriding
# the methods `_split`, `_munge_whitespace`, `_fix_sentence_endings`, `_handle_long_word`,
# `_wrap_chunks` works as in CPython); TextWrapper's attributes must keep the types of its
# defaults (an int width, str indents, bools, an Optional[int] max_lines).
import re
from typing import Any, Callable, Dict, List, Optional

_whitespace = '\t\n\x0b\x0c\r '

_word_punct = r'[\w!"\'&.,?]'
_letter = r'[^\d\W]'
_ws = r'[%s]' % re.escape(_whitespace)
_nws = '[^' + _ws[1:]
# TextWrapper.wordsep_re: whitespace, em-dashes between words, words (split after the hyphen
# of a hyphenated word).
_wordsep_re = re.compile(r'''
        ( # any whitespace
          %(ws)s+
        | # em-dash between words
          (?<=%(wp)s) -{2,} (?=\w)
        | # word, possibly hyphenated
          %(nws)s+? (?:
            # hyphenated word
              -(?: (?<=%(lt)s{2}-) | (?<=%(lt)s-%(lt)s-))
              (?= %(lt)s -? %(lt)s)
            | # end of word
              (?=%(ws)s|\Z)
            | # em-dash
              (?<=%(wp)s) (?=-{2,}\w)
            )
        )''' % {'wp': _word_punct, 'lt': _letter, 'ws': _ws, 'nws': _nws}, re.VERBOSE)
# TextWrapper.wordsep_simple_re: split on whitespace only (break_on_hyphens=False).
_wordsep_simple_re = re.compile(r'(%s+)' % _ws)
# TextWrapper.sentence_end_re
_sentence_end_re = re.compile(r'[a-z]'             # lowercase letter
                              r'[\.\!\?]'          # sentence-ending punct.
                              r'[\"\']?'           # optional end-of-quote
                              r'\Z')               # end of chunk


class TextWrapper:
    def __init__(self, width: int = 70, initial_indent: str = "", subsequent_indent: str = "",
                 expand_tabs: bool = True, replace_whitespace: bool = True,
                 fix_sentence_endings: bool = False, break_long_words: bool = True,
                 drop_whitespace: bool = True, break_on_hyphens: bool = True, tabsize: int = 8,
                 *, max_lines: Optional[int] = None, placeholder: str = ' [...]'):
        self.width = width
        self.initial_indent = initial_indent
        self.subsequent_indent = subsequent_indent
        self.expand_tabs = expand_tabs
        self.replace_whitespace = replace_whitespace
        self.fix_sentence_endings = fix_sentence_endings
        self.break_long_words = break_long_words
        self.drop_whitespace = drop_whitespace
        self.break_on_hyphens = break_on_hyphens
        self.tabsize = tabsize
        self.max_lines = max_lines
        self.placeholder = placeholder

    # -- Private methods -----------------------------------------------
    # (possibly useful for subclasses to override)

    def _munge_whitespace(self, text: str) -> str:
        if self.expand_tabs:
            text = text.expandtabs(self.tabsize)
        if self.replace_whitespace:
            for ch in '\t\n\x0b\x0c\r':
                text = text.replace(ch, ' ')
        return text

    def _split(self, text: str) -> List[str]:
        chunks: List[str] = []
        if self.break_on_hyphens is True:
            chunks = _wordsep_re.split(text)
        else:
            chunks = _wordsep_simple_re.split(text)
        return [c for c in chunks if c]

    def _fix_sentence_endings(self, chunks: List[str]) -> None:
        i = 0
        while i < len(chunks) - 1:
            if chunks[i + 1] == " " and _sentence_end_re.search(chunks[i]) is not None:
                chunks[i + 1] = "  "
                i += 2
            else:
                i += 1

    def _handle_long_word(self, reversed_chunks: List[str], cur_line: List[str], cur_len: int,
                          width: int) -> None:
        # Figure out when indent is larger than the specified width, and make
        # sure at least one character is stripped off on every pass
        space_left = 1 if width < 1 else width - cur_len
        # If we're allowed to break long words, then do so: put as much
        # of the next chunk onto the current line as will fit.
        if self.break_long_words:
            end = space_left
            chunk = reversed_chunks[-1]
            if self.break_on_hyphens and len(chunk) > space_left:
                # break after last hyphen, but only if there are
                # non-hyphens before it
                hyphen = chunk.rfind('-', 0, space_left)
                if hyphen > 0:
                    for c in chunk[:hyphen]:
                        if c != '-':
                            end = hyphen + 1
                            break
            cur_line.append(chunk[:end])
            reversed_chunks[-1] = chunk[end:]
        # Otherwise, we have to preserve the long word intact.  Only add
        # it to the current line if there's nothing already there --
        # that minimizes how much we violate the width constraint.
        elif not cur_line:
            cur_line.append(reversed_chunks.pop())

    def _wrap_chunks(self, chunks: List[str]) -> List[str]:
        lines: List[str] = []
        if self.width <= 0:
            raise ValueError("invalid width %r (must be > 0)" % self.width)
        max_lines = self.max_lines
        if max_lines is not None:
            indent = self.subsequent_indent if max_lines > 1 else self.initial_indent
            if len(indent) + len(self.placeholder.lstrip()) > self.width:
                raise ValueError("placeholder too large for max width")

        # Arrange in reverse order so items can be efficiently popped
        # from a stack of chucks.
        chunks.reverse()

        while chunks:
            # Start the list of chunks that will make up the current line.
            # cur_len is just the length of all the chunks in cur_line.
            cur_line: List[str] = []
            cur_len = 0

            # Figure out which static string will prefix this line.
            indent = self.subsequent_indent if lines else self.initial_indent

            # Maximum width for this line.
            width = self.width - len(indent)

            # First chunk on line is whitespace -- drop it, unless this
            # is the very beginning of the text (ie. no lines started yet).
            if self.drop_whitespace and chunks[-1].strip() == '' and lines:
                del chunks[-1]

            while chunks:
                l = len(chunks[-1])
                # Can at least squeeze this chunk onto the current line.
                if cur_len + l <= width:
                    cur_line.append(chunks.pop())
                    cur_len += l
                # Nope, this line is full.
                else:
                    break

            # The current line is full, and the next chunk is too big to
            # fit on *any* line (not just this one).
            if chunks and len(chunks[-1]) > width:
                self._handle_long_word(chunks, cur_line, cur_len, width)
                cur_len = 0
                for c in cur_line:
                    cur_len += len(c)

            # If the last chunk on this line is all whitespace, drop it.
            if self.drop_whitespace and cur_line and cur_line[-1].strip() == '':
                cur_len -= len(cur_line[-1])
                del cur_line[-1]

            if cur_line:
                if (max_lines is None or
                        len(lines) + 1 < max_lines or
                        (not chunks or
                         self.drop_whitespace and
                         len(chunks) == 1 and
                         not chunks[0].strip()) and cur_len <= width):
                    # Convert current line back to a string and store it in
                    # list of all lines (return value).
                    lines.append(indent + ''.join(cur_line))
                else:
                    placed = False
                    while cur_line:
                        if (cur_line[-1].strip() and
                                cur_len + len(self.placeholder) <= width):
                            cur_line.append(self.placeholder)
                            lines.append(indent + ''.join(cur_line))
                            placed = True
                            break
                        cur_len -= len(cur_line[-1])
                        del cur_line[-1]
                    if not placed:
                        if lines:
                            prev_line = lines[-1].rstrip()
                            if len(prev_line) + len(self.placeholder) <= self.width:
                                lines[-1] = prev_line + self.placeholder
                                break
                        lines.append(indent + self.placeholder.lstrip())
                    break

        return lines

    def _split_chunks(self, text: str) -> List[str]:
        text = self._munge_whitespace(text)
        return self._split(text)

    # -- Public interface ----------------------------------------------

    def wrap(self, text: str) -> List[str]:
        chunks = self._split_chunks(text)
        if self.fix_sentence_endings:
            self._fix_sentence_endings(chunks)
        return self._wrap_chunks(chunks)

    def fill(self, text: str) -> str:
        return "\n".join(self.wrap(text))


# -- Convenience interface ---------------------------------------------

_OPTIONS = ["initial_indent", "subsequent_indent", "expand_tabs", "replace_whitespace",
            "fix_sentence_endings", "break_long_words", "drop_whitespace", "break_on_hyphens",
            "tabsize", "max_lines", "placeholder"]


def _check_options(kwargs: Dict[str, Any], fixed: str) -> None:
    # CPython's TypeErrors for keywords TextWrapper does not take (Ts's run-time binding
    # would name the method without its class).
    for name in kwargs:
        if name == fixed:
            raise TypeError("textwrap.TextWrapper() got multiple values for keyword argument '" +
                            name + "'")
        if name not in _OPTIONS:
            raise TypeError("TextWrapper.__init__() got an unexpected keyword argument '" + name + "'")


def wrap(text: str, width: int = 70, **kwargs: Any) -> List[str]:
    _check_options(kwargs, "")
    w = TextWrapper(width=width, **kwargs)
    return w.wrap(text)


def fill(text: str, width: int = 70, **kwargs: Any) -> str:
    _check_options(kwargs, "")
    w = TextWrapper(width=width, **kwargs)
    return w.fill(text)


def shorten(text: str, width: int, **kwargs: Any) -> str:
    _check_options(kwargs, "max_lines")
    w = TextWrapper(width=width, max_lines=1, **kwargs)
    return w.fill(' '.join(text.strip().split()))


# -- Loosely related functionality -------------------------------------

_whitespace_only_re = re.compile('^[ \t]+$', re.MULTILINE)
_leading_whitespace_re = re.compile('(^[ \t]*)(?:[^ \t\n])', re.MULTILINE)


def dedent(text: str) -> str:
    # Look for the longest leading string of spaces and tabs common to
    # all lines.
    margin: Optional[str] = None
    text = _whitespace_only_re.sub('', text)
    indents = _leading_whitespace_re.findall(text)
    for ind in indents:
        if margin is None:
            margin = ind
        # Current line more deeply indented than previous winner:
        # no change (previous winner is still on top).
        elif ind.startswith(margin):
            pass
        # Current line consistent with and no deeper than previous winner:
        # it's the new winner.
        elif margin.startswith(ind):
            margin = ind
        # Find the largest common whitespace between current line and previous
        # winner.
        else:
            m = margin
            for i in range(min(len(m), len(ind))):
                if m[i] != ind[i]:
                    margin = m[:i]
                    break
    if margin:
        text = re.sub(r'(?m)^' + margin, '', text)
    return text


def _nonblank(line: str) -> bool:
    return line.strip() != ''


def indent(text: str, prefix: str, predicate: Optional[Callable[[str], Any]] = None) -> str:
    out: List[str] = []
    for line in text.splitlines(True):
        keep = _nonblank(line) if predicate is None else predicate(line)
        out.append(prefix + line if keep else line)
    return ''.join(out)
