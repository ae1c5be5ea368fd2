# The device starts, whatever is in its save folder: a damaged-save corpus
# (a save cut at every byte, a bit flipped in every byte, huge lines, names
# that are not UTF-8, folders where files belong, a file where the folder
# belongs, byte-order marks, CRLF, newer formats and rules, garbage in
# "last") booted on the real MicroPython at a Pico-sized heap by
# tests/mp/boot_corpus.py (200 folders a process: the App made as
# main.py makes it, each damaged save resumed, recovered and deleted as a
# player would from the saved games, the other save resumed, the device
# started again), and a few through firmware/main.py itself. Every time a
# screen is reached, never an "Error" screen or a traceback, and the other
# save is byte for byte as it was.
import json
import os
import shutil
import subprocess

import pytest

from conftest import ROOT, DEVICE_HEAP, fixed_dir, micropython_cmd
from trackside import logfmt
from trackside.saves import Saves
from trackside.session import new_session

# A Pico's heap (conftest: 240 KB measured on the board; the 64-bit unix
# port needs more than the Pico for the same objects). At 192 KB, with the
# UI, its canvas and the Steam modules loaded, about 24 KB are left here.
HEAP = DEVICE_HEAP
SETUP = 'steam base players=Ann,Bob,Cid start=firstgame'
PLAY = ['Ann tile engineer', 'Bob tile firstbuild', 'Cid tile citygrowth', 'undo',
        'Cid tile turnorder', 'Bob build 3 4', 'Ann build 2 2 2 2', 'undo', 'redo',
        'Cid pass', 'Ann loco', 'Bob pass']
OTHER = 'steam base players=Dee,Eve,Fay start=firstgame'


def journal_bytes(setup, lines):
    # A save as the device writes it (Saves.new, then each line journalled).
    s = new_session(setup)
    out = [logfmt.seal(s.setup_line())]

    class Mem:
        def append(self, text):
            out.append(logfmt.seal(text))
    s.journal = Mem()
    for line in lines:
        s.do_text(line)
    return b''.join(out)


GAME = journal_bytes(SETUP, PLAY)
OTHER_GAME = journal_bytes(OTHER, ['Dee tile engineer', 'Eve tile firstbuild'])


