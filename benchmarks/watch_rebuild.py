#!/usr/bin/env python3
"""A rebuild after an edit: `mkcv build -t TEMPLATE` against `mkcv watch -t TEMPLATE`.

Usage: benchmarks/watch_rebuild.py MKCV CV.toml [RUNS] [TEMPLATE]

Copies CV.toml into two scratch folders, builds twice in each so the precompiled preamble
exists, then alternates run by run: the same edit to both, `mkcv build` timed as a whole
process in one, and in the other the time from the edit until the watch has replaced the
PDF, less its 200 ms of quiet time. Each pair of PDFs must be byte-identical
(SOURCE_DATE_EPOCH is set). Prints each run with the load average, then the medians.
"""
import os, re, shutil, statistics, subprocess, sys, tempfile, time

mkcv, cv = os.path.abspath(sys.argv[1]), sys.argv[2]
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 7
template = sys.argv[4] if len(sys.argv) > 4 else 'long'
DEBOUNCE_MS = 200
root = tempfile.mkdtemp(prefix='mkcv-watch-bench.')
env = dict(os.environ, SOURCE_DATE_EPOCH='1700000000')
build_dir, watch_dir = f'{root}/build', f'{root}/watch'
for d in (build_dir, watch_dir):
    os.makedirs(d)
    shutil.copy(cv, f'{d}/cv.toml')
stem = 'cv'
pdf = f'{watch_dir}/out/{stem}-{template}.pdf'


def edit(folder, n):
    """Sets the first `position` English text to "Candidate N"."""
    path = f'{folder}/cv.toml'
    text = open(path, encoding='utf-8').read()
    text, count = re.subn(r'(position = \{ en = ")[^"]*', rf'\g<1>Candidate {n}', text, count=1)
    if count != 1:
        raise SystemExit('no `position = { en = "..."` line to edit in ' + cv)
    open(path, 'w', encoding='utf-8').write(text)


def build(n):
    edit(build_dir, n)
    start = time.perf_counter()
    subprocess.run([mkcv, 'build', '-q', '-t', template], cwd=build_dir, env=env, check=True)
    return (time.perf_counter() - start) * 1000


def pdf_time():
    try:
        return os.stat(pdf).st_mtime_ns
    except FileNotFoundError:
        return None


def wait_for_new_pdf(old, limit=60):
    deadline = time.time() + limit
    while time.time() < deadline:
        if pdf_time() not in (None, old):
            return time.perf_counter(), pdf_time()
        time.sleep(0.002)
    raise SystemExit('the watch did not replace the PDF')


for n in (1000, 1001):  # the second build makes the precompiled preamble
    build(n)
log = open(f'{root}/watch.log', 'w')
watch = subprocess.Popen([mkcv, 'watch', '-t', template], cwd=watch_dir, env=env,
                         stdout=log, stderr=log)
try:
    _, mtime = wait_for_new_pdf(None)
    for n in (1000, 1001):
        time.sleep(2)
        edit(watch_dir, n)
        _, mtime = wait_for_new_pdf(mtime)
    time.sleep(5)
    built, watched = [], []
    for n in range(1, runs + 1):
        built.append(build(n))
        time.sleep(1)
        edit(watch_dir, n)
        start = time.perf_counter()
        done, mtime = wait_for_new_pdf(mtime)
        watched.append((done - start) * 1000 - DEBOUNCE_MS)
        time.sleep(0.3)
        same = open(pdf, 'rb').read() == open(f'{build_dir}/out/{stem}-{template}.pdf', 'rb').read()
        print(f'run {n}: build {built[-1]:.0f} ms, watch rebuild {watched[-1]:.0f} ms '
              f'(+{DEBOUNCE_MS} ms quiet time), {"same PDF" if same else "PDF DIFFERS"}, '
              f'load {os.getloadavg()[0]:.2f}', flush=True)
        time.sleep(2)
finally:
    watch.send_signal(2)
    watch.wait()
print(f'median: build {statistics.median(built):.0f} ms, '
      f'watch rebuild {statistics.median(watched):.0f} ms')
warm = sum(1 for line in open(f'{root}/watch.log') if ': warm XeTeX ' in line)
print(f'{warm} watch rebuilds used the warm XeLaTeX run')
shutil.rmtree(root)
