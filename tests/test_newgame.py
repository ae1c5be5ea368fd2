# The new-game screens go back exactly one step (issue 13, item 3): a
# seat's screen comes back with its choice under the cursor, a choice made
# again replaces the one before and what came after it, and pressing on
# after going back seats the players chosen, never more than the count.
from trackside.saves import Saves
from ui_play import device, press


def top(app):
    return app.stack[-1]


def test_issue_13s_presses_never_seat_more_players_than_the_count(tmp_path):
    # Steam, base, 4 players, three colours, back, then A nine times: the
    # seats are filled once each, the settings come, then the game starts.
    app, names = device('pico_display', tmp_path)
    press(app, names, 'A A A A A A B')
    assert top(app).title == 'Player 3 of 4'
    titles = []
    for _ in range(9):
        press(app, names, 'A')
        titles.append(getattr(top(app), 'title', ''))
        assert 'of 4' not in titles[-1] or int(titles[-1].split()[1]) <= 4
    assert app.session is not None
    assert app.session.setup['players'] == ['Red', 'Blue', 'Green', 'Yellow']
    assert Saves(str(tmp_path)).slots() == [1]


def test_back_goes_one_step_and_a_new_choice_replaces_the_old(tmp_path):
    app, names = device('pico_display', tmp_path)
    press(app, names, 'A A Y A')                    # Steam, base, 3 players
    press(app, names, 'A A')                        # Red, Blue
    assert top(app).title == 'Player 3 of 3'
    press(app, names, 'B')                          # back: seat 2, Blue under the cursor
    assert top(app).title == 'Player 2 of 3'
    assert top(app).items[top(app).index][1] == 'blue'
    press(app, names, 'B')                          # seat 1, Red under the cursor
    assert top(app).items[top(app).index][1] == 'red' and top(app).title.startswith('Player 1')
    press(app, names, 'Y Y Y A')                    # Yellow instead of Red
    assert top(app).title == 'Player 2 of 3'
    assert 'yellow' not in [item[1] for item in top(app).items]
    press(app, names, 'A A')                        # Red, Blue: the settings
    assert top(app).title == 'Settings'
    press(app, names, 'B')                          # back from the settings: the last seat
    assert top(app).title == 'Player 3 of 3'
    press(app, names, 'A A')                        # Blue again; Start the game
    assert app.session.setup['players'] == ['Yellow', 'Red', 'Blue']
    # and back from the first seat reaches the count, then the variant, the game
    app2, names = device('pico_display', tmp_path / 'two')
    press(app2, names, 'A A A B')
    assert top(app2).title == 'Players (3 to 6)'
    press(app2, names, 'B')
    assert top(app2).title == 'Steam'
    press(app2, names, 'B')
    assert top(app2).title == 'New game'


def test_a_typed_name_and_back_from_the_letters(tmp_path):
    # Score pad: a name typed with the buttons; back from the letters is the
    # seat again, nothing added.
    app, names = device('pico_display', tmp_path)
    press(app, names, 'Y A')                        # Score pad (one variant: no such screen)
    assert top(app).title == 'Players (2 to 8)'
    press(app, names, 'Y*2 A')                      # 2 players
    press(app, names, 'X A')                        # "Type a name" (the last item)
    assert top(app).title == 'Player 1: name'
    press(app, names, 'B')
    assert top(app).title.startswith('Player 1') and app.stack[-1].items[-1][1] is None
    press(app, names, 'A')                          # the letters again (the cursor stayed)
    press(app, names, 'A')                          # "A" (the first letter offered)
    assert top(app).word == 'A'
    press(app, names, 'X A')                        # up to OK, select
    assert top(app).title == 'Player 2 of 2'
    press(app, names, 'A A')                        # Red; Start the game
    assert app.session.setup['players'] == ['A', 'Red']


def test_a_typed_name_whose_check_cannot_be_loaded_says_so_and_keeps_the_screens(tmp_path,
                                                                                 monkeypatch):
    # The name's check is loaded when a name is typed (trackside/setupline.py): with no
    # room for it, the player is told, and the letters are still there to try again.
    from trackside.ui import newgame
    app, names = device('pico_display', tmp_path)
    press(app, names, 'Y A Y*2 A X A A')            # Score pad, 2 players, a name: "A"
    assert top(app).word == 'A'
    real = newgame.need

    def need(name):
        if name == 'trackside.setupline':
            raise MemoryError()
        return real(name)
    monkeypatch.setattr(newgame, 'need', need)
    depth = len(app.stack)
    press(app, names, 'X A')                        # OK
    assert top(app).title == 'Name' and 'ran out of working memory' in top(app).text
    press(app, names, 'A')                          # the message read
    assert len(app.stack) == depth and top(app).word == 'A'
    monkeypatch.setattr(newgame, 'need', real)
    press(app, names, 'A')                          # OK again (the cursor stayed): taken
    assert top(app).title == 'Player 2 of 2'
