// bench_render: ms per frame and megapixels per second of the stack scene with soft shadows,
// at 1280x720 and 1920x1080, on the CPU reference tracer (all cores, OpenMP) and on every
// Vulkan device (lavapipe and any real GPU), the frames of the backends interleaved. Prints a
// table, each device's speed relative to the CPU tracer measured in the same run (wall clock
// and process CPU time), and writes CSV. For Vulkan the table also gives the dispatch time
// alone by GPU timestamps (gpu-ms: without the upload, the read-back of the image and the
// submission).
//   usage: bench_render [--frames N] [--csv FILE] [--sizes WxH,WxH] [--no-cpu] [--no-gpu] [--gpu]
//                       [--threads] [--no-settle]
//   --gpu: only hardware Vulkan devices (no lavapipe); exit 1 when there is none.
//   --threads: each thread's CPU time during the timed Vulkan frames (Linux: /proc/self/task),
//   so that a software device's split of the work between its threads shows (lavapipe: how
//   evenly its worker threads share a frame; docs/performance.md, issue 29 item 4).
//   Each timed frame starts after a pause of SETTLE_MS (not timed), so that no backend's frame
//   carries the threads the previous one left running: libgomp's workers spin for some
//   milliseconds after the CPU tracer's parallel loop (OMP_WAIT_POLICY unset), which took a core
//   and 2-7 ms of CPU time from the lavapipe frame after it (docs/performance.md, issue 29 item 4,
//   ninth round). --no-settle: no pause (the interleaving of earlier versions).
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "render/scene.h"
#include "render/tracer.h"
#include "render/vk.h"
#include "verify/bench/bench_args.h"
#include "verify/bench/bench_clock.h"

// The pause before each timed frame (above): longer than libgomp's spin after a parallel region
// (GOMP_SPINCOUNT's default 300,000 iterations: a few milliseconds)
#define SETTLE_MS 30
static int settle_on = 1;

static void settle(void) {
    if (!settle_on) return;
    struct timespec t = { 0, SETTLE_MS * 1000000L };
    while (nanosleep(&t, &t) != 0 && errno == EINTR) {}
}

static double now_ms(void) { return 1e3 * bench_seconds(CLOCK_MONOTONIC); }

// Process CPU time (all threads, lavapipe's workers included): independent of other load on a
// shared machine, unlike the wall clock.
static double cpu_ms(void) { return 1e3 * bench_seconds(CLOCK_PROCESS_CPUTIME_ID); }

// Per-thread CPU time (--threads): each task of this process, its name and nanoseconds on a CPU
// (/proc/self/task/TID/schedstat, first field), summed over the intervals between
// threads_mark(0) and threads_mark(1).
#define MAX_TASKS 64
static struct {
    long tid;
    char name[32];
    double start_ns, total_ns;
} tasks[MAX_TASKS];
static int ntasks;

static void threads_mark(int end) {
    DIR *d = opendir("/proc/self/task");
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) {
        long tid = strtol(e->d_name, NULL, 10);
        if (tid <= 0) continue;
        char path[96];
        snprintf(path, sizeof path, "/proc/self/task/%ld/schedstat", tid);
        FILE *f = fopen(path, "r");
        double ns = 0;
        if (!f) continue;
        int got = fscanf(f, "%lf", &ns);
        fclose(f);
        if (got != 1) continue;
        int k = 0;
        while (k < ntasks && tasks[k].tid != tid) k++;
        if (k == ntasks) {
            if (ntasks == MAX_TASKS) continue;
            ntasks++;
            tasks[k].tid = tid;
            tasks[k].total_ns = 0;
            tasks[k].start_ns = ns;
            snprintf(path, sizeof path, "/proc/self/task/%ld/comm", tid);
            snprintf(tasks[k].name, sizeof tasks[k].name, "?");
            if ((f = fopen(path, "r"))) {
                if (fgets(tasks[k].name, sizeof tasks[k].name, f))
                    tasks[k].name[strcspn(tasks[k].name, "\n")] = 0;
                fclose(f);
            }
        }
        if (end)
            tasks[k].total_ns += ns - tasks[k].start_ns;
        else
            tasks[k].start_ns = ns;
    }
    closedir(d);
}

static void row(FILE *csv, const char *backend, const char *device, int w, int h, int frames,
                double setup_ms, double ms, double cms, double gms) {
    double mpx = (double)w * h / 1e6 / (ms / 1e3);
    printf("%-8s %-40s %5dx%-5d %6d %10.1f %12.3f %10.3f %12.1f %10.3f\n", backend, device, w, h,
           frames, setup_ms, ms, mpx, cms, gms);
    if (csv)
        fprintf(csv, "%s,\"%s\",%d,%d,%d,%.3f,%.3f,%.4f,%.3f,%.4f\n", backend, device, w, h, frames,
                setup_ms, ms, mpx, cms, gms);
}