def corpus():
    # (name, {path in saves/: bytes, or None for a folder}, damaged slots,
    # the other slot). Paths are bytes: some are not UTF-8.
    items = []
    other = {b'game2.log': OTHER_GAME}

    def add(name, files, damaged=(1,), other_slot=2, base=other):
        f = dict(base)
        f.update(files)
        items.append((name, f, list(damaged), other_slot))
    for n in range(len(GAME)):
        add('cut%d' % n, {b'game1.log': GAME[:n], b'last': b'1\n'})
    for n in range(len(GAME)):
        flipped = bytearray(GAME)
        flipped[n] ^= 1 << (n % 8)
        add('flip%d' % n, {b'game1.log': bytes(flipped), b'last': b'1\n'})
    huge = b'Ann bid ' + b'7' * (8 * 1024)
    add('huge-last-line', {b'game1.log': GAME + huge, b'last': b'1\n'})
    add('huge-middle-line', {b'game1.log': GAME + huge * 8 + b'\n' + logfmt.seal('Cid pass'),
                             b'last': b'1\n'})
    add('huge-first-line', {b'game1.log': b'x' * (64 * 1024), b'last': b'1\n'})
    add('bom', {b'game1.log': b'\xef\xbb\xbf' + GAME})
    add('crlf', {b'game1.log': GAME.replace(b'\n', b'\r\n')})
    add('bom-crlf', {b'game1.log': b'\xef\xbb\xbf' + GAME.replace(b'\n', b'\r\n')})
    add('future-format', {b'game1.log': logfmt.seal(SETUP + ' format=9') + GAME[GAME.index(b'\n') + 1:]})
    add('future-rules', {b'game1.log': logfmt.seal(SETUP + ' rules=9') + GAME[GAME.index(b'\n') + 1:]})
    add('unknown-game', {b'game1.log': logfmt.seal('chess players=Ann,Bob') + b'\n'})
    add('refused-line', {b'game1.log': GAME + logfmt.seal('Zed bid 3')})
    add('hand-written', {b'game1.log': b'steam base players=Ann,Bob,Cid\nAnn bid 1\n'})
    add('empty', {b'game1.log': b''})
    add('blank-lines', {b'game1.log': b'\n\n\n'})
    add('nul', {b'game1.log': b'\x00' * 600})
    add('not-utf8-setup', {b'game1.log': logfmt.seal('steam players=Ann,Bob,Cid')[:7] + b'\xff\xfe'
                           + b' ~00000000\n'})
    add('not-utf8-names', {b'game\xff.log': GAME, b'\xff\xfe\xfd': b'x', b'game1.log\xff': GAME,
                           b'game1.log': GAME}, damaged=())
    add('name-odd-numbers', {b'game01.log': GAME, b'game99999999999.log': GAME,
                             b'game-1.log': GAME, b'game.log': GAME}, damaged=())
    add('last-is-a-folder', {b'last': None, b'last/x': b'1', b'game1.log': GAME}, damaged=())
    add('last-tmp-is-a-folder', {b'last.tmp': None, b'game1.log': GAME}, damaged=())
    add('log-is-a-folder', {b'game1.log': None, b'game1.log/inside': b'x', b'last': b'1\n'})
    add('log-tmp-is-a-folder', {b'game1.log.tmp': None, b'game1.log': GAME}, damaged=())
    add('only-tmp-is-a-folder', {b'game1.log.tmp': None, b'last': b'1\n'}, damaged=())
    add('new-and-bad-folders', {b'game1.new': None, b'game1.bad': None, b'game1.log': GAME},
        damaged=())
    add('tmp-only', {b'game1.log.tmp': GAME, b'last': b'1\n'}, damaged=())
    add('tmp-torn', {b'game1.log.tmp': GAME[:30], b'last': b'1\n'}, damaged=())
    for i, junk in enumerate([b'abc', b'99999999999999', b'-1', b'7' * 9000, b'\xff\xfe',
                              b'', b'2\n2\n']):
        add('last-garbage%d' % i, {b'last': junk, b'game1.log': GAME}, damaged=())
    add('many-saves', dict((b'game%d.log' % i, GAME) for i in range(3, 40)), damaged=())
    add('damaged-only-save', {b'game1.log': GAME[:40] + b'\x00' + GAME[41:]}, base={},
        other_slot=None)
    return items


def build(root, items):
    # Each item's folder; "saves-is-a-file" puts a file where saves/ belongs.
    dirs = []
    for i, (name, files, damaged, other) in enumerate(items):
        top = os.path.join(root, '%03d-%s' % (i, name))
        saves = os.path.join(top, 'saves')
        os.makedirs(saves)
        for path in sorted(files, key=len):
            full = os.path.join(saves.encode(), path)
            if files[path] is None:
                os.makedirs(full, exist_ok=True)
            else:
                with open(full, 'wb') as f:
                    f.write(files[path])
        dirs.append(saves)
    top = os.path.join(root, 'saves-is-a-file')
    os.makedirs(top)
    with open(os.path.join(top, 'saves'), 'wb') as f:
        f.write(GAME)
    items.append(('saves-is-a-file', {}, [], None))
    dirs.append(os.path.join(top, 'saves'))
    return dirs


def snapshot(folder):
    # Every file under folder, with its bytes.
    out = {}
    for top, subdirs, files in os.walk(folder.encode()):
        for f in files:
            p = os.path.join(top, f)
            with open(p, 'rb') as fh:
                out[p] = fh.read()
    return out


BOOTS = 200


