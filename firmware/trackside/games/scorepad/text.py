# What the new-game screens say of the score pad's settings (settings.texts):
# a line a setting, "key | label | one line of help | what each word means".
# Apart from the rules so that it is in memory only while a game is set up.
SETTINGS_TEXT = """\
rounds | Rounds | Rounds in the game; 0: until "End the game"
low | Winner | Most points win, or the fewest | Most points, Fewest points
min_points | Least in a round | The fewest points a player can score in a round
max_points | Most in a round | The most points a player can score in a round"""
