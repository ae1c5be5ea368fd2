# tools/deploy.py: the steps are data (plan()), the local ones really run (mpy-cross and the
# pinned mpremote's `romfs build` into a temporary directory, then the result is imported by
# the real MicroPython as a board would, from the filesystem or from the ROMFS image), and
# the board ones are checked as commands. mpremote needs a board attached for those, so
# here a stand-in on PATH records what it would have been asked.
# Also manifest.py (freezing) and package.json (mip): both give exactly firmware/'s modules.
import binascii
import glob
import json
import os
import shlex
import stat
import sys

import pytest

from conftest import ROOT, FIRMWARE, run_micropython

sys.path.insert(0, os.path.join(ROOT, 'tools'))
import deploy  # noqa: E402

BOARDS = ('pico_display', 'pico_display2', 'tdisplay', 'oled_ssd1306')
DRIVERS = {'pico_display': ['st7789'], 'pico_display2': ['st7789', 'pico_display'],
           'tdisplay': ['st7789'], 'oled_ssd1306': []}
# drivers with viper code: shipped as source, the board compiles them for its CPU
NATIVE = {'pico_display': ['blit565', 'ink4'], 'pico_display2': ['blit565', 'ink4'],
          'tdisplay': ['blit565', 'ink4'], 'oled_ssd1306': []}


def firmware_sources():
    return sorted(os.path.relpath(p, FIRMWARE)
                  for p in glob.glob(os.path.join(FIRMWARE, '**', '*.py'), recursive=True))


def firmware_modules():
    # what a board imports as a library: everything but the scripts it runs by name
    return sorted(rel.replace(os.sep, '/') for rel in firmware_sources()
                  if rel not in ('main.py', 'boot.py'))


def local_steps(steps):
    return [s for s in steps if s[0] not in ('device', 'probe')]


def device_argv(steps):
    return [s[1] for s in steps if s[0] == 'device']


def test_every_board_module_is_offered():
    assert deploy.board_names() == sorted(BOARDS)
    assert deploy.DEFAULT_BOARD == 'pico_display'


def test_dependencies_are_found_from_the_imports():
    assert deploy.dependencies('pico_display') == (['st7789', 'blit565', 'ink4'], [])
    assert deploy.dependencies('pico_display2') == (['st7789', 'pico_display', 'blit565', 'ink4'], [])
    assert deploy.dependencies('tdisplay') == (['st7789', 'blit565', 'ink4'], [])
    assert deploy.dependencies('oled_ssd1306') == ([], ['ssd1306'])


@pytest.mark.parametrize('board', BOARDS)
def test_plan_compiles_the_firmware_and_aliases_the_board(board, tmp_path):
    build = str(tmp_path / 'b')
    steps = deploy.plan(board, build_dir=build)
    assert steps[0] == ('clean', (build,), steps[0][2])
    compiled = {}
    copied = {}
    for kind, args, what in local_steps(steps)[1:]:
        if kind == 'compile':
            assert args[0] == 'mpy-cross' and args[1] == '-o' and args[3] == '-s'
            assert args[5] == deploy.MPY_OPT == '-O3'       # (no line numbers: less RAM)
            compiled[os.path.relpath(args[2], build)] = (args[-1], args[4])
        elif kind == 'copy':
            copied[os.path.relpath(args[1], build)] = args[0]
    want = {}
    for rel in firmware_sources():
        if rel in ('main.py', 'boot.py'):
            assert copied[rel] == os.path.join(FIRMWARE, rel)     # kept as source
        else:
            # the name tracebacks give: the module's path on the board
            want[os.path.join('code', rel[:-3] + '.mpy')] = (os.path.join(FIRMWARE, rel),
                                                             rel.replace(os.sep, '/'))
    assert 'main.py' in copied
    # the board module as `board`, its local imports beside it
    want[os.path.join('code', 'board.mpy')] = (os.path.join(ROOT, 'boards', board + '.py'),
                                               'board.py')
    for name in DRIVERS[board]:
        want[os.path.join('code', name + '.mpy')] = (
            os.path.join(ROOT, 'boards', name + '.py'), name + '.py')
    assert compiled == want
    for name in NATIVE[board]:      # viper code: as source, compiled by the board
        assert copied[os.path.join('code', name + '.py')] == os.path.join(ROOT, 'boards', name + '.py')


