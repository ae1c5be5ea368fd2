# Run by the MicroPython interpreter for tools/bench_modules.py:
#   micropython -X heapsize=N tools/mp_import.py PATH MODULE...
# PATH: the compiled firmware and display driver (a directory of .mpy files, or a ROMFS image
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
sys.path.append('boards')   # (run from the checkout: the viper modules as source, as on a board)
for name in sys.argv[2:-1]:
    __import__(name)
import micropython
micropython.qstr_info()     # the interned strings' pools before, and after: when the
gc.collect()                # last pool fills, a bigger one is allocated, which the module
before = gc.mem_alloc()     # that fills it is charged for
__import__(sys.argv[-1])
gc.collect()
after = gc.mem_alloc()
micropython.qstr_info()
print(after - before)
