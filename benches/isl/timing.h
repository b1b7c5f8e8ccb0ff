/* Timing helpers shared by the isl harnesses: a monotonic clock in
 * seconds and a comparison of doubles for qsort (medians). */
#ifndef TESSERA_BENCH_TIMING_H
#define TESSERA_BENCH_TIMING_H

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

#endif
