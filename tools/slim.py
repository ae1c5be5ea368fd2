#!/usr/bin/env python3
# The .py files as they go on CIRCUITPY: in each function, its own local names, its
# parameters and its comprehensions' variables renamed to a few short names that every
# function shares. tools/install_cp.py writes what slim() gives; tools/bench_source.py
# measures it.
#
# Why: CircuitPython compiles the .py files on the drive as they are imported, and every
# name its lexer meets is interned for good (py/qstr.c: the pools of names are never
# freed), a function's locals too, though the compiled code refers to them by number.
# A long game of Russian Railroads or Brass met about 1,300 names, past the point
# (1,260 on this bench) where the interpreter allocates a pool for 1,280 more, mostly
# empty: 14 KB on 64-bit, about 9 KB on 32-bit (docs/benchmarks-source.md). Renamed, a
# function's locals cost no names of their own.
#
# Only the names change, in place: every line keeps its number and its comments, so a
# traceback on the board still points at the line in the repository. A name is left as
# it is wherever renaming it could change what the code means:
#   - a parameter that some call on the board passes by keyword (keywords());
#   - a name bound by import, except-as, def, class, global or nonlocal;
#   - a name that a scope inside the function binds too (its own local, a parameter,
#     a comprehension's variable) or declares global or nonlocal;
#   - a comprehension's variable that its first iterable (the outer scope's) names;
#   - every name in a function that uses locals(), vars(), eval() or exec(), and every
#     name in a file with an f-string.
# A new name is the first of SHORT used nowhere in the scope (so it shadows nothing),
# picked for outer scopes before the scopes inside them. tests/test_slim.py holds that
# slimmed firmware plays and replays to the same results, screens and heap checks.
import ast

SHORT = [c for c in 'abcdefghijklmnopqrstuvwxyz'] + ['a' + c for c in 'abcdefghijklmnopqrstuvwxyz']
SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef,
          ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
COMPS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
OPAQUE = ('locals', 'vars', 'eval', 'exec')


def inner(node):
    # the nodes of a function's (or a lambda's) body, nested scopes' included
    for part in (node.body if isinstance(node, FUNCTIONS) else [node.body]):
        for n in ast.walk(part):
            yield n


def own(node):
    # the nodes of a function's body, without those of the scopes inside it
    # (their default values and decorators are this scope's)
    todo = list(node.body)
    while todo:
        n = todo.pop()
        yield n
        if isinstance(n, SCOPES):
            if isinstance(n, FUNCTIONS):
                todo.extend(n.decorator_list)
                todo.extend(n.args.defaults)
                todo.extend(d for d in n.args.kw_defaults if d is not None)
            elif isinstance(n, ast.ClassDef):
                todo.extend(n.decorator_list)
                todo.extend(n.bases)
            elif isinstance(n, ast.Lambda):
                todo.extend(n.args.defaults)
            else:
                todo.append(n.generators[0].iter)     # the first iterable is the outer scope's
            continue
        todo.extend(ast.iter_child_nodes(n))


def arguments(node):
    # a function's (or a lambda's) parameters, ast.arg nodes
    a = node.args
    return [x for x in a.posonlyargs + a.args + a.kwonlyargs + [a.vararg, a.kwarg] if x is not None]


def fixed_by(n):
    # the names node n binds that are left as they are: by global or nonlocal, import,
    # except-as, def or class
    if isinstance(n, (ast.Global, ast.Nonlocal)):
        return n.names
    if isinstance(n, (ast.Import, ast.ImportFrom)):
        return [(a.asname or a.name).split('.')[0] for a in n.names]
    if isinstance(n, ast.ExceptHandler) and n.name:
        return [n.name]
    if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [n.name]
    return ()