def boot_corpus(mpy_dir, heap, items=None):
    # The corpus (or items of it) built afresh and booted in one MicroPython
    # process at heap (at a path of one length, conftest.fixed_dir: the corpus
    # runs near the heap's end). Yields what the fixtures below give.
    root = fixed_dir('ts-boot-')
    items = items or corpus()
    dirs = build(root, items)
    others = {}
    for (name, files, damaged, other), d in zip(items, dirs):
        if other is not None:
            with open(os.path.join(d, 'game%d.log' % other), 'rb') as f:
                others[d] = f.read()
    # BOOTS folders a process: a device boots on an empty heap, and 800 boots in one
    # heap left it in pieces no power-on has (the 831st's other save found no block)
    lines = []
    output = ''
    paths = mpy_dir + ':host_sim'
    for first in range(0, len(items), BOOTS):
        manifest = os.path.join(root, 'manifest%d' % first)
        with open(manifest, 'w') as f:
            for (name, files, damaged, other), d in list(zip(items, dirs))[first:first + BOOTS]:
                f.write('%s %s %s\n' % (d, ','.join(str(x) for x in damaged) or '-',
                                        '-' if other is None else other))
        r = subprocess.run(micropython_cmd() + ['-X', 'heapsize=' + heap,
                            os.path.join('tests', 'mp', 'boot_corpus.py'), paths, manifest],
                           capture_output=True, text=True, timeout=900, cwd=ROOT)
        assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
        lines += [json.loads(x) for x in r.stdout.splitlines() if x.startswith('{')]
        output += r.stdout + r.stderr
    yield items, dirs, others, dict((x['dir'], x) for x in lines), output
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope='module')
def booted(mpy_dir):
    # At the device's heap: whatever is in a folder, every boot reaches a
    # screen, and "not enough working memory" is one of them.
    yield from boot_corpus(mpy_dir, HEAP)


# A Pico's 240 KB in the 64-bit interpreter's terms (issue 11 measured the
# 64-bit heap at 1/0.73 of the Pico's for the same objects). Over many boots
# in one process the heap fragments as no device boot does (a device starts
# afresh at power-on); at HEAP, with 800 boots a process, the 820th boot's screen
# was seen to flip between the game and "not enough working memory" with a few
# bytes of the checkout's path. Which screen each kind of damage leads to is asked here.
ROOMY = '328k'


@pytest.fixture(scope='module')
def booted_roomy(mpy_dir):
    yield from boot_corpus(mpy_dir, ROOMY)


@pytest.mark.slow
def test_every_folder_of_the_corpus_boots_to_a_screen(booted):
    items, dirs, others, results, output = booted
    assert 'Traceback' not in output
    assert len(results) == len(items) > 700
    bad = dict((d, results[d]['bad']) for d in dirs if results[d]['bad'])
    assert bad == {}
    for (name, files, damaged, other), d in zip(items, dirs):
        screens = results[d]['screens']
        # the App was made twice, and every damaged save went through
        # open, recover, open and delete
        assert len(screens) == 2 + 4 * len(damaged) + (other is not None), (name, screens)


@pytest.mark.slow
def test_the_other_save_is_untouched(booted):
    items, dirs, others, results, output = booted
    assert len(others) > 700
    for d, data in others.items():
        slot = [x for x in os.listdir(d) if x == 'game2.log']
        with open(os.path.join(d, 'game2.log'), 'rb') as f:
            assert f.read() == data, d


