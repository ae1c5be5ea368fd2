# python -m host_sim replay GAME.log [--json]
# python -m host_sim sim [--board NAME] [--keys ...] [--png DIR] [--log GAME.log]
# python -m host_sim report GAME.log --html game.html
# python -m host_sim pull DEST [--drive PATH] [--port PORT]
import argparse
import sys

import host_sim  # noqa: F401  (puts firmware/ on the import path)
from host_sim import replay

BOARDS = ('pico_display', 'pico_display2', 'tdisplay', 'oled_ssd1306', 'reverse_tft', 'macropad')


def main(argv=None):
    ap = argparse.ArgumentParser(prog='python -m host_sim',
                                 description='Trackside on a PC: the simulator, game logs.')
    sub = ap.add_subparsers(dest='command', required=True)
    rp = sub.add_parser('replay', help='replay a game log and print the standings')
    rp.add_argument('log', help='a game log (docs/log-format.md)')
    rp.add_argument('--json', action='store_true', help='print the standings as JSON')
    rr = sub.add_parser('report', help='one game as a page: standings, charts, history')
    rr.add_argument('log', help='a game log or a save (GAME.log; GAME.tail beside it is read too)')
    rr.add_argument('--html', required=True, metavar='FILE', help='the page to write')
    pl = sub.add_parser('pull', help="copy the saved games off a board (nothing on it changes)")
    pl.add_argument('dest', help='a new folder for the copies (it must not hold files yet)')
    pl.add_argument('--drive', metavar='PATH', help="a CircuitPython board's CIRCUITPY drive "
                                                    '(default: looked for where systems mount it)')
    pl.add_argument('--port', help='a MicroPython board\'s serial port for mpremote '
                                   '(default: the first board mpremote finds)')
    pl.add_argument('--mpremote', help='the mpremote to run (default: on PATH, else beside '
                                       'this Python)')
    sp = sub.add_parser('sim', help='the device in a simulator: a window, or the terminal')
    sp.add_argument('--board', default='pico_display', choices=BOARDS,
                    help='which board to simulate (default: pico_display)')
    sp.add_argument('--keys', help='press these buttons and stop, e.g. "A A Y A" '
                                   '(A- holds A; A*3 taps it three times)')
    sp.add_argument('--keys-file', help='the same, from a file')
    sp.add_argument('--png', metavar='DIR', help='write a screenshot after each key press')
    sp.add_argument('--log', help='start from this game log (it becomes a new saved game)')
    sp.add_argument('--saves', metavar='DIR', help='where the saved games live '
                                                   '(default: saves/BOARD in the project)')
    sp.add_argument('--terminal', action='store_true', help='draw in the terminal, not a window')
    sp.add_argument('--scale', type=int, default=3, help='pixels per device pixel (window, PNG)')
    args = ap.parse_args(argv)
    if args.command == 'replay':
        return replay.run(args.log, args.json, sys.stdout, sys.stderr)
    if args.command == 'report':
        from host_sim import report
        return report.run(args.log, args.html, sys.stdout, sys.stderr)
    if args.command == 'pull':
        from host_sim import pull
        return pull.run(args, sys.stdout, sys.stderr)
    if args.command == 'sim':
        from host_sim import sim
        return sim.main(args)


if __name__ == '__main__':
    sys.exit(main())
