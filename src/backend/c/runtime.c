/* ---- tessera C runtime ------------------------------------------------
 * Everything generated code needs: the context (printed text, the first
 * fault, the allocations), memref descriptors, and the arithmetic helpers
 * that give MLIR's semantics without C undefined behaviour. Only libc is
 * used, and libm's fmod for arith.remf (math.h also gives NAN, signbit).
 * TM_CHECKED selects run-time checks of subscripts and use after free.
 * ---------------------------------------------------------------------- */
#include <inttypes.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

/* GCC 12's loop distribution (on at -O3) miscompiles nests where one
 * loop reads and writes an element another iteration also writes, e.g.
 *   for (i = 0; i < 6; i++) for (j = max(0, i-3); j < min(n, i+4); j++)
 *     a[2*i+5] = a[5-i] * 1.5f + a[j+4] + j;
 * (a[5] ends 153.086 instead of 152.648; -O2, clang and MLIR agree on
 * the latter). Generated code is distributed by tessera where that pays. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-tree-loop-distribution")
#endif

#ifndef TM_CHECKED
#define TM_CHECKED 1
#endif

/* Highest rank of an unranked memref (printing, copies, casts). */
#define TM_MAX_RANK 8
/* Deepest call nesting in checked mode, as the interpreter's. */
#define TM_MAX_DEPTH 256

/* Element kinds, for printing. */
enum { TM_F32 = 1, TM_F64, TM_I1, TM_I8, TM_I16, TM_I32, TM_I64 };

/* The header of an allocation made by the program; allocations form a
 * list in the context and are all freed when the entry point returns. */
typedef struct tm_block {
  struct tm_block *prev, *next;
  int freed;
} tm_block;

typedef struct tm_ctx {
  jmp_buf unwind;
  char *out;
  size_t out_len, out_cap;
  int failed, fault_line, fault_col;
  char fault_msg[512];
  tm_block *blocks;
  int64_t depth;
} tm_ctx;

/* A memref of any rank (MLIR's unranked memref), used by printing and
 * copies. `owner` is NULL for memory the host owns. */
typedef struct {
  tm_block *owner;
  void *base;
  int64_t offset, rank;
  int64_t sizes[TM_MAX_RANK], strides[TM_MAX_RANK];
} tm_umr;

/* A memref handed over by the host: the arrays hold `rank` entries. */
typedef struct {
  void *base;
  int64_t offset;
  const int64_t *sizes;
  const int64_t *strides;
} tm_host_memref;

/* i1 values are 0 or -1 (sign-extended), like every integer here. */
#define TM_BOOL(c) ((int8_t)((c) ? -1 : 0))

tm_ctx *tessera_ctx_new(void) { return (tm_ctx *)calloc(1, sizeof(tm_ctx)); }

static void tm_release(tm_ctx *ctx) {
  tm_block *b = ctx->blocks;
  while (b) {
    tm_block *next = b->next;
    free(b);
    b = next;
  }
  ctx->blocks = NULL;
  ctx->depth = 0;
}

void tessera_ctx_free(tm_ctx *ctx) {
  if (!ctx) return;
  tm_release(ctx);
  free(ctx->out);
  free(ctx);
}

const char *tessera_ctx_output(const tm_ctx *ctx, size_t *len) {
  *len = ctx->out_len;
  return ctx->out ? ctx->out : "";
}

const char *tessera_ctx_fault(const tm_ctx *ctx, int *line, int *col) {
  if (!ctx->failed) return NULL;
  *line = ctx->fault_line;
  *col = ctx->fault_col;
  return ctx->fault_msg;
}

/* Records the first fault. Outside parallel regions it unwinds to the
 * entry point; inside one it returns and the caller continues with a
 * harmless value (a load gives 0, a store is skipped) until the region
 * ends and tm_check_faults unwinds. */
