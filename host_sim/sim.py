# The simulator (python -m host_sim sim): the real firmware and the real board module
# on the host (device.py), shown in a window where there is a display (window.py), in
# the terminal where there is none (terminal.py), or written as PNG files; a key
# script (--keys) presses the buttons in device time, so the same presses always give
# the same pictures.
import os
import sys

from host_sim import keyscript
from host_sim.device import Device, LogRefused, check_log, ROOT
from host_sim.picture import write_png


def main(args):
    session = None
    if args.log:
        try:
            session = check_log(args.log)   # before anything starts or is saved
        except LogRefused as e:
            sys.stderr.write('%s\nThe simulator did not start.\n' % e)
            return e.code
    saves = os.path.abspath(args.saves or os.path.join(ROOT, 'saves', args.board))
    os.makedirs(saves, exist_ok=True)
    script = args.keys or ''
    if args.keys_file:
        with open(args.keys_file) as f:
            script += ' ' + f.read()
    device = Device(args.board, saves, session)
    try:
        return play(device, args, script)
    finally:
        device.close()


def play(device, args, script):
    if args.png:
        os.makedirs(args.png, exist_ok=True)
        write_png(device, os.path.join(args.png, '0000.png'), args.scale)
    if script.strip():
        presses = list(keyscript.presses(script, device.names, device.board.KEYMAP))   # a bad word stops it before any press
        for i, (index, hold) in enumerate(presses, 1):
            device.press(index, hold)
            if args.png:
                write_png(device, os.path.join(args.png, '%04d.png' % i), args.scale)
        print(device.where())
        return 0
    if args.png:
        print(device.where())
        return 0
    if not args.terminal and os.environ.get('DISPLAY'):
        from host_sim.window import open_window, run_window
        root, why = open_window()
        if root is not None:
            run_window(device, args.scale, root)
            return 0
        print('No window (%s): the simulator runs in the terminal.' % why)
    if not sys.stdin.isatty():
        raise SystemExit('no display and no terminal: use --keys and --png')
    from host_sim.terminal import run_terminal
    run_terminal(device)
    return 0
