#!/usr/bin/env python3
"""Writes ir/src/syntax/registered_ops.rs: the ops mlir-opt 19 registers,
with the number of regions, results and operands each takes, and the
length of `operandSegmentSizes` for the ops that have one.

mlir-opt has no flag listing its ops, so this asks mlir-opt itself: every
`dialect.name` string in its binary is a candidate, and a candidate is an
op when mlir-opt, given `"dialect.name"() : () -> ()`, does not answer
"unregistered operation ... that does not allow unknown operations".
The dialects that allow unknown ops are found the same way.

An op's counts are MLIR's count traits (`OneRegion`, `NResults<2>`,
`AtLeastNOperands<1>`, ...), which the verifier checks first, in that
order: starting from no region, result or operand, each count error
mlir-opt reports ("requires one region", "expected 2 operands, but found
0", "expected 1 or more results") sets that count, until mlir-opt reports
something else; a count never reported is then tried one higher, to tell
an exact count from any number.

An op's operand segments are found by giving it an `operandSegmentSizes`
of 15 elements: mlir-opt answers "size mismatch in attribute conversion:
15 vs N" when the op has N segments.

Usage: scripts/registered-ops.py [path/to/mlir-opt]   (about 4 minutes)
"""

import os
import re
import subprocess
import sys
import tempfile

MLIR_OPT = sys.argv[1] if len(sys.argv) > 1 else "/usr/lib/llvm-19/bin/mlir-opt"
OUT = os.path.join(os.path.dirname(__file__), "..", "ir", "src", "syntax", "registered_ops.rs")
UNKNOWN = "that does not allow unknown operations"

# (category, exact?, message pattern, count); categories: 0 regions,
# 1 results, 2 operands.
COUNT_ERRORS = [
    (0, True, r"requires zero regions$", lambda m: 0),
    (0, True, r"requires one region$", lambda m: 1),
    (0, True, r"expected (\d+) regions$", lambda m: int(m.group(1))),
    (0, False, r"expected (\d+) or more regions$", lambda m: int(m.group(1))),
    (1, True, r"requires zero results$", lambda m: 0),
    (1, True, r"requires one result$", lambda m: 1),
    (1, True, r"expected (\d+) results$", lambda m: int(m.group(1))),
    (1, False, r"expected (\d+) or more results$", lambda m: int(m.group(1))),
    (2, True, r"requires zero operands$", lambda m: 0),
    (2, True, r"requires a single operand$", lambda m: 1),
    (2, True, r"expected (\d+) operands, but found \d+$", lambda m: int(m.group(1))),
    (2, False, r"expected (\d+) or more operands, but found \d+$", lambda m: int(m.group(1))),
]


def run(text):
    """mlir-opt's first error on `text`: "" when it accepts, None when it crashes."""
    with tempfile.NamedTemporaryFile("w", suffix=".mlir") as f:
        f.write(text)
        f.flush()
        r = subprocess.run([MLIR_OPT, f.name], capture_output=True, text=True)
    if r.returncode == 0:
        return ""
    if r.returncode > 1:
        return None
    for line in r.stderr.splitlines():
        m = re.search(r"error: (.*)", line)
        if m:
            return m.group(1)
    return "?"


def registered_dialects():
    out = subprocess.run([MLIR_OPT, "--show-dialects"], capture_output=True, text=True).stdout
    return out.split(":", 1)[1].strip().split(",")


def is_op(name):
    """Whether mlir-opt knows `name` (it may still reject the empty op)."""
    error = run('"%s"() : () -> ()\n' % name)
    return error is None or UNKNOWN not in error


def with_counts(name, counts):
    regions, results, operands = counts
    lhs = "" if results == 0 else ("%0 = " if results == 1 else "%%0:%d = " % results)
    body = "" if regions == 0 else " (" + ", ".join(["{\n}"] * regions) + ")"
    result_types = "index" if results == 1 else "(" + ", ".join(["index"] * results) + ")"
    return "func.func @p(%%a: index) {\n  %s\"%s\"(%s)%s : (%s) -> %s\n  return\n}\n" % (
        lhs, name, ", ".join(["%a"] * operands), body, ", ".join(["index"] * operands), result_types)