static void tm_fault(tm_ctx *ctx, int line, int col, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
#ifdef _OPENMP
#pragma omp critical(tm_fault)
#endif
  {
    if (!ctx->failed) {
      ctx->failed = 1;
      ctx->fault_line = line;
      ctx->fault_col = col;
      vsnprintf(ctx->fault_msg, sizeof ctx->fault_msg, fmt, ap);
    }
  }
  va_end(ap);
#ifdef _OPENMP
  if (omp_in_parallel()) return;
#endif
  longjmp(ctx->unwind, 1);
}

static void tm_check_faults(tm_ctx *ctx) {
  if (ctx->failed) longjmp(ctx->unwind, 1);
}

static void tm_enter(tm_ctx *ctx, int line, int col) {
  if (++ctx->depth > TM_MAX_DEPTH) tm_fault(ctx, line, col, "call stack too deep");
}

/* ---- printing ---- */

/* Appends to the output; the caller holds the tm_out lock. Running out of
 * memory marks the run as failed without unwinding (a lock is held). */
static void tm_write(tm_ctx *ctx, const char *s, size_t n) {
  if (ctx->out_cap - ctx->out_len < n + 1) {
    size_t cap = ctx->out_cap ? ctx->out_cap : 256;
    char *p;
    while (cap - ctx->out_len < n + 1) cap *= 2;
    p = (char *)realloc(ctx->out, cap);
    if (!p) {
      if (!ctx->failed) {
        ctx->failed = 1;
        snprintf(ctx->fault_msg, sizeof ctx->fault_msg, "out of memory while printing");
      }
      return;
    }
    ctx->out = p;
    ctx->out_cap = cap;
  }
  memcpy(ctx->out + ctx->out_len, s, n);
  ctx->out_len += n;
  ctx->out[ctx->out_len] = 0;
}

static void tm_puts(tm_ctx *ctx, const char *s) { tm_write(ctx, s, strlen(s)); }

/* One element as the MLIR runtime prints it: %g for floats, 1/0 for i1. */
static void tm_put_elem(tm_ctx *ctx, const void *base, int64_t i, int kind) {
  char b[64];
  int n = 0;
  switch (kind) {
  case TM_F32: n = snprintf(b, sizeof b, "%g", (double)((const float *)base)[i]); break;
  case TM_F64: n = snprintf(b, sizeof b, "%g", ((const double *)base)[i]); break;
  case TM_I1: n = snprintf(b, sizeof b, "%d", ((const int8_t *)base)[i] & 1); break;
  case TM_I8: n = snprintf(b, sizeof b, "%d", (int)((const int8_t *)base)[i]); break;
  case TM_I16: n = snprintf(b, sizeof b, "%d", (int)((const int16_t *)base)[i]); break;
  case TM_I32: n = snprintf(b, sizeof b, "%" PRId32, ((const int32_t *)base)[i]); break;
  default: n = snprintf(b, sizeof b, "%" PRId64, ((const int64_t *)base)[i]); break;
  }
  tm_write(ctx, b, (size_t)n);
}

/* vector.print of a scalar, then its punctuation `suffix`. */
static void tm_print_f64(tm_ctx *ctx, double v, const char *suffix) {
#ifdef _OPENMP
#pragma omp critical(tm_out)
#endif
  {
    tm_put_elem(ctx, &v, 0, TM_F64);
    tm_puts(ctx, suffix);
  }
}

static void tm_print_i64(tm_ctx *ctx, int64_t v, const char *suffix) {
#ifdef _OPENMP
#pragma omp critical(tm_out)
#endif
  {
    tm_put_elem(ctx, &v, 0, TM_I64);
    tm_puts(ctx, suffix);
  }
}

static void tm_print_i1(tm_ctx *ctx, int64_t v, const char *suffix) {
#ifdef _OPENMP
#pragma omp critical(tm_out)
#endif
  {
    tm_puts(ctx, (v & 1) ? "1" : "0");
    tm_puts(ctx, suffix);
  }
}

/* vector.print of a string or of punctuation alone. */
static void tm_print_text(tm_ctx *ctx, const char *text) {
#ifdef _OPENMP
#pragma omp critical(tm_out)
#endif
  tm_puts(ctx, text);
}

