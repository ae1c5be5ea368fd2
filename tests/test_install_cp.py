# tools/install_cp.py on a folder that stands in for CIRCUITPY (with the boot_out.txt
# CircuitPython writes at every start): it installs only onto CircuitPython 9 or later on
# the board named, says each file it copies, and a step that cannot be done ends with
# "Refused:" or "Failed:", exit 1, and never "Done". (Whether the copied drive runs on
# its own: tests/test_circuitpython.py.)
import collections
import errno
import importlib.util
import os
import shutil

import pytest

from conftest import ROOT

spec = importlib.util.spec_from_file_location('install_cp', os.path.join(ROOT, 'tools', 'install_cp.py'))
install_cp = importlib.util.module_from_spec(spec)
spec.loader.exec_module(install_cp)

BOOT_OUT = {
    'macropad': 'Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit MacroPad RP2040 with rp2040\n'
                'Board ID:adafruit_macropad_rp2040\n',
    'reverse_tft': 'Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit Feather ESP32-S3 Reverse '
                   'TFT with ESP32S3\nBoard ID:adafruit_feather_esp32s3_reverse_tft\n',
}


def drive_with(tmp_path, boot_out):
    d = tmp_path / 'CIRCUITPY'
    (d / 'saves').mkdir(parents=True)
    (d / 'saves' / 'game1.log').write_text('kept\n')
    if boot_out is not None:
        (d / 'boot_out.txt').write_text(boot_out)
    return d


def run(capsys, *argv):
    rc = install_cp.main(list(argv))
    return rc, capsys.readouterr().out


def files(d):
    return sorted(os.path.relpath(os.path.join(b, f), str(d)) for b, _, fs in os.walk(str(d)) for f in fs)


@pytest.mark.parametrize('board', ('macropad', 'reverse_tft'))
def test_circuitpython_9_installs_and_lists_every_file(board, tmp_path, capsys):
    d = drive_with(tmp_path, BOOT_OUT[board])
    rc, out = run(capsys, '--board', board, '--drive', str(d))
    lines = out.splitlines()
    assert rc == 0, out
    assert 'CircuitPython 9.2 on Adafruit' in lines[0]
    steps = install_cp.plan(board, str(d))
    # one line a file, naming it and where it went, then the summary, then Done; each
    # file as tools/slim.py makes it, no larger than its source and its lines in place
    for src, dst in steps:
        size = os.path.getsize(dst)
        assert '%s -> %s (%d bytes)' % (os.path.relpath(src, ROOT), dst, size) in lines
        assert size <= os.path.getsize(src)
        with open(src) as a, open(dst) as b:
            assert len(a.read().splitlines()) == len(b.read().splitlines()), dst
    assert lines[-2].startswith('Copied %d files' % len(steps)) and 'saves/ left as it was' in lines[-2]
    assert lines[-1].startswith('Done: press Reset')
    assert (d / 'saves' / 'game1.log').read_text() == 'kept\n'
    assert 'Refused' not in out and 'Failed' not in out


def test_circuitpython_10_installs_too(tmp_path, capsys):
    d = drive_with(tmp_path, BOOT_OUT['macropad'].replace('9.2.1', '10.0.0-beta.2'))
    rc, out = run(capsys, '--board', 'macropad', '--drive', str(d))
    assert rc == 0 and out.splitlines()[-1].startswith('Done')


def test_circuitpython_8_is_refused_and_nothing_copied(tmp_path, capsys):
    d = drive_with(tmp_path, BOOT_OUT['macropad'].replace('9.2.1', '8.2.10'))
    before = files(d)
    for argv in ((), ('--dry-run',)):
        rc, out = run(capsys, '--board', 'macropad', '--drive', str(d), *argv)
        assert rc == 1
        assert out.splitlines()[-1].startswith('Refused: the board runs CircuitPython 8.2; '
                                               'Trackside needs 9.0 or later')
        assert 'bitmaptools.blit' in out and 'Done' not in out
        assert files(d) == before


def test_missing_or_unreadable_boot_out_is_refused(tmp_path, capsys):
    d = drive_with(tmp_path, None)
    rc, out = run(capsys, '--board', 'macropad', '--drive', str(d))
    assert rc == 1 and 'Done' not in out
    assert out.startswith('Refused: ') and 'does not look like a CIRCUITPY drive' in out
    assert 'Plug the board in' in out
    assert files(d) == ['saves/game1.log']
    (d / 'boot_out.txt').write_bytes(b'\xff\xfe not text')
    rc, out = run(capsys, '--board', 'macropad', '--drive', str(d))
    assert rc == 1 and out.startswith('Refused: ') and 'CIRCUITPY' in out
    # --force: for a drive known to be right, a warning instead
    rc, out = run(capsys, '--board', 'macropad', '--drive', str(d), '--force')
    assert rc == 0 and out.startswith('Warning (--force): ') and 'Done' in out


def test_another_board_is_refused(tmp_path, capsys):
    d = drive_with(tmp_path, BOOT_OUT['macropad'])
    rc, out = run(capsys, '--board', 'reverse_tft', '--drive', str(d))
    assert rc == 1 and 'Done' not in out
    assert 'Adafruit MacroPad RP2040' in out and 'give --board macropad' in out
    assert files(d) == ['boot_out.txt', 'saves/game1.log']
    d2 = drive_with(tmp_path / 'b', 'Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi '
                                   'Pico with rp2040\n')
    rc, out = run(capsys, '--board', 'macropad', '--drive', str(d2))
    assert rc == 1 and 'Raspberry Pi Pico' in out and 'Trackside runs on' in out