def test_only_modules_with_viper_or_native_code_ship_as_source():
    assert deploy.native(os.path.join(ROOT, 'boards', 'blit565.py'))
    for name in ('st7789', 'pico_display', 'tdisplay', 'oled_ssd1306'):
        assert not deploy.native(os.path.join(ROOT, 'boards', name + '.py'))


def shipped(copy, build):
    assert copy[-1] == ':'
    return sorted(os.path.relpath(p, build) for p in copy[copy.index('cp') + 1:-1] if p != '-r')


def check_removal(argv):
    assert argv[:2] == ['mpremote', 'exec']
    for name in ('trackside', 'board.py', 'board.mpy', 'main.py', 'main.mpy'):
        assert '"%s"' % name in argv[2]
    assert 'saves' not in argv[2] and 'lib' not in argv[2]


@pytest.mark.parametrize('board', BOARDS)
def test_plan_device_steps_for_mpy_files(board, tmp_path):
    build = str(tmp_path / 'b')
    steps = deploy.plan(board, build_dir=build, romfs='no')
    assert not [s for s in steps if s[0] == 'local']       # no image is built
    argvs = device_argv(steps)
    mip = [['mpremote', 'mip', 'install', 'ssd1306']] if board == 'oled_ssd1306' else []
    assert argvs[:len(mip)] == mip
    clean, copy, reset = argvs[len(mip):]
    check_removal(clean)
    assert copy[:3] == ['mpremote', 'cp', '-r']
    assert shipped(copy, build) == sorted(
        ['code/board.mpy', 'main.py', 'code/trackside'] + ['code/%s.mpy' % d for d in DRIVERS[board]]
        + ['code/%s.py' % d for d in NATIVE[board]])
    assert reset == ['mpremote', 'reset']


@pytest.mark.parametrize('board', BOARDS)
def test_plan_device_steps_for_a_romfs_image(board, tmp_path):
    build = str(tmp_path / 'b')
    steps = deploy.plan(board, build_dir=build, romfs='yes')
    image = os.path.join(build, 'trackside.romfs')
    # the pinned mpremote builds the image from code/ (the .mpy files just compiled)
    assert [s[1] for s in steps if s[0] == 'local'] == [
        ['mpremote', 'romfs', '--no-mpy', '-o', image, 'build', os.path.join(build, 'code')]]
    argvs = device_argv(steps)
    mip = [['mpremote', 'mip', 'install', 'ssd1306']] if board == 'oled_ssd1306' else []
    assert argvs[:len(mip)] == mip
    clean, rom, copy, reset = argvs[len(mip):]
    check_removal(clean)        # the filesystem's old copies would shadow /rom's
    assert rom == ['mpremote', 'romfs', 'deploy', image]
    assert copy == ['mpremote', 'cp', os.path.join(build, 'main.py'), ':']    # main.py only
    assert reset == ['mpremote', 'reset']


def test_plan_auto_asks_the_board_and_has_both_branches(tmp_path):
    build = str(tmp_path / 'b')
    steps = deploy.plan('pico_display', port='/dev/ttyACM0', build_dir=build)
    kind, (argv, image, branches), what = steps[-1]
    assert kind == 'probe' and argv[:4] == ['mpremote', 'connect', '/dev/ttyACM0', 'exec']
    assert image == os.path.join(build, 'trackside.romfs')
    connect = ['mpremote', 'connect', '/dev/ttyACM0']
    yes = device_argv(deploy.plan('pico_display', port='/dev/ttyACM0', build_dir=build, romfs='yes'))
    no = device_argv(deploy.plan('pico_display', port='/dev/ttyACM0', build_dir=build, romfs='no'))
    assert device_argv(branches['romfs']) == yes
    assert device_argv(branches['mpy']) == no
    # a partition too small: an empty image first, so an old one cannot be imported
    clear = device_argv(branches['mpy-clear'])
    assert clear[0] == no[0] and clear[2:] == no[1:]
    assert clear[1] == connect + ['romfs', 'deploy', os.path.join(build, 'empty.romfs')]


def test_choose_from_what_the_probe_prints():
    assert deploy.choose('ROMFS 131072\n', 70000) == 'romfs'
    assert deploy.choose('ROMFS 131072\n', 131072) == 'romfs'
    assert deploy.choose('ROMFS 65536\n', 70000) == 'mpy-clear'
    assert deploy.choose('ROMFS 0\n', 100) == 'mpy'
    assert deploy.choose('', 100) == 'mpy'


