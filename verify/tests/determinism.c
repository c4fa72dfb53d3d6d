// Determinism across builds and threads: the end state of a few fixed scenes, hashed bit for bit
// (FNV-1a over the bytes of x, v, R and w of every body, ak_wc_hash), against the hashes
// committed in determinism.txt. meson runs it with 1, 2 and 4 OpenMP threads, with the engine's
// parallel threshold at one body so that the parallel loops really run on that many threads;
// .ci/run runs the same tests in its clang build, so gcc and clang must give the same bits.
//
//   determinism SOURCE_ROOT            compare with SOURCE_ROOT/verify/tests/determinism.txt
//   determinism SOURCE_ROOT --print    print the lines of that file (to write it, once, by hand)
//
// determinism.txt: one scene per line, "scene steps hash" (the scene under scenes/, the number of
// ak_world_step calls with the scene's own options, the hash as 16 hex digits); '#' starts a
// comment. Exit 0 when every hash matches, 1 when one differs, 2 on bad input.
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "verify/common/world_checks_util.h"
#include "engine/contact_cache.h"
#include "engine/model.h"

static int run_scene(const char *root, const char *scene, long steps, uint64_t *hash) {
    char path[4096], err[512];
    snprintf(path, sizeof path, "%s/scenes/%s", root, scene);
    ak_data *d = NULL;
    ak_model *m = ak_wc_load(path, &d, err, sizeof err);
    if (!m) {
        fprintf(stderr, "determinism: %s\n", err);
        return -1;
    }
#ifdef _OPENMP
    m->paths.parallel_min = 1; // every per-body loop goes parallel, however few the bodies
#endif
    int rc = ak_wc_run(m, d, steps, err, sizeof err);
    if (rc)
        fprintf(stderr, "determinism: %s: step failed: %s\n", path, err);
    else
        *hash = ak_wc_hash(m, d, 0);
    ak_model_free(m);
    ak_data_free(d);
    return rc;
}

int main(int argc, char **argv) {
    if (argc < 2 || argc > 3 || (argc == 3 && strcmp(argv[2], "--print"))) {
        fprintf(stderr, "usage: determinism SOURCE_ROOT [--print]\n");
        return 2;
    }
    bool print = argc == 3;
    const char *threads = getenv("OMP_NUM_THREADS");
#ifdef _OPENMP
    int nthreads = omp_get_max_threads();
#else
    if (getenv("CI")) {
        fprintf(stderr,
                "determinism: built without OpenMP, but CI is set: the thread check must run\n");
        return 1;
    }
    int nthreads = 1;
#endif
    if (threads && atoi(threads) != nthreads) {
        fprintf(stderr, "determinism: OMP_NUM_THREADS=%s but %d threads\n", threads, nthreads);
        return 2;
    }
    char list[4096];
    snprintf(list, sizeof list, "%s/verify/tests/determinism.txt", argv[1]);
    FILE *f = fopen(list, "r");
    if (!f) {
        fprintf(stderr, "determinism: %s: cannot open\n", list);
        return 2;
    }
    char line[1024];
    int lineno = 0, nscene = 0, bad = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *hash_mark = strchr(line, '#');
        if (hash_mark) *hash_mark = '\0';
        char scene[256], hex[64];
        long steps;
        int k = sscanf(line, "%255s %ld %63s", scene, &steps, hex);
        if (k <= 0) continue;
        uint64_t want = 0;
        char *end = NULL;
        if (k == 3) want = strtoull(hex, &end, 16);
        if (k != 3 || steps < 1 || strlen(hex) != 16 || *end) {
            fprintf(stderr,
                    "%s:%d: expected \"scene steps hash\" (steps >= 1, hash 16 hex digits)\n", list,
                    lineno);
            fclose(f);
            return 2;
        }
        uint64_t got;
        if (run_scene(argv[1], scene, steps, &got)) {
            fclose(f);
            return 2;
        }
        nscene++;
        if (print) {
            printf("%s %ld %016" PRIx64 "\n", scene, steps, got);
        } else if (got != want) {
            fprintf(stderr,
                    "%s, %ld steps, %d threads: hash %016" PRIx64 ", committed %016" PRIx64 "\n",
                    scene, steps, nthreads, got, want);
            bad++;
        } else {
            printf("%s, %ld steps, %d threads: %016" PRIx64 " as committed\n", scene, steps,
                   nthreads, got);
        }
    }
    fclose(f);
    if (nscene == 0) {
        fprintf(stderr, "determinism: %s lists no scene\n", list);
        return 2;
    }
    return bad ? 1 : 0;
}
