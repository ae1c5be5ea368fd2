# After `make check`: did the quick run import every module of the project? Reads the
# file the test processes wrote (tests/conftest.py, TRACKSIDE_SEEN) and lists every
# module of firmware/, boards/ and host_sim/ that no quick test imported. Exit 1 if any.
#
#   .venv/bin/python tools/check_seen.py SEEN_FILE
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PARTS = ('firmware', 'boards', 'host_sim')
# Modules no CPython process of the quick run imports: they run on the boards' own
# runtimes (main.py on MicroPython: tests/test_main.py; code.py and boot.py on
# CircuitPython), or only in a Tk window (the window benchmark).
ELSEWHERE = ('firmware/main.py', 'boards/cp_boot.py', 'boards/cp_code.py',
             'host_sim/bench_window.py')


def project_modules():
    out = []
    for part in PARTS:
        for base, dirs, files in os.walk(os.path.join(ROOT, part)):
            dirs[:] = [d for d in dirs if d != '__pycache__']
            for f in files:
                if f.endswith('.py'):
                    out.append(os.path.relpath(os.path.join(base, f), ROOT))
    return sorted(out)


def main(argv):
    with open(argv[1]) as f:
        seen = set(os.path.relpath(line.strip(), ROOT) for line in f if line.strip())
    missing = [m for m in project_modules() if m not in seen and m not in ELSEWHERE]
    if missing:
        print('Not imported by any quick test (make check): %s' % ', '.join(missing))
        print('Give each a quick test, or leave one of its tests unmarked (tests/conftest.py).')
        return 1
    print('make check imported all %d modules of %s.' % (len(project_modules()), ', '.join(PARTS)))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