def test_probe_reads_the_partition_size_on_micropython(tmp_path):
    # On the unix port the probe runs as it is and finds no partition. With a stand-in for
    # vfs.rom_ioctl (a built-in module cannot be patched, so the probe's code is run with
    # `vfs` bound to it) it reads both kinds of partition object: rp2's memoryview over the
    # flash, esp32's Partition with the block device ioctl (4: blocks, 5: block size).
    script = tmp_path / 'probe.py'
    script.write_text(deploy.PROBE)
    assert run_micropython([str(script)]).strip().splitlines()[-1] == 'ROMFS 0'
    fake = tmp_path / 'fake.py'
    fake.write_text(
        'import sys\n'
        'class Part:\n'
        '    def ioctl(self, op, arg):\n'
        '        return {4: 32, 5: 4096}[op]\n'
        'class Vfs:\n'
        '    kind = sys.argv[1]\n'
        '    def rom_ioctl(op, *args):\n'
        '        if Vfs.kind == "none":\n'
        '            return 0\n'
        '        if op == 1:\n'
        '            return 1\n'
        '        return memoryview(bytearray(8192)) if Vfs.kind == "rp2" else Part()\n'
        'code = open(sys.argv[2]).read().replace("import vfs", "")\n'
        'exec(code, {"vfs": Vfs})\n')
    got = [run_micropython([str(fake), kind, str(script)]).strip().splitlines()[-1]
           for kind in ('rp2', 'esp32', 'none')]
    assert got == ['ROMFS 8192', 'ROMFS 131072', 'ROMFS 0']


def test_port_and_no_compile(tmp_path):
    steps = deploy.plan('tdisplay', port='/dev/ttyUSB0', build_dir=str(tmp_path), compile=False)
    for argv in device_argv(steps):
        assert argv[:3] == ['mpremote', 'connect', '/dev/ttyUSB0']
    assert all(kind not in ('compile', 'local', 'probe') for kind, args, what in steps)
    dests = sorted(os.path.relpath(args[1], str(tmp_path)) for kind, args, what in steps
                   if kind == 'copy')
    assert 'code/board.py' in dests and 'code/st7789.py' in dests
    assert 'code/trackside/session.py' in dests
    assert '"st7789.mpy"' in device_argv(steps)[0][4]       # a stale .mpy is removed too


def test_unknown_board_is_refused():
    with pytest.raises(SystemExit):
        deploy.plan('no_such_board')


def test_dry_run_prints_runnable_commands_and_touches_nothing(tmp_path, capsys):
    build = tmp_path / 'never'
    assert deploy.main(['--board', 'oled_ssd1306', '--dry-run', '--build-dir', str(build),
                        '--port', 'COM3']) == 0
    out = capsys.readouterr().out
    assert not build.exists()
    assert 'mpremote connect COM3 mip install ssd1306' in out
    assert 'mpy-cross -o' in out and '-s board.py' in out
    assert 'mpremote romfs --no-mpy -o ' in out and 'romfs deploy' in out
    steps = deploy.plan('oled_ssd1306', port='COM3', build_dir=str(build))
    assert deploy.describe(steps) == out
    # each printed command, split as a shell would, is exactly the step's argv, the
    # commands of each branch of the board's answer too
    probe = steps[-1]
    flat = steps[1:-1] + [('device', probe[1][0], '')]
    for branch in probe[1][2].values():
        flat += branch
    for step in flat:
        argv = list(step[1]) if step[0] != 'copy' else ['cp'] + list(step[1])
        assert shlex.split(deploy.describe([step])) == argv


@pytest.fixture
def fake_mpremote(tmp_path, monkeypatch):
    # mpremote cannot talk to a board here: this stand-in records the argv of every call
    # and answers the probe with FAKE_ROMFS; `romfs build` (no board) goes to the real one.
    bindir = tmp_path / 'bin'
    bindir.mkdir()
    log = tmp_path / 'mpremote.log'
    script = bindir / 'mpremote'
    script.write_text(
        '#!%s\nimport json, os, sys\n'
        'a = sys.argv[1:]\n'
        'if a[:1] == ["romfs"] and "build" in a:\n'
        '    os.execv(%r, [%r] + a)\n'
        'open(%r, "a").write(json.dumps(a) + "\\n")\n'
        'if "exec" in a and "rom_ioctl" in a[-1]:\n'
        '    print("ROMFS", os.environ.get("FAKE_ROMFS", "0"))\n'
        % (sys.executable, _real_tool('mpremote'), _real_tool('mpremote'), str(log)))
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setattr(deploy, '_tool', lambda name: str(script) if name == 'mpremote'
                        else _real_tool(name))
    return log


