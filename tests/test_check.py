# make check's last step (tools/check_seen.py): the quick run must have imported every
# module of firmware/, boards/ and host_sim/, and says which it did not.
import os
import subprocess
import sys

from conftest import ROOT

sys.path.insert(0, os.path.join(ROOT, 'tools'))
import check_seen  # noqa: E402


def run(tmp_path, files):
    seen = tmp_path / 'seen'
    seen.write_text(''.join(os.path.join(ROOT, f) + '\n' for f in files))
    return subprocess.run([sys.executable, os.path.join(ROOT, 'tools', 'check_seen.py'), str(seen)],
                          capture_output=True, text=True, timeout=600)


def test_a_module_no_quick_test_imported_fails_make_check_by_name(tmp_path):
    every = check_seen.project_modules()
    assert 'firmware/trackside/session.py' in every and 'host_sim/sim.py' in every
    r = run(tmp_path, [m for m in every if m != 'firmware/trackside/timeline.py'])
    assert r.returncode == 1
    assert 'firmware/trackside/timeline.py' in r.stdout and 'session.py' not in r.stdout


def test_every_module_imported_passes(tmp_path):
    r = run(tmp_path, check_seen.project_modules())
    assert r.returncode == 0, r.stdout
    assert 'all %d modules' % len(check_seen.project_modules()) in r.stdout


def test_the_slow_marker_is_registered_and_used():
    # (an unregistered marker is a typo that would silently run a slow test in make check)
    r = subprocess.run([sys.executable, '-m', 'pytest', '--markers'], capture_output=True,
                       text=True, cwd=ROOT, timeout=600)
    assert '@pytest.mark.slow' in r.stdout