def bound_by(scope):
    # (names the scope binds itself, names it must leave: its parameters, fixed_by's,
    # a comprehension's variables)
    fixed = set(x.arg for x in arguments(scope)) if isinstance(scope, (ast.Lambda,) + FUNCTIONS) else set()
    bound = set()
    if isinstance(scope, COMPS):
        for g in scope.generators:
            fixed.update(n.id for n in ast.walk(g.target) if isinstance(n, ast.Name))
        return bound, fixed
    body = own(scope) if isinstance(scope, FUNCTIONS) else (
        [] if isinstance(scope, ast.Lambda) else ast.walk(scope))
    for n in body:
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
            bound.add(n.id)
        else:
            fixed.update(fixed_by(n))
    return bound, fixed


def used(scope):
    # every identifier written anywhere in the scope, nested scopes' included
    names = set()
    for n in ast.walk(scope):
        if isinstance(n, ast.Name):
            names.add(n.id)
        elif isinstance(n, ast.arg):
            names.add(n.arg)
        else:
            names.update(fixed_by(n))
    return names


def renames(scope, keep):
    # [(Name or arg node, new name)] for the scope's own names that are safe to rename:
    # a function's locals, and its parameters but those in keep (passed by keyword
    # somewhere); a comprehension's variables
    if any(isinstance(n, ast.Name) and n.id in OPAQUE for n in ast.walk(scope)):
        return []
    bound, fixed = bound_by(scope)
    if isinstance(scope, COMPS):
        candidates = set(fixed)
        first = scope.generators[0].iter
        candidates -= {n.id for n in ast.walk(first) if isinstance(n, ast.Name)}
        outer = set(id(n) for n in ast.walk(first))
        nodes = [n for n in ast.walk(scope) if id(n) not in outer]
        args = []
    else:
        args = [a for a in arguments(scope) if a.arg not in keep]
        candidates = (bound - fixed) | {a.arg for a in args}
        nodes = list(inner(scope))
    for n in nodes:
        if isinstance(n, SCOPES) and n is not scope:
            b, f = bound_by(n)
            candidates -= b | f
    taken = used(scope)
    new = {}
    pool = (s for s in SHORT if s not in taken)
    for name in sorted(candidates):
        if len(name) <= 1 or name == 'self':
            continue            # as short as it gets, or a name every method has anyway
        to = next(pool, None)
        if to is None:
            break
        new[name] = to
    out = [(a, new[a.arg]) for a in args if a.arg in new]
    out += [(n, new[n.id]) for n in nodes if isinstance(n, ast.Name) and n.id in new]
    return out


def keywords(sources):
    # every name passed by keyword in these sources (a parameter of that name keeps it)
    names = set()
    for source in sources:
        for n in ast.walk(ast.parse(source)):
            if isinstance(n, ast.keyword) and n.arg:
                names.add(n.arg)
    return names


def slim(source, keep=()):
    # the source with each scope's own names renamed in place (see above); keep: the
    # names passed by keyword anywhere on the board
    tree = ast.parse(source)
    if any(isinstance(n, ast.JoinedStr) for n in ast.walk(tree)):
        return source           # (an f-string's names have no reliable place in the line)
    edits = {}
    # outer scopes first (ast.walk goes breadth first): an inner scope's new names are
    # picked after its outer one's are in place, so that they shadow none of them
    scopes = [n for n in ast.walk(tree) if isinstance(n, (ast.Lambda,) + FUNCTIONS + COMPS)]
    for scope in scopes:
        for node, to in renames(scope, keep):
            if isinstance(node, ast.arg):
                edits[(node.lineno, node.col_offset)] = (node.col_offset + len(node.arg), to)
                node.arg = to
            else:
                edits[(node.lineno, node.col_offset)] = (node.end_col_offset, to)
                node.id = to
    lines = source.splitlines(True)
    for (row, col), (end, to) in sorted(edits.items(), reverse=True):
        line = lines[row - 1].encode()
        lines[row - 1] = (line[:col] + to.encode() + line[end:]).decode()
    return ''.join(lines)
