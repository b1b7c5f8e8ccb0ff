/* Helpers shared by the isl harnesses: a monotonic clock in seconds, a
 * comparison of doubles for qsort (medians), and a line reader. */
#ifndef TESSERA_BENCH_TIMING_H
#define TESSERA_BENCH_TIMING_H

#include <stdio.h>
#include <sys/types.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Reads one line without its newline; 0 at the end of the input. */
static inline int read_line(FILE *in, char **line, size_t *cap) {
  ssize_t n = getline(line, cap, in);
  if (n <= 0)
    return 0;
  if ((*line)[n - 1] == '\n')
    (*line)[n - 1] = '\0';
  return 1;
}

#endif
