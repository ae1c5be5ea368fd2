# The text form of a game (docs/log-format.md): one line per action,
# comments, and the checksum the device adds to each line it journals. The
# setup line is setupline.py's: it is read and written when a game is opened
# or begun, not while it is played.
from trackside.rules import RuleError

FORMAT = 1           # version of this text format, written on the setup line
SESSION_VERBS = ('undo', 'redo')
SESSION_WORDS = (b'undo', b'redo')   # the same, as the words of a line
NAME_MAX = 12

try:
    from binascii import crc32 as _crc32
except ImportError:  # a port built without it: crc32_py gives the same CRC-32
    _crc32 = None

_TABLE = []
for _i in range(16):
    _c = _i
    for _k in range(4):
        _c = (_c >> 1) ^ (0xEDB88320 if _c & 1 else 0)
    _TABLE.append(_c)


def crc32_py(data, value=0):
    # CRC-32 (as zlib) four bits at a time: a 16-entry table costs 64 bytes.
    c = value ^ 0xFFFFFFFF
    t = _TABLE
    for b in data:
        c ^= b
        c = (c >> 4) ^ t[c & 15]
        c = (c >> 4) ^ t[c & 15]
    return c ^ 0xFFFFFFFF


def crc(data, value=0):
    # value: the CRC so far, to go on over more data (a chain of records)
    return (_crc32(data, value) if _crc32 else crc32_py(data, value)) & 0xFFFFFFFF


def checksum(data):
    # 8 hex digits over the record's UTF-8 bytes.
    return '%08x' % crc(data)


def seal(text):
    # The journal record for a line of text: "text ~crc32\n", as bytes.
    b = text.encode()
    return b + b' ~' + checksum(b).encode() + b'\n'


def unseal(raw):
    # raw: one record's bytes without the newline. Returns its text (bytes)
    # if the checksum is present and right, None if it is damaged, and the
    # text itself when no checksum was written (hand-written lines).
    n = len(raw)
    if n and raw[n - 1] == 13:      # a CR of a CRLF file
        raw = raw[:n - 1]
        n -= 1
    if b'#' in raw:
        return raw      # a comment: written by hand, never by the device
    if n >= 10 and raw[n - 10] == 32 and raw[n - 9] == 126:     # " ~"
        return checked(raw, n)
    i = raw.rfind(b' ~')
    if i >= 0 and n - i - 2 < 8 and _hex(raw[i + 2:]):
        return None     # a checksum cut short: the record was torn
    return raw


def checked(raw, n):
    # The text of a sealed record of n bytes, or None if the checksum fails.
    # The 8 digits are compared as written (lower case, as seal() writes
    # them): int() would let "+", "_", spaces or capitals pass for digits.
    body = raw[:n - 10]
    if raw[n - 8:n] == checksum(body).encode():
        return body
    return None


def _hex(b):
    for c in b:
        if c not in b'0123456789abcdef':
            return False
    return True


# Action lines are taken apart as bytes. On MicroPython every new str is
# looked up among the interned strings (thousands of instructions each); a
# bytes object is not. And bytes change case the same way (ASCII only) on
# MicroPython and CPython, so a log means the same thing on both.

# No number in a game has more digits than this; a longer one is refused
# before int() sees it (CPython refuses over 4,300 digits with ValueError,
# and a huge int costs a device its heap).
DIGITS_MAX = 6


def number(text):
    # A whole number written with the digits 0-9, or -1. (str.isdigit()
    # would also accept digits such as "²" that int() refuses.)
    if not text:
        return -1
    for c in text:
        if c not in '0123456789':
            return -1
    if len(text) > DIGITS_MAX:
        raise RuleError('%s... is too big a number (at most %d digits)' % (text[:DIGITS_MAX], DIGITS_MAX))
    return int(text)


def words_of(line):
    # A line's words, as bytes, without any comment; commas separate like spaces.
    if isinstance(line, str):
        line = line.encode()
    i = line.find(b'#')
    if i >= 0:
        line = line[:i]
    if b',' in line:
        line = line.replace(b',', b' ')
    return line.split()


def low(word):
    # The word in lower case, without a new object if it already is.
    return word if word.islower() else word.lower()


def txt(word):
    # A word for a message.
    try:
        return word.decode()
    except (UnicodeError, AttributeError):
        return str(word)


def amount(word, what):
    # A whole number of dollars/points; "$7" and "7" both mean 7.
    w = word[1:] if word[:1] == b'$' else word
    if w.isdigit():
        if len(w) > DIGITS_MAX:
            raise RuleError('%s is too big a number (at most %d digits)' % (what, DIGITS_MAX))
        return int(w)
    if w[:1] == b'-' and w[1:].isdigit() and w[1:].strip(b'0'):
        raise RuleError('%s cannot be below 0, not "%s"' % (what, txt(word)))
    raise RuleError('%s must be a whole number, not "%s"' % (what, txt(word)))


# --- action lines ---------------------------------------------------------

def name_keys(players):
    # The names as bytes, exactly and in lower case: what player_index
    # compares words with (the session keeps them in setup['names']).
    exact = [p.encode() for p in players]
    return exact, [e.lower() for e in exact]


def player_index(setup, word):
    # Which player a word names, or -1. Case does not matter; the exact
    # spelling, which is what the device writes, is tried first.
    exact, lower = setup.get('names') or name_keys(setup['players'])
    for i in range(len(exact)):
        if exact[i] == word:
            return i
    word = low(word)
    for i in range(len(lower)):
        if lower[i] == word:
            return i
    return -1


def parse_action(game, setup, line):
    # "Ann bid 7" -> (0, 'bid', (7,)); "income" -> (-1, 'income', ()).
    # Returns None for a line with nothing on it.
    w = words_of(line)
    return parse_words(game, setup, w) if w else None


def parse_words(game, setup, w, actor=None):
    # w: the line's words (bytes); actor: player_index(setup, w[0]), if the
    # caller has it already. The game's parse() takes the verb and the
    # words after it.
    if actor is None:
        actor = player_index(setup, w[0])
    if actor >= 0:
        if len(w) == 1:
            raise RuleError('"%s" needs an action after the name' % txt(w[0]))
        return game.parse(setup, actor, low(w[1]), w[2:])
    return game.parse(setup, actor, low(w[0]), w[1:])


def name(setup, p):
    return setup['players'][p] if p >= 0 else '-'