/* The lanes of a row-major vector of sizes `shape` from dimension `d` on. */
static int64_t tm_lanes_from(const int64_t *shape, int rank, int d) {
  int64_t n = 1;
  for (; d < rank; d++) n *= shape[d];
  return n;
}

/* vector.print of a vector of `rank` dimensions of sizes `shape`, its
   lanes in row-major order: `( ( 1, 2 ), ( 3, 4 ) )`. */
static void tm_print_vector(tm_ctx *ctx, const void *e, const int64_t *shape, int rank,
                            int kind, const char *suffix) {
#ifdef _OPENMP
#pragma omp critical(tm_out)
#endif
  {
    int64_t n = tm_lanes_from(shape, rank, 0), i;
    int d;
    for (i = 0; i < n; i++) {
      if (i > 0) tm_puts(ctx, ", ");
      for (d = 0; d < rank; d++)
        if (i % tm_lanes_from(shape, rank, d) == 0) tm_puts(ctx, "( ");
      tm_put_elem(ctx, e, i, kind);
      for (d = 0; d < rank; d++)
        if ((i + 1) % tm_lanes_from(shape, rank, d) == 0) tm_puts(ctx, " )");
    }
    tm_puts(ctx, suffix);
  }
}

static int tm_live(tm_ctx *ctx, const tm_block *owner, int line, int col) {
#if TM_CHECKED
  if (owner && owner->freed) {
    tm_fault(ctx, line, col, "access to a deallocated memref");
    return 0;
  }
#else
  (void)ctx; (void)owner; (void)line; (void)col;
#endif
  return 1;
}

/* MLIR's MemRefDataPrinter: nested brackets, ", " and indentation. */
static void tm_print_rec(tm_ctx *ctx, const tm_umr *m, int kind, int64_t dim, int64_t offset,
                         int64_t level) {
  int64_t size, stride, i, k;
  const char *sep;
  if (dim == 0) {
    tm_put_elem(ctx, m->base, offset, kind);
    return;
  }
  size = m->sizes[level];
  stride = m->strides[level];
  sep = dim > 1 ? ", \n" : ", ";
  tm_puts(ctx, "[");
  if (size == 0) {
    tm_puts(ctx, "]");
    return;
  }
  tm_print_rec(ctx, m, kind, dim - 1, offset, level + 1);
  if (size <= 1) {
    tm_puts(ctx, "]");
    return;
  }
  tm_puts(ctx, sep);
  for (i = 1; i < size; i++) {
    for (k = 0; k < m->rank - dim + 1; k++) tm_puts(ctx, " ");
    tm_print_rec(ctx, m, kind, dim - 1, offset + i * stride, level + 1);
    tm_puts(ctx, i + 1 < size ? sep : "]");
  }
}

/* printMemref*: the header of the MLIR runner (base printed as 0x0, as the
 * interpreter does, since addresses differ from run to run), then data. */
static void tm_print_memref(tm_ctx *ctx, tm_umr m, int kind, int line, int col) {
  if (!tm_live(ctx, m.owner, line, col)) return;
#ifdef _OPENMP
#pragma omp critical(tm_out)
#endif
  {
    char b[64];
    int64_t k;
    tm_puts(ctx, "Unranked Memref base@ = 0x0 rank = ");
    snprintf(b, sizeof b, "%" PRId64 " offset = %" PRId64 " sizes = [", m.rank, m.offset);
    tm_puts(ctx, b);
    for (k = 0; k < m.rank; k++) {
      snprintf(b, sizeof b, k ? ", %" PRId64 : "%" PRId64, m.sizes[k]);
      tm_puts(ctx, b);
    }
    tm_puts(ctx, "] strides = [");
    for (k = 0; k < m.rank; k++) {
      snprintf(b, sizeof b, k ? ", %" PRId64 : "%" PRId64, m.strides[k]);
      tm_puts(ctx, b);
    }
    tm_puts(ctx, "] data = \n");
    tm_print_rec(ctx, &m, kind, m.rank, m.offset, 0);
    tm_puts(ctx, "\n");
  }
}

