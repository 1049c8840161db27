"""Builds the self-contained `target.py` module for a function (its imports, constants
and helpers, then the function) and the mutated variants of it.

Mutations are spliced into the original source text at the mutated node's exact
offsets, so the rest of the code keeps its real formatting and comments.
"""
import ast
import re

HEADER = '"""Extracted from {label} ({path}, `{symbol}`, line {lineno})."""\n'

# Operator tokens as they appear in source, for splicing without re-rendering operands.
TOKENS = {
    ast.Lt: (r"(?<![<>=!])<(?![<=])", "<"), ast.LtE: (r"<=", "<="), ast.Gt: (r"(?<![<>=!-])>(?![>=])", ">"),
    ast.GtE: (r">=", ">="), ast.Eq: (r"==", "=="), ast.NotEq: (r"!=", "!="),
    ast.In: (r"(?<!not )\bin\b", "in"), ast.NotIn: (r"\bnot\s+in\b", "not in"),
    ast.Is: (r"\bis\b(?!\s+not\b)", "is"), ast.IsNot: (r"\bis\s+not\b", "is not"),
    ast.Add: (r"\+", "+"), ast.Sub: (r"(?<![eE])-", "-"), ast.Mult: (r"(?<!\*)\*(?!\*)", "*"),
    ast.FloorDiv: (r"//", "//"), ast.And: (r"\band\b", "and"), ast.Or: (r"\bor\b", "or"),
}

COMPARE_SWAPS = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
BINOP_SWAPS = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.FloorDiv: ast.Mult, ast.Mult: ast.FloorDiv}

# Realistic slips: the sibling method or builtin called instead of the right one.
NAME_SWAPS = {
    "upper": "lower", "lower": "upper", "startswith": "endswith", "endswith": "startswith",
    "lstrip": "rstrip", "rstrip": "lstrip", "find": "rfind", "rfind": "find", "index": "rindex",
    "rindex": "index", "split": "rsplit", "rsplit": "split", "min": "max", "max": "min",
    "any": "all", "all": "any", "append": "insert0", "isdigit": "isalpha", "isalpha": "isdigit",
    "isupper": "islower", "islower": "isupper", "partition": "rpartition", "rpartition": "partition",
}

INCOMPLETE_RAISE = 'raise NotImplementedError("{symbol}: this case is not implemented yet")'


def stmt_text(lines, stmt):
    return "".join(lines[stmt.lineno - 1 : stmt.end_lineno])


def build_module(header, parts):
    return header + "\n" + "\n\n".join(p.rstrip("\n") + "\n" for p in parts if p)


class FunctionText:
    """The source of one function with byte-offset splicing by AST node position."""

    def __init__(self, lines, func):
        self.func = func
        self.lines = [l.encode("utf-8") for l in lines[func.lineno - 1 : func.end_lineno]]
        self.starts = []
        pos = 0
        for l in self.lines:
            self.starts.append(pos)
            pos += len(l)
        self.data = b"".join(self.lines)

    def offset(self, lineno, col):
        return self.starts[lineno - self.func.lineno] + col

    def splice(self, start_node, end_node, text):
        a = self.offset(start_node.lineno, start_node.col_offset)
        b = self.offset(end_node.end_lineno, end_node.end_col_offset)
        return (self.data[:a] + text.encode("utf-8") + self.data[b:]).decode("utf-8")

    def text(self):
        return self.data.decode("utf-8")

    def swap_token_prefix(self, node):
        """Removes the leading `not` of a unary-not node."""
        a = self.offset(node.lineno, node.col_offset)
        b = self.offset(node.operand.lineno, node.operand.col_offset)
        if not re.fullmatch(rb"not\s*\(?\s*", self.data[a:b]):
            return None
        gap = self.data[a:b]
        keep = b"(" if b"(" in gap else b""
        return (self.data[:a] + keep + self.data[b:]).decode("utf-8")

    def swap_token(self, before, after, pattern, token):
        """Replaces the operator token between two operands, keeping their text as written.

        Returns None when the gap does not hold exactly one such token (e.g. a comment).
        """
        a = self.offset(before.end_lineno, before.end_col_offset)
        b = self.offset(after.lineno, after.col_offset)
        gap = self.data[a:b].decode("utf-8")
        if len(re.findall(pattern, gap)) != 1:
            return None
        new_gap = re.sub(pattern, token, gap)
        return (self.data[:a] + new_gap.encode("utf-8") + self.data[b:]).decode("utf-8")


def body_nodes(func):
    """Nodes of the function body, docstring excluded, in a stable walk order."""
    body = func.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
        body = body[1:]
    out = []
    for stmt in body:
        out.extend(ast.walk(stmt))
    # Before 3.12 the parts of an f-string do not carry their own positions.
    inside_fstrings = {id(n) for node in out if isinstance(node, ast.JoinedStr) for n in ast.walk(node) if n is not node}
    return [n for n in out if id(n) not in inside_fstrings]


