# Replay a whole log (docs/log-format.md) from its text lines: what
# host_sim replay, the simulator's --log and the tests read a log by. The
# device never does (it resumes its own saves: reader.py, resume.py), so this is not
# in session.py, which the device keeps loaded.
from trackside import logfmt, unload
from trackside.rules import RuleError
from trackside.session import new_session


def replay(lines):
    # Replay a log (an iterable of text lines). Returns (session, error):
    # session is None if there is no usable setup line; error is None or
    # (line_number, line, message) for the first line the rules refuse.
    session = None
    number = 0
    for raw in lines:
        number += 1
        raw = raw.rstrip('\r\n')
        if number == 1 and raw.startswith('\ufeff'):
            raw = raw[1:]       # the byte-order mark some editors put first
        text = logfmt.unseal(raw.encode())     # bytes, or None if damaged
        try:
            if text is None:
                raise RuleError(damaged(raw))
            if session is None:
                if logfmt.words_of(text):
                    session = new_session(text.decode())
                    unload('trackside.setupline')   # (read: the actions need the room)
            else:
                session.do_text(text)
        except RuleError as e:
            return session, (number, raw.strip(), str(e) + numbered_comment(raw))
    if session is None:
        return None, (1, '', 'The log is empty: its first line must be the setup')
    return session, None


def damaged(raw):
    # Why a line's checksum fails. The device writes its 8 digits in lower
    # case; the same digits in capitals are an edit, and saying so is
    # kinder than "damaged".
    i = raw.rfind(' ~') + 2
    if i > 2 and logfmt.unseal((raw[:i] + raw[i:].lower()).encode()) is not None:
        return 'checksum is written in lower case: ~%s' % raw[i:].lower()
    return ('checksum does not match: the line was damaged or edited '
            '(an edited line needs its " ~xxxxxxxx" ending removed)')


def numbered_comment(raw):
    # "#6" in a refused line: a number written after "#", which starts a
    # comment, so the rules never saw it (a locomotive "#6" on a card is
    # written 6 in a log).
    i = raw.find('#')
    if 0 <= i < len(raw) - 1 and raw[i + 1] in '0123456789':
        return ' ("#" starts a comment: write %s, not #%s)' % (raw[i + 1], raw[i + 1])
    return ''
