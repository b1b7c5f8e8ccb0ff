#!/usr/bin/env python3
"""The same Presburger queries through tessera's Python bindings and
through islpy, in one run, per-call overhead included.

Random systems of the shape of dependence questions (2-4 dims, 0-2
symbols, 2-7 constraints, one in five an equality, coefficients in
[-6, 6]) are written twice from the same rows, in MLIR syntax for
tessera.Set and in isl syntax for islpy.Set. Each operation is timed per
Python call on objects built beforehand (except `parse`, which times the
constructor), so the time includes everything a Python user pays: the
call, argument conversion and result wrapping. Answers that both compute
(emptiness, inclusion, equality, lexmin, counts) are compared, and a
disagreement fails the run.

    pip install ./python islpy     # a release build of the bindings
    python benches/compare_islpy.py [COUNT] [SEED]

Results on the reference machine: benches/python.md.
"""

import random
import statistics
import sys
import time

import islpy as isl

import tessera


def mlir_expr(row, names):
    terms = [f"{n} * {c}" for c, n in zip(row, names) if c]
    terms.append(str(row[-1]))
    return " + ".join(terms)


def isl_expr(row, names):
    terms = [f"{c}*{n}" for c, n in zip(row, names) if c]
    terms.append(str(row[-1]))
    return " + ".join(terms).replace("+ -", "- ")


def system(rng, dims, syms, bounded):
    """Constraint rows over dims and symbols (plus a box when `bounded`)."""
    n = dims + syms
    rows = []
    for _ in range(rng.randint(2, 7)):
        row = [rng.randint(-6, 6) for _ in range(n)] + [rng.randint(-10, 10)]
        rows.append((rng.random() < 0.2, row))
    if bounded:
        for k in range(n):
            lo = [0] * n + [8]
            lo[k] = 1
            hi = [0] * n + [8]
            hi[k] = -1
            rows += [(False, lo), (False, hi)]
    return rows


def texts(dims, syms, rows):
    d = [f"d{i}" for i in range(dims)]
    s = [f"s{i}" for i in range(syms)]
    names = d + s
    mlir = ", ".join(mlir_expr(r, names) + (" == 0" if eq else " >= 0") for eq, r in rows)
    isl_c = " and ".join(isl_expr(r, names) + (" = 0" if eq else " >= 0") for eq, r in rows)
    sym = f"[{', '.join(s)}]" if syms else ""
    isl_sym = f"[{', '.join(s)}] -> " if syms else ""
    return f"({', '.join(d)}){sym} : ({mlir})", f"{isl_sym}{{ [{', '.join(d)}] : {isl_c} }}"


def pairs(rng, count, bounded, syms_max):
    """`count` pairs of sets over the same space: (tessera, isl) each."""
    out = []
    for _ in range(count):
        dims, syms = rng.randint(2, 4), rng.randint(0, syms_max)
        a = texts(dims, syms, system(rng, dims, syms, bounded))
        b = texts(dims, syms, system(rng, dims, syms, bounded))
        out.append((a, b))
    return out


def timed(fn, items):
    """Median and mean time per call (µs) and the answers."""
    times, answers = [], []
    for x in items:
        t0 = time.perf_counter_ns()
        r = fn(x)
        times.append(time.perf_counter_ns() - t0)
        answers.append(r)
    return statistics.median(times) / 1e3, statistics.mean(times) / 1e3, answers


def isl_point(s, dims):
    if s.is_empty():
        return None
    p = s.lexmin().sample_point()
    return tuple(p.get_coordinate_val(isl.dim_type.set, k).to_python() for k in range(dims))


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 24301
    rng = random.Random(seed)
    general = pairs(rng, count, bounded=False, syms_max=2)
    boxed = pairs(rng, max(count // 4, 1), bounded=True, syms_max=0)

    def build(ps):
        ts = [(tessera.Set(a[0]), tessera.Set(b[0])) for a, b in ps]
        js = [(isl.Set(a[1]), isl.Set(b[1])) for a, b in ps]
        return ts, js

    tg, ig = build(general)
    tb, ib = build(boxed)
    # isl's lexmin on a parametric set is parametric; the symbol-free boxed
    # sets make lexmin and count the same question for both.
    queries = [
        ("parse (constructor)", general, lambda p: tessera.Set(p[0][0]), general, lambda p: isl.Set(p[0][1]), False),
        ("parse, then is_empty", general, lambda p: tessera.Set(p[0][0]).is_empty(), general, lambda p: isl.Set(p[0][1]).is_empty(), True),
        ("is_empty", tg, lambda p: p[0].is_empty(), ig, lambda p: p[0].is_empty(), True),
        ("a & b, is_empty", tg, lambda p: (p[0] & p[1]).is_empty(), ig, lambda p: (p[0] & p[1]).is_empty(), True),
        ("a | b", tg, lambda p: p[0] | p[1], ig, lambda p: p[0] | p[1], False),
        ("a - b", tg, lambda p: p[0] - p[1], ig, lambda p: p[0] - p[1], False),
        ("a <= b", tg, lambda p: p[0] <= p[1], ig, lambda p: p[0].is_subset(p[1]), True),
        ("a & b == b & a", tg, lambda p: (p[0] & p[1]) == (p[1] & p[0]), ig, lambda p: (p[0] & p[1]).is_equal(p[1] & p[0]), True),
        ("project_out (last dim)", tg, lambda p: p[0].project_out([p[0].num_dims - 1]), ig, lambda p: p[0].project_out(isl.dim_type.set, p[0].dim(isl.dim_type.set) - 1, 1), False),
        ("lexmin (boxed)", tb, lambda p: p[0].lexmin(), ib, lambda p: isl_point(p[0], p[0].dim(isl.dim_type.set)), True),
        ("count (boxed)", tb, lambda p: p[0].count(), ib, lambda p: p[0].count_val().to_python(), True),
    ]
    print(f"{count} general pairs, {len(boxed)} boxed pairs, seed {seed}\n")
    print("| query | tessera median | islpy median | ratio | tessera mean | islpy mean | answers |")
    print("|---|---|---|---|---|---|---|")
    failed = False
    for name, t_items, t_fn, i_items, i_fn, compare in queries:
        tm, tmean, ta = timed(t_fn, t_items)
        im, imean, ia = timed(i_fn, i_items)
        agree = "—"
        if compare:
            same = sum(x == y for x, y in zip(ta, ia))
            agree = f"{same}/{len(ta)} identical"
            failed |= same != len(ta)
        ratio = f"{im / tm:.1f}× faster" if tm <= im else f"{tm / im:.1f}× slower"
        print(f"| `{name}` | {tm:.1f} µs | {im:.1f} µs | {ratio} | {tmean:.1f} µs | {imean:.1f} µs | {agree} |")
    if failed:
        print("\ntessera and islpy disagree", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