/* ---- memory ---- */

static int tm_inb(tm_ctx *ctx, int64_t i, int64_t size, int dim, int line, int col) {
  if ((uint64_t)i < (uint64_t)size) return 1;
  tm_fault(ctx, line, col, "out-of-bounds access: index %" PRId64 " in dimension %d of size %" PRId64,
           i, dim, size);
  return 0;
}

static int tm_mul_ok(int64_t a, int64_t b, int64_t *r) {
  if (a != 0 && b > INT64_MAX / a) return 0;
  *r = a * b;
  return 1;
}

/* Row-major strides (a zero size counts as one, as in the interpreter);
 * 0 on overflow. */
static int tm_row_major(int64_t rank, const int64_t *sizes, int64_t *strides) {
  int64_t k, s = 1;
  for (k = rank - 1; k >= 0; k--) {
    strides[k] = s;
    if (!tm_mul_ok(s, sizes[k] > 1 ? sizes[k] : 1, &s)) return 0;
  }
  return 1;
}

/* Allocates a memref: fills `strides` and `*offset` for the layout
 * (0: identity; 1: permutation `data[pos]` = dim; 2: strided, `data` =
 * strides then offset) and returns the aligned base. On failure the
 * descriptor is emptied (every size 0). */
static void *tm_alloc(tm_ctx *ctx, tm_block **owner, int64_t rank, int64_t *sizes,
                      int64_t *strides, int64_t *offset, int layout, const int64_t *data,
                      size_t elem, size_t align, int line, int col) {
  int64_t k, len = 1, extent = 0;
  size_t bytes;
  char *raw;
  tm_block *b;
  uintptr_t p;
  const char *err = NULL;
  *owner = NULL;
  *offset = 0;
  for (k = 0; k < rank; k++)
    if (sizes[k] < 0) err = "negative memref size";
  if (!err && layout == 0 && !tm_row_major(rank, sizes, strides)) err = "allocation too large";
  if (!err && layout == 1) {
    int64_t phys[64], pstrides[64];
    if (rank > 64) err = "allocation too large";
    for (k = 0; !err && k < rank; k++) phys[k] = sizes[data[k]];
    if (!err && !tm_row_major(rank, phys, pstrides)) err = "allocation too large";
    for (k = 0; !err && k < rank; k++) strides[data[k]] = pstrides[k];
  }
  if (!err && layout == 2) {
    for (k = 0; k < rank; k++) {
      strides[k] = data[k];
      if (data[k] < 0) err = "cannot allocate a memref with negative strides";
    }
    *offset = data[rank];
    if (*offset < 0) err = "cannot allocate a memref with a negative offset";
  }
  for (k = 0; !err && k < rank; k++) {
    int64_t span;
    if (sizes[k] == 0) continue;
    if (!tm_mul_ok(sizes[k] - 1, strides[k], &span) || span > INT64_MAX - extent) err = "allocation too large";
    else extent += span;
  }
  if (!err) {
    if (extent > INT64_MAX - *offset - 1) err = "allocation too large";
    else len = *offset + extent + 1;
  }
  if (!err && (uint64_t)len > (SIZE_MAX - sizeof(tm_block) - align) / elem) err = "allocation too large";
  raw = NULL;
  if (!err) {
    bytes = (size_t)len * elem;
    raw = (char *)malloc(sizeof(tm_block) + bytes + align);
    if (!raw) err = "allocation too large";
  }
  if (err) {
    for (k = 0; k < rank; k++) sizes[k] = strides[k] = 0;
    *offset = 0;
    tm_fault(ctx, line, col, "%s", err);
    return NULL;
  }
  b = (tm_block *)raw;
  b->freed = 0;
  b->prev = NULL;
#ifdef _OPENMP
#pragma omp critical(tm_alloc)
#endif
  {
    b->next = ctx->blocks;
    if (ctx->blocks) ctx->blocks->prev = b;
    ctx->blocks = b;
  }
  *owner = b;
  p = (uintptr_t)(raw + sizeof(tm_block));
  p = (p + align - 1) & ~(uintptr_t)(align - 1);
  return (void *)p;
}

