"""Static checks that decide whether a module-level function is pure enough to be a
coding target, and which module-level names it needs (its context).

Standard library only. A function qualifies when every name it reads is a parameter, a
local, a whitelisted builtin, a whitelisted side-effect-free module, or a module-level
constant or function that itself qualifies. Anything touching IO, time, randomness,
the interpreter or object identity is refused, so that running the function on the
same arguments always gives the same result.
"""
import ast
import builtins

SAFE_BUILTINS = frozenset(
    """abs all any ascii bin bool bytearray bytes callable chr dict divmod enumerate filter
    float format frozenset getattr hasattr hex int isinstance issubclass iter len list map
    max min next oct ord pow range repr reversed round set slice sorted str sum tuple type
    zip None True False NotImplemented Ellipsis ArithmeticError AssertionError
    AttributeError Exception IndexError KeyError LookupError OverflowError StopIteration
    TypeError UnicodeError UnicodeDecodeError UnicodeEncodeError ValueError
    ZeroDivisionError""".split()
)

# Modules whose functions are deterministic and do no IO.
SAFE_MODULES = frozenset(
    "re string math itertools functools operator collections unicodedata keyword bisect heapq fnmatch".split()
)

# Attribute names that suggest IO, clocks, randomness or process state.
BANNED_ATTRS = frozenset(
    """open read write readline readlines close flush system popen remove unlink rmdir
    mkdir makedirs listdir scandir stat lstat chmod chown environ getenv putenv getcwd
    chdir time monotonic perf_counter sleep random randint choice shuffle urandom exit
    stdout stderr stdin fileno send recv connect socket fork kill""".split()
)

MAX_FUNCTION_LINES = 40
MAX_CONTEXT_NAMES = 8


class NotPure(Exception):
    """The function (or something it needs) fails a purity rule."""


def module_bindings(tree):
    """Maps each module-level name to the statement that binds it, refusing names bound twice."""
    bound = {}
    twice = set()
    for stmt in tree.body:
        names = []
        if isinstance(stmt, ast.FunctionDef):
            names = [stmt.name]
        elif isinstance(stmt, ast.ClassDef):
            names = [stmt.name]
        elif isinstance(stmt, ast.Assign):
            for target in stmt.targets:
                names += [n.id for n in ast.walk(target) if isinstance(n, ast.Name)]
        elif isinstance(stmt, (ast.AnnAssign, ast.AugAssign)) and isinstance(stmt.target, ast.Name):
            names = [stmt.target.id]
        elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
            names = [(a.asname or a.name).split(".")[0] for a in stmt.names]
        elif isinstance(stmt, (ast.If, ast.Try, ast.For, ast.While, ast.With)):
            # Conditionally bound names cannot be packaged reliably.
            for node in ast.walk(stmt):
                if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                    twice.add(node.id)
                elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                    twice.add(node.name)
        for name in names:
            if name in bound:
                twice.add(name)
            bound[name] = stmt
    for name in twice:
        bound.pop(name, None)
    return bound


def local_names(func):
    """Every name a function binds itself (parameters, assignments, loop targets, nested defs)."""
    names = set()
    args = func.args
    for a in args.posonlyargs + args.args + args.kwonlyargs:
        names.add(a.arg)
    for a in (args.vararg, args.kwarg):
        if a is not None:
            names.add(a.arg)
    for node in ast.walk(func):
        if node is func:
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Lambda):
            for a in node.args.args + node.args.posonlyargs + node.args.kwonlyargs:
                names.add(a.arg)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names.add(node.name)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
    return names


def check_node_rules(node):
    """Refuses constructs that make behaviour depend on more than the arguments."""
    for sub in ast.walk(node):
        if isinstance(sub, (ast.Yield, ast.YieldFrom, ast.Await, ast.Global, ast.Nonlocal,
                            ast.Import, ast.ImportFrom, ast.AsyncFunctionDef, ast.ClassDef)):
            raise NotPure(type(sub).__name__)
        if isinstance(sub, ast.Attribute) and (sub.attr in BANNED_ATTRS or sub.attr.startswith("__")):
            raise NotPure(f"attribute {sub.attr}")
        if isinstance(sub, ast.FunctionDef) and sub is not node and sub.decorator_list:
            raise NotPure("decorated nested function")


def free_names(node, bound):
    """Names read by `node` that it does not bind."""
    out = []
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Load) and sub.id not in bound:
            if sub.id not in out:
                out.append(sub.id)
    return out


def import_ok(stmt):
    if isinstance(stmt, ast.Import):
        return all(a.name in SAFE_MODULES for a in stmt.names)
    if isinstance(stmt, ast.ImportFrom):
        return stmt.level == 0 and stmt.module in SAFE_MODULES
    return False


class ContextResolver:
    """Collects the module-level statements a target function needs, checking each."""

    def __init__(self, tree):
        self.bindings = module_bindings(tree)
        self.needed = {}  # name -> stmt
        self.imports = []  # statements, in module order

    def need_name(self, name, depth):
        if name in self.needed or name in SAFE_BUILTINS and name not in self.bindings:
            return
        stmt = self.bindings.get(name)
        if stmt is None:
            if hasattr(builtins, name):
                raise NotPure(f"builtin {name}")
            raise NotPure(f"unresolved name {name}")
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            if not import_ok(stmt):
                raise NotPure(f"import of {name}")
            if len(stmt.names) != 1:
                raise NotPure("multi-name import")
            self.needed[name] = stmt
            return
        if depth > 3 or len(self.needed) >= MAX_CONTEXT_NAMES:
            raise NotPure("context too large")
        if isinstance(stmt, ast.FunctionDef):
            self.needed[name] = stmt
            self.check_function(stmt, depth + 1)
        elif isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            self.needed[name] = stmt
            check_node_rules(stmt.value)
            if isinstance(stmt.value, ast.Lambda):
                raise NotPure("lambda constant")
            for sub in free_names(stmt.value, set()):
                self.need_name(sub, depth + 1)
        else:
            raise NotPure(f"unsupported binding of {name}")

    def check_function(self, func, depth=0):
        if func.decorator_list:
            raise NotPure("decorated")
        if func.end_lineno - func.lineno + 1 > MAX_FUNCTION_LINES:
            raise NotPure("too long")
        check_node_rules(func)
        bound = local_names(func)
        # Defaults and annotations are evaluated at definition time in the module scope.
        for name in free_names(func, bound):
            self.need_name(name, depth)


def positional_params(func):
    """The required positional parameters, or None when the signature is unsuitable."""
    args = func.args
    if args.vararg or args.kwarg:
        return None
    kw_required = [a for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is None]
    if kw_required:
        return None
    params = args.posonlyargs + args.args
    required = params[: len(params) - len(args.defaults)]
    return [a.arg for a in required]