def test_no_drive_is_refused(tmp_path, capsys, monkeypatch):
    rc, out = run(capsys, '--board', 'macropad', '--drive', str(tmp_path / 'nothing'))
    assert rc == 1 and out.startswith('Refused: no folder') and 'Done' not in out
    monkeypatch.setattr(install_cp, 'find_drive', lambda: None)
    rc, out = run(capsys, '--board', 'macropad')
    assert rc == 1 and out.startswith('Refused: no CIRCUITPY drive found')


def test_a_read_only_drive_is_refused(tmp_path, capsys, monkeypatch):
    # CIRCUITPY mounted read-only (boot.py gave it to the board): the probe's open()
    # fails as a read-only FAT mount fails it (these tests may run as root, for whom a
    # chmod would not stop a write)
    d = drive_with(tmp_path, BOOT_OUT['macropad'])
    real_open = open

    def ro_open(path, mode='r', *a, **k):
        if str(path).startswith(str(d)) and any(c in mode for c in 'wax+'):
            raise OSError(errno.EROFS, 'Read-only file system', str(path))
        return real_open(path, mode, *a, **k)

    monkeypatch.setattr(install_cp, 'open', ro_open, raising=False)
    rc, out = run(capsys, '--board', 'macropad', '--drive', str(d))
    assert rc == 1 and 'Done' not in out
    assert out.splitlines()[-1].startswith('Refused: %s is read-only to this computer' % d)
    assert 'Hold KEY1 while pressing Reset' in out
    assert files(d) == ['boot_out.txt', 'saves/game1.log']


def test_a_copy_that_fails_part_way_says_failed(tmp_path, capsys, monkeypatch):
    d = drive_with(tmp_path, BOOT_OUT['reverse_tft'])
    real = install_cp.put
    calls = []

    def put(data, dst):
        calls.append(dst)
        if len(calls) == 3:
            raise OSError(errno.EIO, 'Input/output error', dst)
        return real(data, dst)

    monkeypatch.setattr(install_cp, 'put', put)
    rc, out = run(capsys, '--board', 'reverse_tft', '--drive', str(d))
    lines = out.splitlines()
    assert rc == 1 and 'Done' not in out and 'Copied' not in out
    assert lines[-1].startswith('Failed: copying firmware/trackside/')
    assert 'Input/output error' in lines[-1] and '2 of %d files were copied' % len(
        install_cp.plan('reverse_tft', str(d))) in lines[-1]
    assert len(calls) == 3          # it stopped at the failure


def test_a_file_in_the_way_says_failed(tmp_path, capsys):
    # a file named trackside where the package's folder goes
    d = drive_with(tmp_path, BOOT_OUT['macropad'])
    (d / 'trackside').write_text('in the way')
    rc, out = run(capsys, '--board', 'macropad', '--drive', str(d))
    assert rc == 1 and 'Done' not in out
    assert out.splitlines()[-1].startswith('Failed: copying firmware/trackside/__init__.py')


def test_not_enough_room_is_refused(tmp_path, capsys, monkeypatch):
    d = drive_with(tmp_path, BOOT_OUT['macropad'])
    usage = collections.namedtuple('usage', 'total used free')
    monkeypatch.setattr(install_cp.shutil, 'disk_usage', lambda p: usage(1 << 20, 1 << 20, 40960))
    rc, out = run(capsys, '--board', 'macropad', '--drive', str(d))
    assert rc == 1 and 'Done' not in out
    assert out.splitlines()[-1].startswith('Refused: %s has 40 KB free; Trackside needs' % d)
    assert files(d) == ['boot_out.txt', 'saves/game1.log']


def test_room_counts_what_the_old_install_gives_back(tmp_path, capsys, monkeypatch):
    # a drive with Trackside on it already needs little more room for the new one
    d = drive_with(tmp_path, BOOT_OUT['macropad'])
    rc, out = run(capsys, '--board', 'macropad', '--drive', str(d))
    assert rc == 0
    need, free = install_cp.room(str(d), install_cp.contents(install_cp.plan('macropad', str(d))))
    assert need <= 0
    usage = collections.namedtuple('usage', 'total used free')
    monkeypatch.setattr(install_cp.shutil, 'disk_usage', lambda p: usage(1 << 20, 1 << 20, 0))
    rc, out = run(capsys, '--board', 'macropad', '--drive', str(d))
    assert rc == 0 and 'in place of the old trackside/' in out and out.splitlines()[-1].startswith('Done')


def test_dry_run_changes_nothing(tmp_path, capsys):
    d = drive_with(tmp_path, BOOT_OUT['macropad'])
    rc, out = run(capsys, '--board', 'macropad', '--drive', str(d), '--dry-run')
    assert rc == 0 and out.splitlines()[-1] == 'Dry run: nothing on %s was changed.' % d
    assert 'Would copy' in out and 'Done' not in out and 'circup' not in out
    assert files(d) == ['boot_out.txt', 'saves/game1.log']
