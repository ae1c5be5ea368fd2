# Run by the MicroPython interpreter for tools/bench_modules.py:
#   micropython -X heapsize=N tools/mp_import.py PATH MODULE...
# PATH: the compiled firmware (a directory of .mpy files, or a ROMFS image
# ending in .img, mounted as /rom and left out of the figures: on a board it
# is in flash). Imports the modules in order and prints, for the last one,
# the heap it added (after a collection) once those before it are in.
import sys
import gc
ROM = 0
path = sys.argv[1]
if path.endswith('.img'):
    import vfs
    f = open(path, 'rb')
    image = f.read()
    f.close()
    ROM = len(image)
    vfs.mount(vfs.VfsRom(image), '/rom')
    path = '/rom'
sys.path.insert(0, path)
for name in sys.argv[2:-1]:
    __import__(name)
gc.collect()
before = gc.mem_alloc()
__import__(sys.argv[-1])
gc.collect()
print(gc.mem_alloc() - before)