_real_tool = deploy._tool


@pytest.mark.parametrize('board,partition,branch', [
    ('pico_display2', '0', 'mpy'),                  # the stock RPI_PICO firmware: no ROMFS
    ('oled_ssd1306', '1048576', 'romfs'),           # a partition the image fits in
    ('tdisplay', '4096', 'mpy-clear'),              # one it does not fit in
])
@pytest.mark.slow
def test_run_builds_really_and_calls_mpremote(board, partition, branch, tmp_path, fake_mpremote,
                                              monkeypatch):
    monkeypatch.setenv('FAKE_ROMFS', partition)
    build = tmp_path / 'build'
    out = open(os.devnull, 'w')
    steps = deploy.plan(board, port='/dev/ttyACM0', build_dir=str(build))
    deploy.run(steps, out)
    # every firmware module compiled, main.py as source, the board and its drivers
    for rel in firmware_sources():
        if rel == 'main.py':
            assert (build / 'main.py').read_bytes() == open(os.path.join(FIRMWARE, rel), 'rb').read()
            continue
        mpy = (build / 'code' / (rel[:-3] + '.mpy')).read_bytes()
        assert mpy[0:1] == b'M' and mpy[1] == 6      # .mpy format version 6
    assert (build / 'code' / 'board.mpy').exists()
    assert (build / deploy.MARKER).exists()
    assert (build / 'trackside.romfs').read_bytes()[:3] == b'\xd2\xcd\x31'    # ROMFS magic
    if branch == 'mpy-clear':
        # the image that clears a partition is a valid ROMFS with nothing in it
        script = tmp_path / 'empty.py'
        script.write_text('import vfs, os, sys\nf = open(sys.argv[1], "rb")\n'
                          'vfs.mount(vfs.VfsRom(f.read()), "/rom")\nprint(os.listdir("/rom"))\n')
        listed = run_micropython([str(script), str(build / 'empty.romfs')])
        assert listed.strip().splitlines()[-1] == '[]'
    calls = [json.loads(l) for l in fake_mpremote.read_text().splitlines()]
    probe = steps[-1][1]
    assert calls == [probe[0][1:]] + [argv[1:] for argv in device_argv(probe[2][branch])]
    # a second run empties the build directory it made
    (build / 'stale.mpy').write_bytes(b'x')
    deploy.run(local_steps(steps), out)
    assert not (build / 'stale.mpy').exists()


def test_build_dir_not_made_by_deploy_is_not_emptied(tmp_path):
    (tmp_path / 'precious.txt').write_text('keep me')
    with pytest.raises(SystemExit):
        deploy.run(deploy.plan('pico_display', build_dir=str(tmp_path))[:1], open(os.devnull, 'w'))
    assert (tmp_path / 'precious.txt').read_text() == 'keep me'


# The board's root as the unix port sees it: the filesystem (main.py's directory) and, for
# a ROMFS board, the image mounted at /rom as MicroPython mounts it at boot (vfs.VfsRom over
# the image's bytes; the unix port has VfsRom). Lists what the image holds, with a CRC of
# each file, then imports the board and Trackside from wherever they are.
MP_IMPORT = r'''
import sys, os, binascii
root, image = sys.argv[1], sys.argv[2]
sys.path.insert(0, "host_sim/shim")       # machine for the unix port
import machine
held = []
if image != "-":
    import vfs
    f = open(image, "rb")
    data = f.read()
    f.close()
    vfs.mount(vfs.VfsRom(data), "/rom")
    def walk(d, rel):
        for name in sorted(os.listdir(d)):
            p = d + "/" + name
            if os.stat(p)[0] & 0x4000:
                walk(p, rel + name + "/")
            else:
                f = open(p, "rb")
                b = f.read()
                f.close()
                held.append("%s %d %08x" % (rel + name, len(b), binascii.crc32(b) & 0xffffffff))
    walk("/rom", "")
    sys.path.insert(0, "/rom")
else:
    sys.path.insert(0, root)              # the build directory: the board's root
import st7789
st7789.sleep_ms = lambda ms: None
import board
display, buttons, led = board.open()
display.band.fill_rect(0, 0, 10, 10, 3)   # the UI's canvas: a band of the screen
before = display.bytes_written
display.show(0, 0, 10, 10)
import trackside.session
for line in held:
    print("HELD", line)
print("FAST", st7789.blit565 is not None, display.ink4 is not None)
print("|".join(str(x) for x in (board.NAME, display.width, display.height, buttons.pressed(),
      display.bytes_written - before, st7789.__file__, board.__file__,
      trackside.session.__file__)))
'''


