# Only for `make check` (TRACKSIDE_SEEN=FILE, this folder on PYTHONPATH): every Python
# process the quick tests start, pytest's own and the simulator, replay and report
# commands they run, notes the project modules it imports and adds them to FILE at exit,
# so tools/check_seen.py can say that the quick run reached every module. The firmware
# lets modules go and imports them again, so sys.modules at the end would miss some: a
# finder first on sys.meta_path notes each one found and leaves the finding to the rest.
import atexit
import importlib.machinery
import os
import sys

PATH = os.environ.get('TRACKSIDE_SEEN')


class Seen:
    def __init__(self):
        self.files = set()

    def find_spec(self, name, path=None, target=None):
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is not None and spec.origin:
            self.files.add(os.path.abspath(spec.origin))
        return None


def dump():
    files = set(SEEN.files)
    for module in list(sys.modules.values()):
        f = getattr(module, '__file__', None)
        if f:
            files.add(os.path.abspath(f))
    with open(PATH, 'a') as out:
        out.write(''.join(f + '\n' for f in sorted(files)))


if PATH:
    SEEN = Seen()
    sys.meta_path.insert(0, SEEN)
    atexit.register(dump)