/* memref.dealloc. Checked mode keeps the memory (marked freed) until the
 * entry point returns, so that later accesses are caught. */
static void tm_dealloc(tm_ctx *ctx, tm_block *b, int line, int col) {
  if (!b) {
    tm_fault(ctx, line, col, "deallocation of a memref the program did not allocate");
    return;
  }
#if TM_CHECKED
  if (b->freed) {
    tm_fault(ctx, line, col, "double deallocation");
    return;
  }
  b->freed = 1;
#else
#ifdef _OPENMP
#pragma omp critical(tm_alloc)
#endif
  {
    if (b->prev) b->prev->next = b->next;
    else ctx->blocks = b->next;
    if (b->next) b->next->prev = b->prev;
  }
  free(b);
#endif
}

static int64_t tm_dim(tm_ctx *ctx, const int64_t *sizes, int64_t rank, int64_t i, int line, int col) {
  if (i >= 0 && i < rank) return sizes[i];
  tm_fault(ctx, line, col, "dimension %" PRId64 " out of range", i);
  return 0;
}

static void tm_cast_check(tm_ctx *ctx, int ok, int line, int col) {
  if (!ok) tm_fault(ctx, line, col, "memref.cast to an incompatible type");
}

/* memref.copy, element by element in row-major order. */
static void tm_copy(tm_ctx *ctx, tm_umr src, tm_umr dst, size_t elem, int line, int col) {
  int64_t idx[TM_MAX_RANK] = {0}, k;
  if (src.rank != dst.rank) {
    tm_fault(ctx, line, col, "memref.copy between different shapes");
    return;
  }
  for (k = 0; k < src.rank; k++)
    if (src.sizes[k] != dst.sizes[k]) {
      tm_fault(ctx, line, col, "memref.copy between different shapes");
      return;
    }
  if (!tm_live(ctx, src.owner, line, col) || !tm_live(ctx, dst.owner, line, col)) return;
  for (k = 0; k < src.rank; k++)
    if (src.sizes[k] <= 0) return;
  for (;;) {
    int64_t so = src.offset, d = dst.offset;
    for (k = 0; k < src.rank; k++) {
      so += idx[k] * src.strides[k];
      d += idx[k] * dst.strides[k];
    }
    memmove((char *)dst.base + d * (int64_t)elem, (const char *)src.base + so * (int64_t)elem, elem);
    for (k = src.rank - 1; k >= 0; k--) {
      if (++idx[k] < src.sizes[k]) break;
      idx[k] = 0;
    }
    if (k < 0) return;
  }
}

/* ---- DMA (tessera_ir::dma): a transfer completes when it starts ---- */

/* The row-major position of the subscripts `idx` in the index space of `m`,
 * or -1 after a fault when one is out of bounds. */
static int64_t tm_dma_position(tm_ctx *ctx, tm_umr m, const int64_t *idx, int line, int col) {
  int64_t k, p = 0;
  for (k = 0; k < m.rank; k++) {
    if (idx[k] < 0 || idx[k] >= m.sizes[k]) {
      tm_fault(ctx, line, col, "out-of-bounds access: index %" PRId64 " in dimension %" PRId64 " of size %" PRId64,
               idx[k], k, m.sizes[k]);
      return -1;
    }
    p = p * m.sizes[k] + idx[k];
  }
  return p;
}

/* The byte address of the element at row-major position `p` of `m`. */
static char *tm_dma_element(tm_ctx *ctx, tm_umr m, int64_t p, size_t elem, int line, int col) {
  int64_t k, total = 1, off = m.offset;
  for (k = 0; k < m.rank; k++) total *= m.sizes[k];
  if (p < 0 || p >= total) {
    tm_fault(ctx, line, col, "DMA transfer outside its memref: element %" PRId64 " of %" PRId64, p, total);
    return NULL;
  }
  for (k = m.rank - 1; k >= 0; k--) {
    off += (p % m.sizes[k]) * m.strides[k];
    p /= m.sizes[k];
  }
  return (char *)m.base + off * (int64_t)elem;
}