def files_with_crc(top):
    out = []
    for d, dirs, files in os.walk(top):
        for f in files:
            p = os.path.join(d, f)
            b = open(p, 'rb').read()
            out.append('%s %d %08x' % (os.path.relpath(p, top).replace(os.sep, '/'), len(b),
                                       binascii.crc32(b) & 0xffffffff))
    return sorted(out)


@pytest.mark.slow
@pytest.mark.parametrize('board,romfs', [('pico_display', 'yes'), ('pico_display2', 'no'),
                                         ('tdisplay', 'yes')])
def test_deployed_files_import_on_micropython_as_on_a_board(board, romfs, tmp_path):
    build = tmp_path / 'root'
    deploy.run(local_steps(deploy.plan(board, build_dir=str(build), romfs=romfs)),
               open(os.devnull, 'w'))
    script = tmp_path / 'boot_check.py'
    script.write_text(MP_IMPORT)
    image = str(build / 'trackside.romfs') if romfs == 'yes' else '-'
    # the image's bytes are read into the heap here (on a board they are in flash)
    heap = '192k' if image == '-' else '%dk' % (192 + os.path.getsize(image) // 1024 + 16)
    lines = run_micropython([str(script), str(build / 'code'), image], heap=heap).strip().splitlines()
    held = sorted(l[5:] for l in lines if l.startswith('HELD '))
    # blit565.py and ink4.py went as source and the interpreter compiled their viper code
    assert 'FAST True True' in lines
    last = lines[-1].split('|')
    size = (320, 240) if board == 'pico_display2' else (240, 135)
    pressed = '0'                           # no button held: an empty bit mask
    assert last[1:5] == [str(size[0]), str(size[1]), pressed, str(11 + 10 * 10 * 2)]
    files = last[5:]
    assert all(f.endswith('.mpy') for f in files)
    if romfs == 'yes':
        # the image holds exactly code/, byte for byte, and the imports came from /rom
        assert held == files_with_crc(str(build / 'code'))
        assert [f.split('/')[1] for f in files] == ['rom', 'rom', 'rom']
        names = [h.split()[0] for h in held]
        assert sorted(n for n in names if n.startswith('trackside/')) == sorted(
            m[:-3] + '.mpy' for m in firmware_modules())
        assert 'board.mpy' in names and 'st7789.mpy' in names
    else:
        assert held == [] and all(f.startswith(str(build / 'code')) for f in files)


def test_remove_code_deletes_old_code_and_keeps_saves_on_micropython(tmp_path):
    root = tmp_path / 'dev'
    (root / 'trackside' / 'ui').mkdir(parents=True)
    (root / 'trackside' / 'ui' / 'app.py').write_text('x = 1\n')
    (root / 'trackside' / '__init__.mpy').write_bytes(b'M')
    (root / 'board.py').write_text('')
    (root / 'st7789.mpy').write_bytes(b'M')
    (root / 'saves').mkdir()
    (root / 'saves' / 'game1.log').write_text('steam base\n')
    (root / 'lib').mkdir()
    (root / 'lib' / 'ssd1306.mpy').write_bytes(b'M')
    code = deploy._remove_code(['board.mpy', 'board.py', 'main.py', 'st7789.mpy', 'st7789.py',
                                'trackside'], root=str(root) + '/')
    script = tmp_path / 'rm.py'
    script.write_text(code)
    run_micropython([str(script)])
    left = sorted(os.path.relpath(os.path.join(d, f), str(root))
                  for d, dirs, files in os.walk(str(root)) for f in files)
    assert left == ['lib/ssd1306.mpy', 'saves/game1.log']


# -- manifest.py (freezing) and package.json (mip) ----------------------------------------

class Manifest:
    """The functions a manifest calls, as MicroPython's tools/manifestfile.py defines them:
    package(path, files=None, base_path=".") takes base_path/path/**/*.py (every .py file when
    files is None) and stores each as path/...; module(path, base_path) one file; paths are
    relative to the manifest's directory."""

    def __init__(self, path):
        self.dir = os.path.dirname(os.path.abspath(path))
        self.files = {}         # name in the firmware -> source file
        self.meta = {}
        with open(path) as f:
            exec(f.read(), {'metadata': self.metadata, 'package': self.package,
                            'module': self.module, 'require': self.refuse, 'include': self.refuse,
                            'options': None})

    def metadata(self, **kw):
        self.meta.update(kw)

    def refuse(self, *a, **kw):
        raise AssertionError('Trackside needs nothing from micropython-lib to be frozen')

    def package(self, package_path, files=None, base_path='.', opt=None):
        top = os.path.join(self.dir, base_path)
        if files is None:
            for d, dirs, names in os.walk(os.path.join(top, package_path)):
                for n in names:
                    if n.endswith('.py'):
                        p = os.path.join(d, n)
                        self.files[os.path.relpath(p, top).replace(os.sep, '/')] = p
        else:
            for f in files:
                self.files[package_path + '/' + f] = os.path.join(top, package_path, f)

    def module(self, module_path, base_path='.', opt=None):
        self.files[module_path] = os.path.join(self.dir, base_path, module_path)


def test_manifest_freezes_exactly_the_firmware_modules():
    m = Manifest(os.path.join(ROOT, 'manifest.py'))
    assert sorted(m.files) == firmware_modules()
    for name, src in m.files.items():
        assert os.path.samefile(src, os.path.join(FIRMWARE, name))
    assert m.meta['version'] == deploy.VERSION and m.meta['description']


def test_package_json_is_generated_from_the_tree():
    # a module added to firmware/ without `tools/deploy.py --write-package` fails here
    with open(os.path.join(ROOT, 'package.json')) as f:
        text = f.read()
    assert text == deploy.package_text(), 'run: .venv/bin/python tools/deploy.py --write-package'
    p = json.loads(text)
    assert sorted(dest for dest, url in p['urls']) == firmware_modules()
    assert p['version'] == deploy.VERSION and p['deps'] == []


class FakeBoardFS:
    # the transport calls mpremote's mip makes, onto a directory standing for the board
    def __init__(self, root):
        self.root = str(root)

    def _p(self, path):
        return os.path.join(self.root, path.lstrip('/'))

    def fs_exists(self, path):
        return os.path.exists(self._p(path))

    def fs_mkdir(self, path):
        os.mkdir(self._p(path))

    def fs_writefile(self, path, data, progress_callback=None):
        with open(self._p(path), 'wb') as f:
            f.write(data)

    def fs_hashfile(self, path, algo):
        raise FileNotFoundError(path)


def test_mip_installs_exactly_the_firmware_modules_and_they_import(tmp_path, capsys):
    # The pinned mpremote's own mip installer reads package.json (a local path: the URLs
    # are relative to it, as they are to the repository on GitHub) and writes each file.
    from mpremote import mip
    board = FakeBoardFS(tmp_path)
    mip._install_json(board, os.path.join(ROOT, 'package.json'), mip._PACKAGE_INDEX, '/lib',
                      None, False)
    capsys.readouterr()
    lib = tmp_path / 'lib'
    got = sorted(os.path.relpath(os.path.join(d, f), str(lib)).replace(os.sep, '/')
                 for d, dirs, files in os.walk(str(lib)) for f in files)
    assert got == firmware_modules()
    for rel in got:
        assert (lib / rel).read_bytes() == open(os.path.join(FIRMWARE, rel), 'rb').read()
    script = tmp_path / 'imp.py'
    script.write_text('import sys\nsys.path.insert(0, sys.argv[1])\n'
                      'import trackside.session, trackside.journal\n'
                      'print(trackside.session.__file__)\n')
    out = run_micropython([str(script), str(lib)], heap='192k').strip().splitlines()[-1]
    assert out.startswith(str(lib))
