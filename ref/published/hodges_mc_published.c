// Hodges ch. 14 (G-14) as printed, single precision; see hodges_mc_published.h.
#include "ref/published/hodges_mc_published.h"
#include "ref/published/mass_published.h"

#include <math.h>

void ak_pub_g14_seed(ak_pub_g14_rng *g, uint32_t seed) {
    g->mt[0] = seed;
    for (uint32_t i = 1; i < 624; i++)
        g->mt[i] = 1812433253u * (g->mt[i - 1] ^ (g->mt[i - 1] >> 30)) + i;
    g->idx = 624;
}

uint32_t ak_pub_g14_next(ak_pub_g14_rng *g) {
    if (g->idx >= 624) {
        for (int i = 0; i < 624; i++) {
            uint32_t y = (g->mt[i] & 0x80000000u) | (g->mt[(i + 1) % 624] & 0x7fffffffu);
            g->mt[i] = g->mt[(i + 397) % 624] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
        }
        g->idx = 0;
    }
    uint32_t y = g->mt[g->idx++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

// generate_canonical<float, 24>: one 32-bit draw (24 bits wanted, 32 per draw), summed and scaled
// in float; a result that rounds up to 1 becomes nextafter(1, 0)
static float canonical_float(ak_pub_g14_rng *g) {
    float sum = 0.0f, tmp = 1.0f;
    sum += (float)ak_pub_g14_next(g) * tmp;
    tmp *= 4294967296.0f;
    float ret = sum / tmp;
    if (ret >= 1.0f) ret = nextafterf(1.0f, 0.0f);
    return ret;
}

// uniform_real_distribution<float>(a, b): canonical * (b - a) + a
float ak_pub_g14_get(ak_pub_g14_rng *g) {
    const float a = 0.0f, b = 1.0f;
    return canonical_float(g) * (b - a) + a;
}

float ak_pub_g14_pi(ak_pub_g14_rng *g, int numSamples) {
    int counter = 0;
    for (int i = 0; i < numSamples; i++) {
        float xx = ak_pub_g14_get(g);
        float yy = ak_pub_g14_get(g);
        float x2 = xx * xx;
        float y2 = yy * yy;
        if (x2 + y2 < 1.0f) counter++;
    }
    float pi = 4.0f * (float)counter / (float)numSamples;
    return pi;
}

// ch. 5: DistanceFromTriangle (normal = ab x ac, normalised) and IsExternal (in front of any
// triangle: dist > 0.0f)
static float distance_from_triangle(const float a[3], const float b[3], const float c[3],
                                    const float pt[3]) {
    float ab[3] = { b[0] - a[0], b[1] - a[1], b[2] - a[2] };
    float ac[3] = { c[0] - a[0], c[1] - a[1], c[2] - a[2] };
    float n[3] = { ab[1] * ac[2] - ab[2] * ac[1], ab[2] * ac[0] - ab[0] * ac[2],
                   ab[0] * ac[1] - ab[1] * ac[0] };
    float mag = sqrtf(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    if (mag > 0.0f) {
        float inv = 1.0f / mag;
        n[0] *= inv, n[1] *= inv, n[2] *= inv;
    }
    float ray[3] = { pt[0] - a[0], pt[1] - a[1], pt[2] - a[2] };
    return ray[0] * n[0] + ray[1] * n[1] + ray[2] * n[2];
}
static int is_external(const ak_pub_g14_hull *h, const float pt[3]) {
    for (int t = 0; t < h->ntris; t++) {
        const int *tri = h->tris[t];
        if (distance_from_triangle(h->pts[tri[0]], h->pts[tri[1]], h->pts[tri[2]], pt) > 0.0f)
            return 1;
    }
    return 0;
}

// Bounds::Expand over the points, WidthX/Y/Z = maxs - mins
static void bounds(const ak_pub_g14_hull *h, float mins[3], float width[3]) {
    float maxs[3];
    for (int i = 0; i < 3; i++) mins[i] = 1e6f, maxs[i] = -1e6f;
    for (int p = 0; p < h->npts; p++)
        for (int i = 0; i < 3; i++) {
            if (h->pts[p][i] < mins[i]) mins[i] = h->pts[p][i];
            if (h->pts[p][i] > maxs[i]) maxs[i] = h->pts[p][i];
        }
    for (int i = 0; i < 3; i++) width[i] = maxs[i] - mins[i];
}

int ak_pub_g14_center_of_mass(ak_pub_g14_rng *g, float cm[3], const ak_pub_g14_hull *h) {
    const int numSamples = 10000;
    float mins[3], w[3];
    bounds(h, mins, w);
    float c[3] = { 0.0f, 0.0f, 0.0f };
    int sampleCount = 0;
    for (int i = 0; i < numSamples; i++) {
        float pt[3];
        pt[0] = mins[0] + ak_pub_g14_get(g) * w[0];
        pt[1] = mins[1] + ak_pub_g14_get(g) * w[1];
        pt[2] = mins[2] + ak_pub_g14_get(g) * w[2];
        if (is_external(h, pt)) continue;
        c[0] += pt[0], c[1] += pt[1], c[2] += pt[2];
        sampleCount++;
    }
    for (int i = 0; i < 3; i++) cm[i] = c[i] / (float)sampleCount;
    return sampleCount;
}

int ak_pub_g14_inertia(ak_pub_g14_rng *g, float tensor[9], const ak_pub_g14_hull *h,
                       const float cm[3]) {
    const int numSamples = 10000;
    float mins[3], w[3];
    bounds(h, mins, w);
    float T[9] = { 0 };
    int sampleCount = 0;
    for (int i = 0; i < numSamples; i++) {
        float pt[3];
        pt[0] = mins[0] + ak_pub_g14_get(g) * w[0];
        pt[1] = mins[1] + ak_pub_g14_get(g) * w[1];
        pt[2] = mins[2] + ak_pub_g14_get(g) * w[2];
        if (is_external(h, pt)) continue;
        pt[0] -= cm[0], pt[1] -= cm[1], pt[2] -= cm[2];
        ak_pub_mass_hodges_tensor_add(T, pt);
        sampleCount++;
    }
    const float s = 1.0f / (float)sampleCount;
    for (int k = 0; k < 9; k++) tensor[k] = T[k] * s;
    return sampleCount;
}
