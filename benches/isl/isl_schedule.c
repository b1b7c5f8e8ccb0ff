/* isl_schedule: isl's scheduler on the dependences tessera finds, for the
 * comparison with tessera's Pluto scheduler in benches/schedule.md.
 *
 *   isl_schedule PROBLEMS
 *
 * Input (`schedule.isl` of `cargo run --release --example scop_isl`):
 * three lines a SCoP: its name, the iteration domains as an isl union set,
 * and the memory-based dependences (flow, anti, output) as an isl union
 * map. Output: a line a SCoP, `name microseconds bands`: the median time
 * of one
 *   isl_schedule_constraints_compute_schedule(sc)
 * with sc built from the domain, the dependences as validity and as
 * proximity constraints (as Pluto: keep every dependence, bring its
 * instances close), isl's default options (its Pluto-like algorithm with
 * Feautrier's as fall-back), at least 3 runs and 0.2 s in all, parsing not
 * timed; and the number of band nodes of the schedule tree.
 *
 * Exits with status 1, naming the problem, when isl cannot parse a line or
 * finds no schedule.
 */
#include <isl/ctx.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "timing.h"

#define TARGET_SECONDS 0.2
#define MIN_RUNS 3

static isl_bool count_band(__isl_keep isl_schedule_node *node, void *user) {
  if (isl_schedule_node_get_type(node) == isl_schedule_node_band)
    ++*(int *)user;
  return isl_bool_true;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: isl_schedule PROBLEMS\n");
    return 2;
  }
  FILE *in = fopen(argv[1], "r");
  if (!in) {
    perror(argv[1]);
    return 2;
  }
  isl_ctx *ctx = isl_ctx_alloc();
  char *name = NULL, *domain_text = NULL, *deps_text = NULL;
  size_t name_cap = 0, domain_cap = 0, deps_cap = 0;
  while (read_line(in, &name, &name_cap)) {
    if (!read_line(in, &domain_text, &domain_cap) || !read_line(in, &deps_text, &deps_cap)) {
      fprintf(stderr, "%s: missing domain or dependences\n", name);
      return 1;
    }
    isl_union_set *domain = isl_union_set_read_from_str(ctx, domain_text);
    isl_union_map *deps = isl_union_map_read_from_str(ctx, deps_text);
    if (!domain || !deps) {
      fprintf(stderr, "%s: isl cannot parse the problem\n", name);
      return 1;
    }
    double times[10000];
    int runs = 0, bands = 0;
    double spent = 0;
    while ((runs < MIN_RUNS || spent < TARGET_SECONDS) && runs < 10000) {
      isl_schedule_constraints *sc =
          isl_schedule_constraints_on_domain(isl_union_set_copy(domain));
      sc = isl_schedule_constraints_set_validity(sc, isl_union_map_copy(deps));
      sc = isl_schedule_constraints_set_proximity(sc, isl_union_map_copy(deps));
      double start = now();
      isl_schedule *schedule = isl_schedule_constraints_compute_schedule(sc);
      double t = now() - start;
      if (!schedule) {
        fprintf(stderr, "%s: isl found no schedule\n", name);
        return 1;
      }
      if (runs == 0)
        isl_schedule_foreach_schedule_node_top_down(schedule, count_band, &bands);
      isl_schedule_free(schedule);
      times[runs++] = t;
      spent += t;
    }
    qsort(times, runs, sizeof(double), compare_doubles);
    printf("%s %.1f %d\n", name, times[runs / 2] * 1e6, bands);
    fflush(stdout);
    isl_union_set_free(domain);
    isl_union_map_free(deps);
  }
  free(name);
  free(domain_text);
  free(deps_text);
  fclose(in);
  isl_ctx_free(ctx);
  return 0;
}
