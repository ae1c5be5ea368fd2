# Answering the game's prompt: one entry, in the shapes every game shares
# (trackside/rules.py). An option is answered by one screen (a list, an
# amount, ticks, a form) or, for a sequence, by a screen for each question
# the game's step() asks in turn, with what has been entered so far in the
# header. Back goes one question back; a question with one legal answer is
# not asked.
# A refused entry (the rules know more than the questions) comes back to
# the last question asked, to be answered again.
from trackside.rules import NONE, AMOUNT, PICK, SUBSET, FORM, SEQUENCE, answer_words


def only_answer(q):
    # The one legal answer of a question (x, kind, ...), or None.
    kind = q[1]
    if kind == PICK and len(q[2]) == 1:
        return q[2][0][0]
    if kind == AMOUNT and q[2] == q[3]:
        return q[2]
    if kind == SUBSET and q[3] == q[4] == len(q[2]):
        return [item[0] for item in q[2]]
    if kind == FORM:
        for f in q[2]:
            if f[1] != f[2]:
                return None
        return [f[1] for f in q[2]]
    return None


class Entry:
    # actor: who makes the entry (a player, or -1 for nobody); opt: the
    # prompt's option; title: the question of a one-screen option.
    def __init__(self, app, actor, opt, title):
        self.app = app
        self.actor = actor
        self.opt = opt
        self.title = title
        self.answers = []
        self.asked = []

    def head(self):
        if self.actor < 0:
            return ''
        return self.app.session.setup['players'][self.actor] + ' '

    def start(self):
        verb, kind = self.opt[0], self.opt[1]
        if kind == NONE:
            app = self.app
            confirm = app.gui_confirm(verb)
            line = self.head() + verb
            if confirm:
                app.confirm(app.label(verb) + '?', confirm, lambda app: app.submit(line))
            else:
                app.submit(line)
        elif kind == SEQUENCE:
            self.next()
        else:
            value = only_answer(self.opt)
            if value is not None:
                self.done(value)
            else:
                self.app.question(self.title, self.opt, self.done, None, '')

    def done(self, value):
        # The answer of a one-screen option.
        verb, kind = self.opt[0], self.opt[1]
        self.app.submit(self.head() + verb + ' ' + answer_words(kind, value))

    # --- a sequence ------------------------------------------------------------------
    # One screen for the whole sequence: each question replaces the one
    # before (a screen a question kept underneath would hold a heap that a
    # Pico's game needs: 4.5 KB for a delivery with two owners, the 64-bit
    # bench). Back asks the question before again, its answer under the
    # cursor; back from the first leaves the entry. A question's answer
    # replaces the answers given after it.

    def next(self, start=None):
        # The next question the game's step() asks (its answer before under
        # the cursor: start), or the entry, when no question is left. A
        # screen of this entry's is on top if a question was asked before,
        # or this one is asked again (back).
        again = len(self.asked) > 0 or start is not None
        s = self.app.session
        while True:
            summary, q, line = s.game.step(s.setup, s.state, self.actor, self.opt[0], self.answers)
            if q is None:
                self.app.submit(self.head() + line)
                return
            value = only_answer(q)
            if value is None:
                break
            self.answers.append(value)
        n = len(self.answers)
        self.asked.append(n)
        self.app.question(q[0], q, lambda v: self.answered(n, v), self.back, summary, start, again)

    def answered(self, n, value):
        del self.answers[n:]
        self.answers.append(value)
        self.next()

    def back(self, app):
        # asked: where in the answers each question on the way here was
        # asked (the ones with one legal answer were not)
        self.asked.pop()
        if not self.asked:
            app.pop()
            return
        m = self.asked.pop()
        start = self.answers[m]
        del self.answers[m:]
        self.next(start)