/* Checks the subscripts of a DMA tag. */
static void tm_dma_tag(tm_ctx *ctx, tm_umr tag, const int64_t *idx, int line, int col) {
  if (tm_live(ctx, tag.owner, line, col)) tm_dma_position(ctx, tag, idx, line, col);
}

/* A DMA start: `count` elements; with strides, the side `strided` (1 the
 * source, 2 the destination) advances by `stride` every `per` elements.
 * Every element is read before any is written. */
static void tm_dma(tm_ctx *ctx, tm_umr src, const int64_t *si, tm_umr dst, const int64_t *di, int64_t count,
                   int64_t stride, int64_t per, int strided, size_t elem, int line, int col) {
  int64_t s0, d0, k;
  char *tmp;
  if (!tm_live(ctx, src.owner, line, col) || !tm_live(ctx, dst.owner, line, col)) return;
  s0 = tm_dma_position(ctx, src, si, line, col);
  if (s0 < 0) return;
  d0 = tm_dma_position(ctx, dst, di, line, col);
  if (d0 < 0 || count <= 0) return;
  if (per <= 0) {
    tm_fault(ctx, line, col, "DMA with a non-positive number of elements per stride");
    return;
  }
  for (k = 0; k < count && !ctx->failed; k++) {
    int64_t far;
    if (__builtin_mul_overflow(k / per, stride, &far) || __builtin_add_overflow(far, k % per, &far)) {
      tm_fault(ctx, line, col, "DMA stride overflows");
      return;
    }
    if (!tm_dma_element(ctx, src, s0 + (strided == 1 ? far : k), elem, line, col) ||
        !tm_dma_element(ctx, dst, d0 + (strided == 2 ? far : k), elem, line, col))
      return;
  }
  if (ctx->failed) return;
  tmp = (char *)malloc((size_t)count * elem);
  if (!tmp) {
    tm_fault(ctx, line, col, "out of memory");
    return;
  }
  for (k = 0; k < count; k++) {
    int64_t far = (k / per) * stride + k % per;
    memcpy(tmp + k * (int64_t)elem, tm_dma_element(ctx, src, s0 + (strided == 1 ? far : k), elem, line, col), elem);
  }
  for (k = 0; k < count; k++) {
    int64_t far = (k / per) * stride + k % per;
    memcpy(tm_dma_element(ctx, dst, d0 + (strided == 2 ? far : k), elem, line, col), tmp + k * (int64_t)elem, elem);
  }
  free(tmp);
}

/* ---- integers: values are kept sign-extended from their width ---- */

static inline int64_t tm_sext(uint64_t x, int n) {
  uint64_t m;
  if (n >= 64) return (int64_t)x;
  m = (uint64_t)1 << (n - 1);
  x &= ((uint64_t)1 << n) - 1;
  return (int64_t)((x ^ m) - m);
}

static inline uint64_t tm_zext(int64_t x, int n) {
  return n >= 64 ? (uint64_t)x : (uint64_t)x & (((uint64_t)1 << n) - 1);
}

static inline int64_t tm_smin(int n) { return tm_sext((uint64_t)1 << (n - 1), n); }

/* Affine index arithmetic. Checked code wraps, as MLIR's index type does.
 * Unchecked code trusts the program, as for its subscripts: plain signed
 * `+` and `*`, whose evolution the C compiler analyses (a skewed tile's
 * `-2*t + j` subscripts vectorize; through unsigned casts they do not),
 * and an index computation that overflows is undefined there, as an
 * out-of-bounds subscript is. */
#if !TM_CHECKED
static inline int64_t tm_add(int64_t a, int64_t b) { return a + b; }
static inline int64_t tm_mul(int64_t a, int64_t b) { return a * b; }
#else
static inline int64_t tm_add(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }
static inline int64_t tm_mul(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }
#endif
static inline int64_t tm_min(int64_t a, int64_t b) { return a < b ? a : b; }
/* The lanes [*lo, *hi) of a transfer dimension of n lanes from index
   `first` that fall inside [0, size), computed without overflow. */
