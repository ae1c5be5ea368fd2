# tools/deploy.py: the steps are data (plan()), the local ones really run (mpy-cross into
# a temporary directory, then the result is imported by the real MicroPython as a board
# would), and the mpremote ones are checked as commands. mpremote needs a board attached,
# so here a stand-in on PATH records what it would have been asked.
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


def firmware_sources():
    return sorted(os.path.relpath(p, FIRMWARE)
                  for p in glob.glob(os.path.join(FIRMWARE, '**', '*.py'), recursive=True))


def local_steps(steps):
    return [s for s in steps if s[0] != 'device']


def device_argv(steps):
    return [s[1] for s in steps if s[0] == 'device']


def test_every_board_module_is_offered():
    assert deploy.board_names() == sorted(BOARDS)
    assert deploy.DEFAULT_BOARD == 'pico_display'


def test_dependencies_are_found_from_the_imports():
    assert deploy.dependencies('pico_display') == (['st7789'], [])
    assert deploy.dependencies('pico_display2') == (['st7789', 'pico_display'], [])
    assert deploy.dependencies('tdisplay') == (['st7789'], [])
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
            assert args[0] == 'mpy-cross' and args[1] == '-o'
            compiled[os.path.relpath(args[2], build)] = (args[-1], args[3:-1])
        else:
            assert kind == 'copy'
            copied[os.path.relpath(args[1], build)] = args[0]
    want = {}
    for rel in firmware_sources():
        if rel in ('main.py', 'boot.py'):
            assert copied[rel] == os.path.join(FIRMWARE, rel)     # kept as source
        else:
            want[rel[:-3] + '.mpy'] = (os.path.join(FIRMWARE, rel), [])
    assert 'main.py' in copied
    # the board module as `board`, its local imports beside it
    want['board.mpy'] = (os.path.join(ROOT, 'boards', board + '.py'), ['-s', 'board.py'])
    for name in {'pico_display': ['st7789'], 'pico_display2': ['st7789', 'pico_display'],
                 'tdisplay': ['st7789'], 'oled_ssd1306': []}[board]:
        want[name + '.mpy'] = (os.path.join(ROOT, 'boards', name + '.py'), [])
    assert compiled == want


@pytest.mark.parametrize('board', BOARDS)
def test_plan_device_steps(board, tmp_path):
    build = str(tmp_path / 'b')
    argvs = device_argv(deploy.plan(board, build_dir=build))
    mip = [['mpremote', 'mip', 'install', 'ssd1306']] if board == 'oled_ssd1306' else []
    assert argvs[:len(mip)] == mip
    clean, copy, reset = argvs[len(mip):]
    assert clean[:2] == ['mpremote', 'exec']
    for name in ('trackside', 'board.py', 'board.mpy', 'main.py', 'main.mpy'):
        assert '"%s"' % name in clean[2]
    assert 'saves' not in clean[2] and 'lib' not in clean[2]
    assert copy[:3] == ['mpremote', 'cp', '-r'] and copy[-1] == ':'
    shipped = sorted(os.path.relpath(p, build) for p in copy[3:-1])
    drivers = {'pico_display': ['st7789.mpy'], 'pico_display2': ['pico_display.mpy', 'st7789.mpy'],
               'tdisplay': ['st7789.mpy'], 'oled_ssd1306': []}[board]
    assert shipped == sorted(['board.mpy', 'main.py', 'trackside'] + drivers)
    assert reset == ['mpremote', 'reset']


def test_port_and_no_compile(tmp_path):
    steps = deploy.plan('tdisplay', port='/dev/ttyUSB0', build_dir=str(tmp_path), compile=False)
    for argv in device_argv(steps):
        assert argv[:3] == ['mpremote', 'connect', '/dev/ttyUSB0']
    assert all(kind != 'compile' for kind, args, what in steps)
    dests = sorted(os.path.relpath(args[1], str(tmp_path)) for kind, args, what in steps
                   if kind == 'copy')
    assert 'board.py' in dests and 'st7789.py' in dests and 'trackside/session.py' in dests
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
    steps = deploy.plan('oled_ssd1306', port='COM3', build_dir=str(build))
    assert deploy.describe(steps) == out
    # each printed command, split as a shell would, is exactly the step's argv
    for step in steps[1:]:
        argv = list(step[1]) if step[0] != 'copy' else ['cp'] + list(step[1])
        assert shlex.split(deploy.describe([step])) == argv