@pytest.mark.slow
def test_what_the_corpus_boots_to(booted_roomy, booted):
    # The first screen, by kind of damage: the game, or the saved games with
    # the reason on top; never a new game over a save that is there. (With
    # the room a Pico has; at the device's heap in 64-bit terms some boots
    # late in the long run may say memory is short instead, and nothing else.)
    items, dirs, others, results, output = booted_roomy
    tight = booted[3]
    for d, dt in zip(dirs, booted[1]):
        first, shown = results[d]['screens'][0], tight[dt]['screens'][0]
        assert shown == first or 'not enough working memory' in shown, (first, shown)
    firsts = {}
    for (name, files, damaged, other), d in zip(items, dirs):
        firsts[name] = results[d]['screens'][0]
    assert firsts['crlf'].startswith('boot:Dashboard') and firsts['bom-crlf'].startswith('boot:Dashboard')
    assert firsts['huge-last-line'].startswith('boot:Dashboard')
    assert firsts['huge-middle-line'].startswith('boot:MessageScreen:Save 1:This save is damaged at entry 13.')
    assert firsts['log-is-a-folder'].startswith('boot:MessageScreen:Save 1:This save cannot be read: a folder')
    assert firsts['saves-is-a-file'].startswith('boot:MessageScreen:Saved games:A file was where the save folder')
    for name in ('last-is-a-folder', 'last-tmp-is-a-folder', 'log-tmp-is-a-folder', 'tmp-only',
                 'not-utf8-names', 'last-garbage3'):
        assert firsts[name].startswith('boot:Dashboard'), name
    # a save cut at a record boundary opens; cut inside a record, too (the
    # torn last record is dropped); cut inside the setup, it is not a game
    first_end = GAME.index(b'\n') + 1
    for n in range(len(GAME)):
        kind = firsts['cut%d' % n]
        if n >= first_end - 1:
            assert kind.startswith('boot:Dashboard'), n
        else:
            assert kind.startswith('boot:MessageScreen:Save 1:This save'), n


# --- through firmware/main.py itself --------------------------------------------------

MAIN_ITEMS = ['huge-middle-line', 'log-is-a-folder', 'not-utf8-names', 'bom-crlf',
              'last-is-a-folder', 'flip100', 'saves-is-a-file']


def boot_main(mpy_dir, tmp_path, saves, script=''):
    keys = tmp_path / 'keys'
    keys.write_text(script)
    main = tmp_path / 'device' / 'main.py'
    main.parent.mkdir(exist_ok=True)
    shutil.copy(os.path.join(ROOT, 'firmware', 'main.py'), str(main))
    path = ':'.join([os.path.join(ROOT, 'tests', 'mp', 'fakeboard'), mpy_dir,
                     os.path.join(ROOT, 'host_sim')])
    r = subprocess.run(micropython_cmd() + ['-X', 'heapsize=' + HEAP, str(main), str(saves),
                        str(keys)], capture_output=True, text=True, timeout=600,
                       env=dict(os.environ, MICROPYPATH=path))
    return r


@pytest.mark.slow
def test_main_py_boots_the_same_screens(booted, mpy_dir, tmp_path):
    # a fresh copy of some of the corpus, booted by main.py with no key pressed
    items, dirs, others, results, output = booted
    names = [i[0] for i in items]
    chosen = [i for i in corpus() if i[0] in MAIN_ITEMS]
    fresh = build(str(tmp_path / 'fresh'), chosen)
    assert len(fresh) == len(MAIN_ITEMS)      # (build adds saves-is-a-file)
    for name, copy in zip([i[0] for i in chosen] + ['saves-is-a-file'], fresh):
        before = snapshot(os.path.dirname(copy))
        r = boot_main(mpy_dir, tmp_path, copy)
        assert r.returncode == 0 and 'Traceback' not in r.stdout + r.stderr, r.stdout + r.stderr
        shown = json.loads(r.stdout.strip().splitlines()[-1])
        # the screen main.py shows is the one the App shows booting that save alone, at
        # the same heap (a process of its own, as at power-on: in the whole corpus's one
        # process, the saves before it leave the heap in pieces, and a save that needs
        # much of it, a huge line's, may then be refused for memory)
        item = [i for i in corpus() if i[0] == name]
        if item:
            one = boot_corpus(mpy_dir, HEAP, item)
            i_, d_, o_, alone, out_ = next(one)
            want = alone[d_[0]]['crc']
            one.close()
        else:
            want = results[dirs[names.index(name)]]['crc']
        assert shown['crc'] == want and shown['shows'] > 0, name
        after = snapshot(os.path.dirname(copy))
        other = os.path.join(copy, 'game2.log').encode()
        if other in before:
            assert after[other] == before[other]