def count_error(error):
    for category, exact, pattern, count in COUNT_ERRORS:
        m = re.search(r"' op " + pattern, error or "")
        if m:
            return category, exact, count(m)
    return None


def shape(name):
    """The op's (exact?, count) per category, None for any number; None
    when mlir-opt crashes on it."""
    counts, found = [0, 0, 0], [None, None, None]
    for _ in range(8):
        error = run(with_counts(name, counts))
        if error is None:
            return None
        c = count_error(error)
        if c is None:
            break
        category, exact, count = c
        if found[category] is not None and counts[category] == count:
            return None
        found[category], counts[category] = (exact, count), count
    for category in range(3):
        more = list(counts)
        more[category] += 1
        c = count_error(run(with_counts(name, more)))
        exact = c is not None and c[0] == category and c[1] and c[2] == counts[category]
        if found[category] is None or found[category][0]:
            found[category] = (True, counts[category]) if exact else None
    return found


def operand_segments(ops):
    """{op: number of operand segments} over `ops`, in one mlir-opt run."""
    chunks = ['"%s"() <{operandSegmentSizes = array<i32: %s>}> : () -> ()' % (op, ", ".join(["0"] * 15))
              for op in ops]
    with tempfile.NamedTemporaryFile("w", suffix=".mlir") as f:
        f.write("\n// -----\n".join(chunks))
        f.flush()
        r = subprocess.run([MLIR_OPT, "-split-input-file", f.name], capture_output=True, text=True)
    pattern = r"for op ([a-z_0-9.]+): size mismatch in attribute conversion: 15 vs (\d+)"
    return {m.group(1): int(m.group(2)) for m in re.finditer(pattern, r.stderr)}


def rust_count(c):
    if c is None:
        return "Any"
    exact, n = c
    return "Exactly(%d)" % n if exact else "AtLeast(%d)" % n


def main():
    dialects = registered_dialects()
    allowing = [d for d in dialects if is_op(d + ".no_such_op_tessera")]
    strict = [d for d in dialects if d not in allowing]
    binary = open(MLIR_OPT, "rb").read().decode("latin-1")
    pattern = r"(?<![a-z_0-9.])(?:%s)\.[a-z_0-9.]*[a-z_0-9]" % "|".join(map(re.escape, strict))
    candidates = sorted(set(re.findall(pattern, binary)))
    ops = [c for c in candidates if is_op(c)]
    shapes = {op: shape(op) for op in ops}
    segments = operand_segments(ops)
    with open(OUT, "w") as out:
        out.write(
            "//! The ops mlir-opt 19 registers and their count traits, generated by\n"
            "//! `scripts/registered-ops.py` with mlir-opt itself as the oracle: do not\n"
            "//! edit by hand.\n\n"
            "use super::Count::{self, AtLeast, Any, Exactly};\n\n"
            "/// The registered dialects that accept ops they do not define.\n"
            "pub const DIALECTS_ALLOWING_UNKNOWN_OPS: &[&str] = &[\n"
        )
        out.writelines('    "%s",\n' % d for d in allowing)
        out.write(
            "];\n\n"
            "/// The ops of the other registered dialects, sorted, each with the\n"
            "/// regions, results and operands MLIR's count traits let it have\n"
            "/// (`None` where mlir-opt crashes on the op without them).\n"
            "#[allow(clippy::type_complexity)]\n"
            "pub const REGISTERED_OPS: &[(&str, Option<[Count; 3]>)] = &[\n"
        )
        for op in ops:
            s = shapes[op]
            counts = "None" if s is None else "Some([%s])" % ", ".join(map(rust_count, s))
            out.write('    ("%s", %s),\n' % (op, counts))
        out.write(
            "];\n\n"
            "/// The registered ops with an `operandSegmentSizes` property, sorted,\n"
            "/// each with the number of operand segments it has.\n"
            "pub const OPERAND_SEGMENTS: &[(&str, usize)] = &[\n"
        )
        out.writelines('    ("%s", %d),\n' % (op, segments[op]) for op in ops if op in segments)
        out.write("];\n")
    subprocess.run(["rustfmt", "--edition", "2021", OUT], check=True)
    print("%d dialects allow unknown ops; %d of %d candidates are ops; %d have operand segments"
          % (len(allowing), len(ops), len(candidates), len(segments)))


if __name__ == "__main__":
    main()
