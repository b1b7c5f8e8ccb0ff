/* isl_calc: answers the queries of a tessera-calc query file with isl, for
 * the speed comparison in benches/presburger.md.
 *
 * Input: one query a line, in isl syntax, as written by
 * `cargo run --release --example presburger_queries`:
 *   is-empty { [d0, d1] : ... }
 *   project <first> <n> { [d0, d1, d2] : ... }   (projects out n dims from first)
 *   card { [d0, d1] : ... }                       (the number of points of a bounded set)
 * Output: one answer a line: `true`/`false`, or the projected set.
 * Prints the total time spent in isl (parsing included) on stderr.
 */
#include <isl/ctx.h>
#include <isl/set.h>
#include <isl/space.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "timing.h"


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
