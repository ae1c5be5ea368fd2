# What the new-game screens say of Russian Railroads' settings (settings.texts):
# a line a setting, "key | label | one line of help | what each word means".
# Apart from the rules so that it is in memory only while a game is set up.
SETTINGS_TEXT = """\
rounds | Rounds | 7 with 4 players, 6 with 2 or 3 (§2)
back1 | Pass VP, 1st | VP on the back of turn-order card 1 (§9)
back2 | Pass VP, 2nd | VP on the back of turn-order card 2 (§9)
back3 | Pass VP, 3rd | VP on the back of turn-order card 3 (§9)
back4 | Pass VP, 4th | VP on the back of turn-order card 4 (§9)
kiev8 | Kiev star 8 | Unknown: read off the board when a score needs it (§5.2)
ind_last | Industry last space | VP of its last space: 30 on the 2013 board (§8)
white_steps | White steps at TS 15 | The white track's free steps when black reaches 15 (§4.3)
skip | Skip a colour | May a colour enter a line without the one before (§4.2) | Allowed, Not allowed
extra_alone | Extra-engineer card | Alone, does it qualify for the majority (§11.2) | Qualifies alone, With one
qengineer | ? card engineer | Counted as hired for the Engineers card (§11.2) | Counts, Does not
ts3_worker | TS 3 worker | Track at TS 3, with a locomotive, for a worker (§5) | Brown (2013), Black (Ultimate)
token_doublers | Token 4 doublers | The doublers token 4 places above the TS (§12.2)
engineer_max | Engineer numbers | The highest number on an engineer tile (§12.3: 1 to 15?)"""
