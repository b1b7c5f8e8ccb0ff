/* isl_calc: answers the queries of a tessera-calc query file with isl, for
 * the speed comparison in benches/presburger.md.
 *
 * Input: one query a line, in isl syntax, as written by
 * `cargo run --release --example presburger_queries`:
 *   is-empty { [d0, d1] : ... }
 *   project <first> <n> { [d0, d1, d2] : ... }   (projects out n dims from first)
 *   card { [d0, d1] : ... }                       (the number of points of a bounded set)
 *   lexmin { ... }                                (a point `(a, b)` or `empty`)
 *   symbolic-lexmin [s0] -> { ... }               (the parametric lexmin, isl's PIP)
 *   coalesce { A ; B }, convex-hull { A ; B }     (of a union)
 *   gist { A } | { B }                            (A in the context B)
 * Output: one answer a line: `true`/`false`, the count, the point, or the
 * set.
 * Prints the total time spent in isl (parsing included) on stderr.
 */
#include <isl/ctx.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/point.h>
#include <isl/val.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "timing.h"


/* The set read from `text`, or exit with the query line on a parse error. */
static isl_set *read_or_die(isl_ctx *ctx, const char *text, const char *line) {
  isl_set *set = isl_set_read_from_str(ctx, text);
  if (!set) {
    fprintf(stderr, "isl_calc: cannot parse: %s", line);
    exit(1);
  }
  return set;
}

/* `(a, b)` for a set of one point (consumed), `empty` for an empty one,
 * as tessera-calc prints a lexmin. */
static char *point_text(isl_set *set) {
  if (isl_set_is_empty(set)) {
    isl_set_free(set);
    return strdup("empty");
  }
  isl_size n = isl_set_dim(set, isl_dim_set);
  isl_point *point = isl_set_sample_point(set);
  size_t cap = 64 + 32 * (size_t)n, len = 0;
  char *out = malloc(cap);
  len += snprintf(out + len, cap - len, "(");
  for (int i = 0; i < n; i++) {
    isl_val *v = isl_point_get_coordinate_val(point, isl_dim_set, i);
    char *text = isl_val_to_str(v);
    len += snprintf(out + len, cap - len, "%s%s", i ? ", " : "", text);
    free(text);
    isl_val_free(v);
  }
  snprintf(out + len, cap - len, ")");
  isl_point_free(point);
  return out;
}

int main(int argc, char **argv) {
  FILE *in = argc > 1 ? fopen(argv[1], "r") : stdin;
  if (!in) {
    perror("isl_calc");
    return 1;
  }
  int quiet = argc > 2 && strcmp(argv[2], "--quiet") == 0;
  isl_ctx *ctx = isl_ctx_alloc();
  char *line = NULL;
  size_t cap = 0;
  double total = 0;
  long queries = 0;
  size_t times_cap = 1024;
  double *times = malloc(times_cap * sizeof(double));
  while (getline(&line, &cap, in) > 0) {
    if (line[0] == '#' || line[0] == '\n')
      continue;
    double start = now();
    char *answer = NULL;
    if (strncmp(line, "is-empty ", 9) == 0) {
      isl_set *set = isl_set_read_from_str(ctx, line + 9);
      if (!set) {
        fprintf(stderr, "isl_calc: cannot parse: %s", line);
        return 1;
      }
      answer = strdup(isl_set_is_empty(set) ? "true" : "false");
      isl_set_free(set);
    } else if (strncmp(line, "project ", 8) == 0) {
      unsigned first, n;
      int used = 0;
      if (sscanf(line + 8, "%u %u %n", &first, &n, &used) != 2) {
        fprintf(stderr, "isl_calc: bad project query: %s", line);
        return 1;
      }
      isl_set *set = isl_set_read_from_str(ctx, line + 8 + used);
      if (!set) {
        fprintf(stderr, "isl_calc: cannot parse: %s", line);
        return 1;
      }
      set = isl_set_project_out(set, isl_dim_set, first, n);
      set = isl_set_coalesce(set);
      answer = isl_set_to_str(set);
      isl_set_free(set);
    } else if (strncmp(line, "card ", 5) == 0) {
      isl_set *set = isl_set_read_from_str(ctx, line + 5);
      if (!set) {
        fprintf(stderr, "isl_calc: cannot parse: %s", line);
        return 1;
      }
      isl_val *count = isl_set_count_val(set);
      answer = isl_val_to_str(count);
      isl_val_free(count);
      isl_set_free(set);
    } else if (strncmp(line, "lexmin ", 7) == 0) {
      isl_set *set = read_or_die(ctx, line + 7, line);
      answer = point_text(isl_set_lexmin(set));
    } else if (strncmp(line, "symbolic-lexmin ", 16) == 0) {
      isl_set *set = read_or_die(ctx, line + 16, line);
      set = isl_set_lexmin(set);
      answer = isl_set_to_str(set);
      isl_set_free(set);
    } else if (strncmp(line, "coalesce ", 9) == 0) {
      isl_set *set = isl_set_coalesce(read_or_die(ctx, line + 9, line));
      answer = isl_set_to_str(set);
      isl_set_free(set);
    } else if (strncmp(line, "convex-hull ", 12) == 0) {
      isl_basic_set *hull = isl_set_convex_hull(read_or_die(ctx, line + 12, line));
      answer = isl_basic_set_to_str(hull);
      isl_basic_set_free(hull);
    } else if (strncmp(line, "gist ", 5) == 0) {
      char *bar = strchr(line, '|');
      if (!bar) {
        fprintf(stderr, "isl_calc: bad gist query: %s", line);
        return 1;
      }
      *bar = '\0';
      isl_set *context = read_or_die(ctx, bar + 1, line);
      isl_set *set = isl_set_gist(read_or_die(ctx, line + 5, line), context);
      answer = isl_set_to_str(set);
      isl_set_free(set);
    } else {
      fprintf(stderr, "isl_calc: unknown query: %s", line);
      return 1;
    }
    double took = now() - start;
    total += took;
    if ((size_t)queries == times_cap) {
      times_cap *= 2;
      times = realloc(times, times_cap * sizeof(double));
    }
    times[queries] = took;
    queries++;
    if (!quiet)
      printf("%s\n", answer);
    free(answer);
  }
  qsort(times, queries, sizeof(double), compare_doubles);
  fprintf(stderr, "isl_calc: %ld queries in %.3f ms (%.2f us/query mean, %.2f us median)\n", queries,
          total * 1e3, queries ? total * 1e6 / queries : 0.0, queries ? times[queries / 2] * 1e6 : 0.0);
  free(times);
  free(line);
  isl_ctx_free(ctx);
  return 0;
}
