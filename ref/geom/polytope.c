// The regular polytopes from their standard coordinates (G-POLY.1, G-POLY.2); see polytope.h.
#include "ref/geom/polytope.h"

#include <math.h>
#include <string.h>

#define PHI 1.6180339887498948482 // (1 + sqrt 5) / 2
#define SQRT5 2.2360679774997896964

static const ak_polytope_info TABLE[] = {
    // edge / circumradius: Coxeter, Regular Polytopes, Table I (i), (ii)
    { "tetrahedron", 3, 4, 4, "tetrahedron", 1.6329931618554520655 },  // sqrt(8/3)
    { "cube", 3, 8, 6, "octahedron", 1.1547005383792515290 },          // 2/sqrt 3
    { "octahedron", 3, 6, 8, "cube", 1.4142135623730950488 },          // sqrt 2
    { "dodecahedron", 3, 20, 12, "icosahedron", 0.71364417954617975 }, // 4/(sqrt 3 (1+sqrt 5))
    { "icosahedron", 3, 12, 20, "dodecahedron", 1.0514622242382672 },  // 4/sqrt(10+2 sqrt 5)
    { "5-cell", 4, 5, 5, "5-cell", 1.5811388300841896660 },            // sqrt(5/2)
    { "8-cell", 4, 16, 8, "16-cell", 1.0 },
    { "16-cell", 4, 8, 16, "8-cell", 1.4142135623730950488 },
    { "24-cell", 4, 24, 24, "24-cell", 1.0 },
    { "120-cell", 4, 600, 120, "600-cell", 0.27009075673772640 },    // 1/(phi^2 sqrt 2)
    { "600-cell", 4, 120, 600, "120-cell", 0.61803398874989484820 }, // 1/phi
};
#define NTAB ((int)(sizeof TABLE / sizeof TABLE[0]))

int ak_polytope_count(void) { return NTAB; }
const ak_polytope_info *ak_polytope_at(int i) { return (i >= 0 && i < NTAB) ? &TABLE[i] : NULL; }

const ak_polytope_info *ak_polytope_find(const char *name) {
    if (!name) return NULL;
    if (!strcmp(name, "tesseract")) name = "8-cell";
    for (int i = 0; i < NTAB; i++)
        if (!strcmp(TABLE[i].name, name)) return &TABLE[i];
    return NULL;
}

typedef struct gen {
    int dim, count, max, overflow;
    double *out;
} gen;

static void add(gen *g, const double v[]) {
    int n = g->dim;
    for (int k = 0; k < g->count; k++) {
        int same = 1;
        for (int i = 0; i < n && same; i++) same = g->out[k * n + i] == v[i];
        if (same) return;
    }
    if (g->count >= g->max) {
        g->overflow = 1;
        return;
    }
    memcpy(g->out + g->count * n, v, sizeof(double) * (size_t)n);
    g->count++;
}

// Every sign change of the non-zero entries of v.
static void signs(gen *g, const double v[]) {
    int n = g->dim;
    for (unsigned s = 0; s < (1u << n); s++) {
        double w[4];
        int ok = 1;
        for (int i = 0; i < n; i++) {
            if ((s >> i & 1u) && v[i] == 0) ok = 0; // count each zero once
            w[i] = (s >> i & 1u) ? -v[i] : v[i];
        }
        if (ok) add(g, w);
    }
}

// Permutations of base (0: all, 1: only the even ones, 2: only the odd ones), each with every
// sign change. The duals of the icosahedral polytopes are the odd-permutation sets: their vertex
// directions are then the facet normals of the even-permutation polytopes.
static void perms(gen *g, const double base[], int even_only) {
    int n = g->dim, p[4] = { 0, 1, 2, 3 };
    // Heap-free enumeration: all n! index orders by brute force over n^n tuples
    int total = 1;
    for (int i = 0; i < n; i++) total *= n;
    for (int t = 0; t < total; t++) {
        int x = t, used = 0, ok = 1;
        for (int i = 0; i < n; i++) {
            p[i] = x % n;
            x /= n;
            if (used >> p[i] & 1) ok = 0;
            used |= 1 << p[i];
        }
        if (!ok) continue;
        int inv = 0;
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) inv += p[i] > p[j];
        if (even_only == 1 && (inv & 1)) continue;
        if (even_only == 2 && !(inv & 1)) continue;
        double w[4];
        for (int i = 0; i < n; i++) w[i] = base[p[i]];
        signs(g, w);
    }
}

