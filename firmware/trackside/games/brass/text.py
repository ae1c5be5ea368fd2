# What the new-game screens say of Brass's settings (settings.texts):
# a line a setting, "key | label | one line of help | what each word means".
# Apart from the rules so that it is in memory only while a game is set up.
SETTINGS_TEXT = """\
rounds | Rounds per era | By edition and players (§4.1)
noloan | No-loan Rail rounds | Last Rail rounds without loans: deck empty (§4.1)
bonus | Distant bonus | Distant market bonus as income spaces or cash (§15.1) | Income spaces, Cash
distant | Distant tiles | Players say the tile turned, or the device draws (§9) | Players say, Device draws
tiles | Distant tile set | All 12 tiles, or filtered by players (§9, §17) | All 12, By players
notiles | Owed, no tiles left | Owed with no tiles left: 1 VP per £1, or nothing (§15.1) | Lose VP, Forgiven
tiebreak | Last tie-break | Order after the last re-sort, or of the last round (§15.1) | After re-sort, Last round
cubes | Coal and iron | 30 coal, 25 iron in all, or no limit as in RX18 (§1) | Limited, Endless
intro | Introductory game | Canal era only, then £4, income, L2+ tiles score (§13.4) | No, Yes"""
