# What the new-game screens say of Steam's settings (settings.texts):
# a line a setting, "key | label | one line of help | what each word means".
# Apart from the rules so that it is in memory only while a game is set up.
SETTINGS_TEXT = """\
start | First turn | Auction for turn order, or the first-game start (§4) | Auction, First game
turns | Turns | Game length; by player count (§2), maps may differ
income_max | Top income | The top of the income track (§1 U1)
over_max | Income past top | Refused (take VP), or stopped at the top (§9.19) | Take VP, Stop at top
zero_bid | Opening bid $0 | May the first bid of the auction be $0 (§4.2 U5) | Allowed, Not allowed
capital_vp | Capital for VP | At income -10, capital for 2 VP per $5 (§7.3 U6) | Allowed, Not allowed
relaxed | Newcomers | House rule: raise money for track, or for all (§7.3) | Off, Track, Track + bills
tiebreak | Last tie-break | Lower tile number, or earlier turn order (§8 U7) | Tile number, Turn order
one_left | One player left | The game ends, or plays on to the last turn (§8 U11) | Game ends, Play on"""