@pytest.fixture
def fake_mpremote(tmp_path, monkeypatch):
    # mpremote cannot be exercised without a board: this stand-in records its argv
    bindir = tmp_path / 'bin'
    bindir.mkdir()
    log = tmp_path / 'mpremote.log'
    script = bindir / 'mpremote'
    script.write_text('#!%s\nimport json, sys\nopen(%r, "a").write(json.dumps(sys.argv[1:]) + "\\n")\n'
                      % (sys.executable, str(log)))
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setattr(deploy, '_tool', lambda name: str(script) if name == 'mpremote'
                        else _real_tool(name))
    return log


_real_tool = deploy._tool


@pytest.mark.parametrize('board', ['pico_display2', 'oled_ssd1306'])
def test_run_compiles_really_and_calls_mpremote(board, tmp_path, fake_mpremote):
    build = tmp_path / 'build'
    out = open(os.devnull, 'w')
    steps = deploy.plan(board, port='/dev/ttyACM0', build_dir=str(build))
    deploy.run(steps, out)
    # every firmware module compiled, main.py as source, the board and its drivers
    for rel in firmware_sources():
        if rel == 'main.py':
            assert (build / 'main.py').read_bytes() == open(os.path.join(FIRMWARE, rel), 'rb').read()
            continue
        mpy = (build / (rel[:-3] + '.mpy')).read_bytes()
        assert mpy[0:1] == b'M' and mpy[1] == 6      # .mpy format version 6
    assert (build / 'board.mpy').exists()
    assert (build / deploy.MARKER).exists()
    calls = [json.loads(l) for l in fake_mpremote.read_text().splitlines()]
    assert calls == [argv[1:] for argv in device_argv(steps)]
    # a second run empties the build directory it made
    (build / 'stale.mpy').write_bytes(b'x')
    deploy.run(local_steps(steps), out)
    assert not (build / 'stale.mpy').exists()


def test_build_dir_not_made_by_deploy_is_not_emptied(tmp_path):
    (tmp_path / 'precious.txt').write_text('keep me')
    with pytest.raises(SystemExit):
        deploy.run(deploy.plan('pico_display', build_dir=str(tmp_path))[:1], open(os.devnull, 'w'))
    assert (tmp_path / 'precious.txt').read_text() == 'keep me'


MP_IMPORT = r'''
import sys
sys.path.insert(0, sys.argv[1])           # the build directory: the board's root
sys.path.insert(0, "host_sim/shim")       # machine for the unix port
import machine
import st7789
st7789.sleep_ms = lambda ms: None
sys.path.pop(0)
import board
display, buttons, led = board.open()
display.canvas.fill_rect(0, 0, 10, 10, 3)
before = display.bytes_written
display.show(0, 0, 10, 10)
import trackside
print(board.NAME, display.width, display.height, buttons.pressed(), display.bytes_written - before,
      st7789.__file__.endswith(".mpy"), board.__file__.endswith(".mpy"))
'''


@pytest.mark.parametrize('board', ['pico_display', 'pico_display2', 'tdisplay'])
def test_deployed_files_import_on_micropython_as_on_a_board(board, tmp_path):
    build = tmp_path / 'root'
    deploy.run(local_steps(deploy.plan(board, build_dir=str(build))), open(os.devnull, 'w'))
    script = tmp_path / 'boot_check.py'
    script.write_text(MP_IMPORT)
    out = run_micropython([str(script), str(build)]).strip().splitlines()[-1]
    size = (320, 240) if board == 'pico_display2' else (240, 135)
    pressed = '0'                           # no button held: an empty bit mask
    assert out.endswith(' %d %d %s %d True True' % (size + (pressed, 11 + 10 * 10 * 2)))


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