static inline void tm_lane_range(int64_t first, int64_t n, int64_t size, int64_t *lo,
                                 int64_t *hi) {
  if (first >= size || first <= -n) {
    *lo = 0;
    *hi = 0;
    return;
  }
  *lo = first < 0 ? -first : 0;
  *hi = n;
  if (first >= 0 ? size - first < n : size < n + first) *hi = size - first;
}
static inline int64_t tm_max(int64_t a, int64_t b) { return a > b ? a : b; }

static int tm_div_ok(tm_ctx *ctx, int64_t a, int64_t b, int n, int overflow, int line, int col) {
  if (b == 0) {
    tm_fault(ctx, line, col, "division by zero");
    return 0;
  }
  if (overflow && b == -1 && a == tm_smin(n)) {
    tm_fault(ctx, line, col, "signed division overflow");
    return 0;
  }
  return 1;
}

static inline int64_t tm_divsi(tm_ctx *ctx, int64_t a, int64_t b, int n, int line, int col) {
  return tm_div_ok(ctx, a, b, n, 1, line, col) ? a / b : 0;
}

static inline int64_t tm_remsi(tm_ctx *ctx, int64_t a, int64_t b, int n, int line, int col) {
  if (!tm_div_ok(ctx, a, b, n, 0, line, col) || b == -1) return 0;
  return a % b;
}

static inline int64_t tm_floordivsi(tm_ctx *ctx, int64_t a, int64_t b, int n, int line, int col) {
  int64_t q, r;
  if (!tm_div_ok(ctx, a, b, n, 1, line, col)) return 0;
  q = a / b;
  r = a % b;
  return (r != 0 && ((r < 0) != (b < 0))) ? q - 1 : q;
}

static inline int64_t tm_ceildivsi(tm_ctx *ctx, int64_t a, int64_t b, int n, int line, int col) {
  int64_t q, r;
  if (!tm_div_ok(ctx, a, b, n, 1, line, col)) return 0;
  q = a / b;
  r = a % b;
  return (r != 0 && ((r < 0) == (b < 0))) ? q + 1 : q;
}

static inline uint64_t tm_divui(tm_ctx *ctx, uint64_t a, uint64_t b, int line, int col) {
  if (b == 0) {
    tm_fault(ctx, line, col, "division by zero");
    return 0;
  }
  return a / b;
}

static inline uint64_t tm_ceildivui(tm_ctx *ctx, uint64_t a, uint64_t b, int line, int col) {
  if (b == 0) {
    tm_fault(ctx, line, col, "division by zero");
    return 0;
  }
  return a / b + (a % b != 0);
}

static inline uint64_t tm_remui(tm_ctx *ctx, uint64_t a, uint64_t b, int line, int col) {
  if (b == 0) {
    tm_fault(ctx, line, col, "division by zero");
    return 0;
  }
  return a % b;
}

/* Shifts by at least the width are poison in MLIR; here they give 0 (or
 * the sign for shrsi). */
static inline int64_t tm_shli(int64_t a, uint64_t b, int n) {
  return b >= (uint64_t)n ? 0 : tm_sext((uint64_t)a << b, n);
}

static inline int64_t tm_shrui(int64_t a, uint64_t b, int n) {
  return b >= (uint64_t)n ? 0 : tm_sext(tm_zext(a, n) >> b, n);
}

static inline int64_t tm_shrsi(int64_t a, uint64_t b, int n) {
  if (b >= (uint64_t)n) return a < 0 ? -1 : 0;
  return a < 0 ? (int64_t) ~(~(uint64_t)a >> b) : (int64_t)((uint64_t)a >> b);
}

/* ---- affine floordiv / ceildiv / mod (divisor positive) ---- */

static inline int64_t tm_floordiv(int64_t a, int64_t b) {
  int64_t q = a / b, r = a % b;
  return r < 0 ? q - 1 : q;
}