// Unscaled standard coordinates; dual = 1 gives the facet-normal directions instead.
static int raw(const char *name, int dual, double out[], int max) {
    const ak_polytope_info *info = ak_polytope_find(name);
    if (!info) return -1;
    gen g = { info->dim, 0, max, 0, out };
    const double ip = 1 / PHI, p2 = PHI * PHI, ip2 = 1 / (PHI * PHI);
    const char *nm = info->name;
    if (!strcmp(nm, "tetrahedron")) {
        double s = dual ? -1 : 1;
        double v[4][3] = { { 1, 1, 1 }, { 1, -1, -1 }, { -1, 1, -1 }, { -1, -1, 1 } };
        for (int k = 0; k < 4; k++) {
            double w[3] = { s * v[k][0], s * v[k][1], s * v[k][2] };
            add(&g, w);
        }
    } else if (!strcmp(nm, "5-cell")) {
        double s = dual ? -1 : 1, a = 1 / SQRT5;
        double v[5][4] = { { 1, 1, 1, -a },
                           { 1, -1, -1, -a },
                           { -1, 1, -1, -a },
                           { -1, -1, 1, -a },
                           { 0, 0, 0, 4 * a } };
        for (int k = 0; k < 5; k++) {
            double w[4];
            for (int i = 0; i < 4; i++) w[i] = s * v[k][i];
            add(&g, w);
        }
    } else if ((!strcmp(nm, "cube") && !dual) || (!strcmp(nm, "octahedron") && dual)) {
        perms(&g, (double[]){ 1, 1, 1 }, 0);
    } else if ((!strcmp(nm, "octahedron") && !dual) || (!strcmp(nm, "cube") && dual)) {
        perms(&g, (double[]){ 1, 0, 0 }, 0);
    } else if (!strcmp(nm, "icosahedron") || !strcmp(nm, "dodecahedron")) {
        int odd = dual ? 2 : 1;
        if (!strcmp(nm, "icosahedron") == !dual) {
            perms(&g, (double[]){ 0, 1, PHI }, odd);
        } else {
            perms(&g, (double[]){ 1, 1, 1 }, 0);
            perms(&g, (double[]){ 0, ip, PHI }, odd);
        }
    } else if ((!strcmp(nm, "8-cell") && !dual) || (!strcmp(nm, "16-cell") && dual)) {
        perms(&g, (double[]){ 1, 1, 1, 1 }, 0);
    } else if ((!strcmp(nm, "16-cell") && !dual) || (!strcmp(nm, "8-cell") && dual)) {
        perms(&g, (double[]){ 1, 0, 0, 0 }, 0);
    } else if (!strcmp(nm, "24-cell") && !dual) {
        perms(&g, (double[]){ 1, 1, 0, 0 }, 0);
    } else if (!strcmp(nm, "24-cell") && dual) {
        perms(&g, (double[]){ 1, 0, 0, 0 }, 0);
        perms(&g, (double[]){ 0.5, 0.5, 0.5, 0.5 }, 0);
    } else if (!strcmp(nm, "600-cell") || !strcmp(nm, "120-cell")) {
        int odd = dual ? 2 : 1;
        if (!strcmp(nm, "600-cell") == !dual) {
            perms(&g, (double[]){ 0.5, 0.5, 0.5, 0.5 }, 0);
            perms(&g, (double[]){ 1, 0, 0, 0 }, 0);
            perms(&g, (double[]){ 0.5 * PHI, 0.5, 0.5 * ip, 0 }, odd);
        } else {
            perms(&g, (double[]){ 0, 0, 2, 2 }, 0);
            perms(&g, (double[]){ 1, 1, 1, SQRT5 }, 0);
            perms(&g, (double[]){ ip2, PHI, PHI, PHI }, 0);
            perms(&g, (double[]){ ip, ip, ip, p2 }, 0);
            perms(&g, (double[]){ 0, ip2, 1, p2 }, odd);
            perms(&g, (double[]){ 0, ip, PHI, SQRT5 }, odd);
            perms(&g, (double[]){ ip, 1, PHI, 2 }, odd);
        }
    } else
        return -1;
    return g.overflow ? -1 : g.count;
}

int ak_polytope_vertices(const char *name, double r, double out[], int max) {
    const ak_polytope_info *info = ak_polytope_find(name);
    if (!info || !(r > 0) || !isfinite(r) || !out || max < info->nverts) return -1;
    int c = raw(name, 0, out, max);
    if (c != info->nverts) return -1;
    int n = info->dim;
    for (int k = 0; k < c; k++) {
        double l = 0;
        for (int i = 0; i < n; i++) l += out[k * n + i] * out[k * n + i];
        l = sqrt(l);
        // every vertex is at the circumradius; scale each by r / |v| (exact up to rounding)
        for (int i = 0; i < n; i++) out[k * n + i] *= r / l;
    }
    return c;
}

int ak_polytope_facet_normals(const char *name, double out[], int max) {
    const ak_polytope_info *info = ak_polytope_find(name);
    if (!info || !out || max < info->nfacets) return -1;
    int c = raw(name, 1, out, max);
    return c == info->nfacets ? c : -1;
}
