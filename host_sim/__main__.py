# python -m host_sim replay GAME.log [--json]
import argparse
import sys

import host_sim  # noqa: F401  (puts firmware/ on the import path)
from host_sim import replay


def main(argv=None):
    ap = argparse.ArgumentParser(prog='python -m host_sim',
                                 description='Trackside on a PC: replay game logs.')
    sub = ap.add_subparsers(dest='command', required=True)
    rp = sub.add_parser('replay', help='replay a game log and print the standings')
    rp.add_argument('log', help='a game log (docs/log-format.md)')
    rp.add_argument('--json', action='store_true', help='print the standings as JSON')
    sub.add_parser('sim', help='the device simulator (not built yet)')
    args = ap.parse_args(argv)
    if args.command == 'replay':
        return replay.run(args.log, args.json, sys.stdout, sys.stderr)
    if args.command == 'sim':
        sys.stderr.write('The device simulator (screens and buttons) is not built yet: it '
                         'comes with issue #3.\nUntil then, write a game log and run '
                         '"python -m host_sim replay GAME.log" (see README.md).\n')
        return 2


if __name__ == '__main__':
    sys.exit(main())