static inline int64_t tm_ceildiv(int64_t a, int64_t b) {
  int64_t q = a / b, r = a % b;
  return r > 0 ? q + 1 : q;
}

static inline int64_t tm_mod(int64_t a, int64_t b) {
  int64_t r = a % b;
  return r < 0 ? r + b : r;
}

/* A divisor computed at run time (a symbol): must be positive. */
static int64_t tm_divisor(tm_ctx *ctx, int64_t b, int condition, int line, int col) {
  if (b > 0) return b;
  tm_fault(ctx, line, col, "cannot evaluate %s: division by non-positive value %" PRId64,
           condition ? "condition" : "affine expression", b);
  return 1;
}

/* Trip count of `for (i = lb; i < ub; i += step)`, step > 0. */
static inline uint64_t tm_trip(int64_t lb, int64_t ub, int64_t step) {
  return lb < ub ? ((uint64_t)ub - (uint64_t)lb - 1) / (uint64_t)step + 1 : 0;
}

/* ---- floats ---- */

static inline float tm_maximumf_f32(float a, float b) {
  if (a != a || b != b) return NAN;
  if (a == b) return signbit(a) ? b : a;
  return a > b ? a : b;
}
static inline float tm_minimumf_f32(float a, float b) {
  if (a != a || b != b) return NAN;
  if (a == b) return signbit(a) ? a : b;
  return a < b ? a : b;
}
static inline float tm_maxnumf_f32(float a, float b) {
  if (a != a) return b;
  if (b != b) return a;
  return tm_maximumf_f32(a, b);
}
static inline float tm_minnumf_f32(float a, float b) {
  if (a != a) return b;
  if (b != b) return a;
  return tm_minimumf_f32(a, b);
}
static inline double tm_maximumf_f64(double a, double b) {
  if (a != a || b != b) return (double)NAN;
  if (a == b) return signbit(a) ? b : a;
  return a > b ? a : b;
}
static inline double tm_minimumf_f64(double a, double b) {
  if (a != a || b != b) return (double)NAN;
  if (a == b) return signbit(a) ? a : b;
  return a < b ? a : b;
}
static inline double tm_maxnumf_f64(double a, double b) {
  if (a != a) return b;
  if (b != b) return a;
  return tm_maximumf_f64(a, b);
}
static inline double tm_minnumf_f64(double a, double b) {
  if (a != a) return b;
  if (b != b) return a;
  return tm_minimumf_f64(a, b);
}

/* fptosi/fptoui: out of range (poison in MLIR) is a fault, as in the
 * interpreter, rather than C undefined behaviour. */
static int64_t tm_fptosi(tm_ctx *ctx, double x, int n, int line, int col) {
  double lim = (double)((uint64_t)1 << (n - 1));
  if (x < lim && (x >= -lim || x > -lim - 1.0)) return (int64_t)x;
  tm_fault(ctx, line, col, "fptosi of %g does not fit in i%d", x, n);
  return 0;
}

static int64_t tm_fptoui(tm_ctx *ctx, double x, int n, int line, int col) {
  double lim = n >= 64 ? 18446744073709551616.0 : (double)((uint64_t)1 << n);
  if (x > -1.0 && x < lim) return tm_sext((uint64_t)x, n);
  tm_fault(ctx, line, col, "fptoui of %g does not fit in i%d", x, n);
  return 0;
}

static inline float tm_f32_of_bits(uint32_t b) {
  float f;
  memcpy(&f, &b, sizeof f);
  return f;
}
static inline double tm_f64_of_bits(uint64_t b) {
  double f;
  memcpy(&f, &b, sizeof f);
  return f;
}
static inline uint32_t tm_bits_of_f32(float f) {
  uint32_t b;
  memcpy(&b, &f, sizeof b);
  return b;
}
static inline uint64_t tm_bits_of_f64(double f) {
  uint64_t b;
  memcpy(&b, &f, sizeof b);
  return b;
}
/* ---- end of the tessera C runtime ---- */
