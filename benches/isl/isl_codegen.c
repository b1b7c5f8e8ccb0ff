/* isl_codegen: isl's AST generator on the code generation problems of
 * `cargo run --release --example scop_isl`, for the comparison with
 * tessera's generator in benches/codegen.md.
 *
 *   isl_codegen PROBLEMS [AST_DIR]
 *
 * Input: three lines a problem: its name (`kernel problem`), the iteration
 * domains as an isl union set and the schedules as an isl union map.
 * Output: a line a problem, `name microseconds loops guards statements`:
 * the median time of one
 *   isl_ast_build_node_from_schedule_map(build,
 *       isl_union_map_intersect_domain(schedule, domain))
 * (at least 3 runs and 0.2 s in all; parsing not timed, the intersection
 * timed), with a build from the universe context of the domain's
 * parameters and isl's default options (no AST build options: at each
 * level the schedule domain is coalesced and made disjoint), and the
 * isl_ast_node_for, isl_ast_node_if and isl_ast_node_user nodes of the
 * AST. With AST_DIR, each AST is also written there as C
 * (`kernel.problem.c`).
 *
 * Exits with status 1, naming the problem, when isl cannot parse a domain
 * or schedule, or when the schedule is not defined on the whole domain or
 * not into one space. A schedule that is not injective on the domain is
 * reported on stderr: isl would run instances with equal times in an order
 * of its choice, tessera by statement index (scop_isl appends the
 * statement index as a last time dim where needed, so this should not
 * happen).
 */
#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/ctx.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "timing.h"

/* The time every measurement adds up to, at least, and the fewest runs. */
#define TARGET_SECONDS 0.2
#define MIN_RUNS 3


/* The loops, guards and statements of an AST. */
struct shape {
  int loops, guards, statements;
};

static isl_bool count_node(__isl_keep isl_ast_node *node, void *user) {
  struct shape *s = user;
  switch (isl_ast_node_get_type(node)) {
  case isl_ast_node_for:
    s->loops++;
    break;
  case isl_ast_node_if:
    s->guards++;
    break;
  case isl_ast_node_user:
    s->statements++;
    break;
  default:
    break;
  }
  return isl_bool_true;
}

/* Reports a failure on problem `name` and exits. */
static void fail(const char *name, const char *what) {
  fprintf(stderr, "isl_codegen: %s: %s\n", name, what);
  exit(1);
}

/* One AST of the problem. */
static __isl_give isl_ast_node *generate(__isl_keep isl_ast_build *build,
                                         __isl_keep isl_union_set *domain,
                                         __isl_keep isl_union_map *schedule) {
  isl_union_map *restricted =
      isl_union_map_intersect_domain(isl_union_map_copy(schedule), isl_union_set_copy(domain));
  return isl_ast_build_node_from_schedule_map(build, restricted);
}

/* Checks that the schedule is defined on the whole domain, into one space,
 * and reports (on stderr) when it is not injective there. */
static void check_problem(const char *name, __isl_keep isl_union_set *domain,
                          __isl_keep isl_union_map *schedule) {
  isl_union_set *defined = isl_union_map_domain(isl_union_map_copy(schedule));
  isl_bool covered = isl_union_set_is_subset(domain, defined);
  isl_union_set_free(defined);
  if (covered != isl_bool_true)
    fail(name, "the schedule is not defined on the whole domain");
  isl_union_map *restricted =
      isl_union_map_intersect_domain(isl_union_map_copy(schedule), isl_union_set_copy(domain));
  isl_union_set *range = isl_union_map_range(isl_union_map_copy(restricted));
  isl_size spaces = isl_union_set_n_set(range);
  isl_union_set_free(range);
  if (spaces > 1)
    fail(name, "the schedule maps into more than one space");
  if (isl_union_map_is_injective(restricted) == isl_bool_false)
    fprintf(stderr, "isl_codegen: %s: note: the schedule is not injective on the domain\n", name);
  isl_union_map_free(restricted);
}

/* Writes the AST of problem `name` as C to `dir/name.c` (spaces as dots). */
static void write_ast(const char *dir, const char *name, __isl_keep isl_ast_node *node) {
  char path[4096];
  int n = snprintf(path, sizeof path, "%s/%s.c", dir, name);
  if (n < 0 || (size_t)n >= sizeof path)
    fail(name, "AST path too long");
  for (char *p = path + strlen(dir) + 1; *p; p++)
    if (*p == ' ')
      *p = '.';
  FILE *out = fopen(path, "w");
  if (!out) {
    perror(path);
    exit(1);
  }
  char *code = isl_ast_node_to_C_str(node);
  fputs(code, out);
  free(code);
  fclose(out);
}

int main(int argc, char **argv) {
  if (argc < 2 || argc > 3) {
    fprintf(stderr, "usage: isl_codegen PROBLEMS [AST_DIR]\n");
    return 1;
  }
  FILE *in = fopen(argv[1], "r");
  if (!in) {
    perror(argv[1]);
    return 1;
  }
  const char *ast_dir = argc > 2 ? argv[2] : NULL;
  isl_ctx *ctx = isl_ctx_alloc();
  char *name = NULL, *domain_text = NULL, *schedule_text = NULL;
  size_t name_cap = 0, domain_cap = 0, schedule_cap = 0;
  size_t times_cap = 1024;
  double *times = malloc(times_cap * sizeof(double));
  while (read_line(in, &name, &name_cap)) {
    if (!read_line(in, &domain_text, &domain_cap) || !read_line(in, &schedule_text, &schedule_cap))
      fail(name, "truncated problem (a name, a domain and a schedule line expected)");
    isl_union_set *domain = isl_union_set_read_from_str(ctx, domain_text);
    if (!domain)
      fail(name, "isl cannot parse the domain");
    isl_union_map *schedule = isl_union_map_read_from_str(ctx, schedule_text);
    if (!schedule)
      fail(name, "isl cannot parse the schedule");
    check_problem(name, domain, schedule);
    isl_set *context = isl_set_universe(isl_union_set_get_space(domain));
    isl_ast_build *build = isl_ast_build_from_context(context);

    /* A first, untimed run gives the AST's shape. */
    isl_ast_node *node = generate(build, domain, schedule);
    if (!node)
      fail(name, "isl's AST generation failed");
    struct shape shape = {0, 0, 0};
    isl_ast_node_foreach_descendant_top_down(node, &count_node, &shape);
    if (ast_dir)
      write_ast(ast_dir, name, node);
    isl_ast_node_free(node);

    size_t runs = 0;
    double spent = 0;
    while (runs < MIN_RUNS || spent < TARGET_SECONDS) {
      double start = now();
      node = generate(build, domain, schedule);
      double took = now() - start;
      isl_ast_node_free(node);
      if (runs == times_cap) {
        times_cap *= 2;
        times = realloc(times, times_cap * sizeof(double));
      }
      times[runs++] = took;
      spent += took;
    }
    qsort(times, runs, sizeof(double), compare_doubles);
    printf("%s %.1f %d %d %d\n", name, times[runs / 2] * 1e6, shape.loops, shape.guards,
           shape.statements);
    fflush(stdout);
    isl_ast_build_free(build);
    isl_union_map_free(schedule);
    isl_union_set_free(domain);
  }
  free(times);
  free(name);
  free(domain_text);
  free(schedule_text);
  fclose(in);
  isl_ctx_free(ctx);
  return 0;
}