int main(int argc, char **argv) {
    int frames = 3, do_cpu = 1, do_gpu = 1, hw_only = 0, hw_found = 0, per_thread = 0;
    const char *csv_path = NULL;
    int sizes[8][2] = { { 1280, 720 }, { 1920, 1080 } }, nsizes = 2;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--frames") && i + 1 < argc) {
            if (bench_int("bench_render", "--frames", argv[++i], 1, 10000, &frames)) return 2;
        } else if (!strcmp(argv[i], "--csv") && i + 1 < argc)
            csv_path = argv[++i];
        else if (!strcmp(argv[i], "--no-cpu"))
            do_cpu = 0;
        else if (!strcmp(argv[i], "--no-gpu"))
            do_gpu = 0;
        else if (!strcmp(argv[i], "--gpu"))
            hw_only = 1;
        else if (!strcmp(argv[i], "--threads"))
            per_thread = 1;
        else if (!strcmp(argv[i], "--no-settle"))
            settle_on = 0;
        else if (!strcmp(argv[i], "--sizes") && i + 1 < argc) {
            nsizes = 0;
            const char *arg = argv[++i];
            char list[256];
            snprintf(list, sizeof list, "%s", arg); // strtok writes into it; arg stays whole
            for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
                int w, h, used = 0;
                if (nsizes == 8 || sscanf(tok, "%dx%d%n", &w, &h, &used) != 2 || tok[used] ||
                    w < 1 || h < 1 || w > 16384 || h > 16384) {
                    fprintf(stderr,
                            "bench_render: --sizes: expected at most 8 sizes WxH (1 to "
                            "16384 each), comma-separated, got '%s' in '%s'\n",
                            tok, arg);
                    return 2;
                }
                sizes[nsizes][0] = w, sizes[nsizes][1] = h, nsizes++;
            }
        } else {
            fprintf(stderr, "usage: bench_render [--frames N] [--csv FILE] [--sizes WxH,...] "
                            "[--no-cpu] [--no-gpu] [--gpu] [--threads] [--no-settle]\n");
            return 2;
        }
    }
    if (frames < 1 || nsizes < 1) return 2;
    static ak_render_scene s;
    char err[512];
    if (!ak_render_builtin(&s, "stack", 0.0, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    s.shadows = true;
    FILE *csv = csv_path ? fopen(csv_path, "w") : NULL;
    if (csv)
        fprintf(csv, "backend,device,width,height,frames,setup_ms,ms_per_frame,mpixel_per_s,cpu_ms_"
                     "per_frame,gpu_dispatch_ms\n");
    printf("scene 'stack' (4 tesseracts + hypersphere + ground, soft shadows), %d timed frames "
           "after 1 warm-up\n",
           frames);
    printf("%-8s %-40s %11s %6s %10s %12s %10s %12s %10s\n", "backend", "device", "size", "frames",
           "setup ms", "ms/frame", "Mpixel/s", "cpu-ms/frame", "gpu-ms");
    int rc = 0;
    // Open the Vulkan devices once (a device index past the last one ends the list).
    ak_vk_renderer *vk[16];
    int nvk = 0;
    for (int d = 0; do_gpu && d < 16; d++) {
        ak_vk_renderer *r;
        int vrc = ak_render_vk_open(&r, d, err, sizeof err);
        if (vrc == AK_VK_NO_LOADER || (vrc == AK_VK_NO_DEVICE && d == 0)) {
            printf("vulkan: %s\n", err);
            break;
        }
        if (vrc != AK_VK_OK) break;                     // past the last device
        if (hw_only && ak_render_vk_device_is_cpu(r)) { // --gpu: no software devices
            printf("vulkan %d: %s skipped (software device; --gpu)\n", d,
                   ak_render_vk_device_name(r));
            ak_render_vk_close(r);
            continue;
        }
        hw_found = 1;
        vk[nvk++] = r;
    }
    for (int k = 0; k < nsizes; k++) {
        int w = sizes[k][0], h = sizes[k][1];
        ak_render_image img;
        if (!ak_render_image_alloc(&img, w, h)) return 1;
        // Warm-up (set-up: for Vulkan the pipeline and the shader compilation), then the timed
        // frames interleaved: one CPU frame, one frame on each device, and again, so that the
        // backends see the same load on a shared machine.
        double setup[17] = { 0 }, wall[17] = { 0 }, cpu[17] = { 0 }, gsum[16] = { 0 },
               csum[16] = { 0 }, hsum[16] = { 0 };
        int gn[16] = { 0 }, ok[16];
        if (do_cpu) {
            double t0 = now_ms();
            ak_render_cpu(&s, &img);
            setup[16] = now_ms() - t0;
        }
        for (int d = 0; d < nvk; d++) {
            double t0 = now_ms();
            ok[d] = ak_render_vk_draw(vk[d], &s, &img, err, sizeof err) == AK_VK_OK;
            if (!ok[d]) {
                printf("vulkan %d: %s\n", d, err);
                rc = 1;
            }
            setup[d] = now_ms() - t0;
        }
        for (int f = 0; f < frames; f++) {
            if (do_cpu) {
                settle();
                double t0 = now_ms(), c0 = cpu_ms();
                ak_render_cpu(&s, &img);
                wall[16] += now_ms() - t0;
                cpu[16] += cpu_ms() - c0;
            }
            for (int d = 0; d < nvk; d++) {
                if (!ok[d]) continue;
                settle();
                if (per_thread) threads_mark(0);
                double t0 = now_ms(), c0 = cpu_ms();
                if (ak_render_vk_draw(vk[d], &s, &img, err, sizeof err) != AK_VK_OK) {
                    printf("vulkan %d: %s\n", d, err);
                    ok[d] = 0;
                    rc = 1;
                    continue;
                }
                wall[d] += now_ms() - t0;
                cpu[d] += cpu_ms() - c0;
                if (per_thread) threads_mark(1);
                double g = ak_render_vk_last_gpu_ms(vk[d]), gc, hm;
                if (g >= 0) gsum[d] += g, gn[d]++;
                ak_render_vk_last_readback(vk[d], &gc, &hm);
                if (gc >= 0) csum[d] += gc;
                hsum[d] += hm;
            }
        }
        if (do_cpu) {
            char dev[128];
#ifdef _OPENMP
            snprintf(dev, sizeof dev, "CPU tracer, double, %d OpenMP threads",
                     omp_get_max_threads());
#else
            snprintf(dev, sizeof dev, "CPU tracer, double, 1 thread");
#endif
            row(csv, "cpu", dev, w, h, frames, setup[16], wall[16] / frames, cpu[16] / frames, NAN);
        }
        for (int d = 0; d < nvk; d++)
            if (ok[d])
                row(csv, "vulkan", ak_render_vk_device_name(vk[d]), w, h, frames, setup[d],
                    wall[d] / frames, cpu[d] / frames, gn[d] ? gsum[d] / gn[d] : NAN);
        // where a Vulkan frame's time goes (means over the timed frames)
        for (int d = 0; d < nvk; d++)
            if (ok[d] && gn[d])
                printf(
                    "read-back %s %dx%d: dispatch %.3f ms, dispatch and image copy %.3f ms (GPU "
                    "timestamps), RGBA to RGB on the host %.3f ms, the rest of the frame %.3f ms\n",
                    ak_render_vk_device_name(vk[d]), w, h, gsum[d] / gn[d], csum[d] / gn[d],
                    hsum[d] / frames, wall[d] / frames - csum[d] / gn[d] - hsum[d] / frames);
        // --threads: the threads that ran during the timed Vulkan frames (over 1 ms per frame),
        // each one's CPU time per frame (all devices together), then cleared for the next size
        if (per_thread && nvk > 0) {
            printf("threads  %dx%d, CPU ms per Vulkan frame:", w, h);
            for (int k = 0; k < ntasks; k++)
                if (tasks[k].total_ns / frames > 1e6)
                    printf(" %s[%ld] %.1f", tasks[k].name, tasks[k].tid,
                           tasks[k].total_ns / frames * 1e-6);
            printf("\n");
            for (int k = 0; k < ntasks; k++) tasks[k].total_ns = 0;
        }
        // The goal figures: each device's speed over the CPU tracer's, measured in this run
        // (> 1: faster than the CPU tracer), by the wall clock and by the process CPU time.
        for (int d = 0; d < nvk && do_cpu; d++)
            if (ok[d])
                printf("ratio    %-40s %5dx%-5d speed / CPU tracer: %.2f (wall), %.2f (CPU time)\n",
                       ak_render_vk_device_name(vk[d]), w, h, wall[16] / wall[d], cpu[16] / cpu[d]);
        ak_render_image_free(&img);
    }
    for (int d = 0; d < nvk; d++) ak_render_vk_close(vk[d]);
    if (csv) fclose(csv);
    if (do_gpu && hw_only && !hw_found) {
        printf("bench_render: no hardware Vulkan device found (--gpu)\n");
        return 1;
    }
    return rc;
}