def defect_mutants(ft):
    """Small semantic changes: a comparison, an arithmetic operator, a constant, a boolean."""
    out = []
    for node in body_nodes(ft.func):
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                swap = COMPARE_SWAPS.get(type(op))
                if swap is None:
                    continue
                before = node.left if i == 0 else node.comparators[i - 1]
                text = ft.swap_token(before, node.comparators[i], TOKENS[type(op)][0], TOKENS[swap][1])
                if text is not None:
                    out.append((f"comparison {TOKENS[type(op)][1]} -> {TOKENS[swap][1]} at line {node.lineno}", text))
        elif isinstance(node, ast.BinOp) and type(node.op) in BINOP_SWAPS:
            swap = BINOP_SWAPS[type(node.op)]
            text = ft.swap_token(node.left, node.right, TOKENS[type(node.op)][0], TOKENS[swap][1])
            if text is not None:
                out.append((f"operator {TOKENS[type(node.op)][1]} -> {TOKENS[swap][1]} at line {node.lineno}", text))
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            out.append((f"constant {node.value}->{node.value + 1} at line {node.lineno}", ft.splice(node, node, repr(node.value + 1))))
        elif isinstance(node, ast.BoolOp):
            old, new = (ast.And, ast.Or) if isinstance(node.op, ast.And) else (ast.Or, ast.And)
            text = ft.swap_token(node.values[0], node.values[1], TOKENS[old][0], TOKENS[new][1])
            if text is not None:
                out.append((f"boolean {TOKENS[old][1]} -> {TOKENS[new][1]} at line {node.lineno}", text))
        elif isinstance(node, ast.Constant) and type(node.value) is str and node.value and len(node.value) <= 20 and "\n" not in node.value:
            out.append((f"string constant {node.value!r} -> '' at line {node.lineno}", ft.splice(node, node, "''")))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and NAME_SWAPS.get(node.func.attr, "insert0") != "insert0":
            attr = node.func
            new = NAME_SWAPS[attr.attr]
            a = ft.offset(attr.end_lineno, attr.end_col_offset) - len(attr.attr.encode())
            text = (ft.data[:a] + new.encode() + ft.data[a + len(attr.attr.encode()):]).decode("utf-8")
            out.append((f"method {attr.attr} -> {new} at line {node.lineno}", text))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("min", "max", "any", "all"):
            out.append((f"builtin {node.func.id} -> {NAME_SWAPS[node.func.id]} at line {node.lineno}", ft.splice(node.func, node.func, NAME_SWAPS[node.func.id])))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            text = ft.swap_token_prefix(node)
            if text is not None:
                out.append((f"negation dropped at line {node.lineno}", text))
    return out


def branch_mutants(ft, replacement):
    """Each `if` body of the function replaced by `replacement` (a statement)."""
    out = []
    for node in body_nodes(ft.func):
        if isinstance(node, ast.If) and node.body:
            out.append((f"branch body at line {node.body[0].lineno}", ft.splice(node.body[0], node.body[-1], replacement)))
    return out


def candidate_name(symbol):
    return f"{symbol}_candidate" if symbol.startswith("_") else f"_{symbol}_candidate"


def variants(source_lines, func, context_stmts, header):
    """The original module and every mutant module, grouped by mutation kind.

    Returns (original_source, {kind: [(description, module_source), ...]}).
    """
    context = [stmt_text(source_lines, s) for s in context_stmts]
    ft = FunctionText(source_lines, func)
    original = build_module(header, context + [ft.text()])
    kinds = {"injected_defect": [], "incomplete_implementation": [], "unwired_implementation": []}
    for desc, text in defect_mutants(ft):
        kinds["injected_defect"].append((desc, build_module(header, context + [text])))
    raise_stmt = INCOMPLETE_RAISE.format(symbol=func.name)
    for desc, text in branch_mutants(ft, raise_stmt):
        kinds["incomplete_implementation"].append((desc, build_module(header, context + [text])))
    cand = ft.text().replace(f"def {func.name}(", f"def {candidate_name(func.name)}(", 1)
    for desc, text in branch_mutants(ft, "pass"):
        kinds["unwired_implementation"].append((desc, build_module(header, context + [cand, text])))
    for kind, items in kinds.items():
        kinds[kind] = [(target_lines(desc, src, func), src) for desc, src in items]
    return original, kinds


def target_lines(desc, module_src, func):
    """Rewrites "at line N" (a line of the source file) as the line of the packaged target.py."""
    m = re.search(r"at line (\d+)$", desc)
    if m is None:
        return desc
    starts = [i for i, l in enumerate(module_src.splitlines(), start=1) if l.startswith(f"def {func.name}(")]
    if not starts:
        return desc
    line = int(m.group(1)) - func.lineno + starts[-1]
    return desc[: m.start()] + f"at line {line} of target.py"
