# Replay a whole log (docs/log-format.md) from its text lines: what
# host_sim replay, the simulator's --log and the tests read a log by. The
# device never does (it resumes its own saves: resume.py), so this is not
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
                raise RuleError('checksum does not match: the line was damaged or edited '
                                '(an edited line needs its " ~xxxxxxxx" ending removed)')
            if session is None:
                if logfmt.words_of(text):
                    session = new_session(text.decode())
                    unload('trackside.setupline')   # (read: the actions need the room)
            else:
                session.do_text(text)
        except RuleError as e:
            return session, (number, raw.strip(), str(e))
    if session is None:
        return None, (1, '', 'The log is empty: its first line must be the setup')
    return session, None
