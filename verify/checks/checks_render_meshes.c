// Group "render": meshes and slices (B-8slice)
#include "verify/checks/checks_render_common.h"

// ---- meshes and slices (B-8slice) ----------------------------------------------------

static double tet_volume3(const double *t) {
    double e1[4], e2[4], e3[4], n[4];
    for (int i = 0; i < 4; i++)
        e1[i] = t[4 + i] - t[i], e2[i] = t[8 + i] - t[i], e3[i] = t[12 + i] - t[i];
    ak_mesh_cross4(n, e1, e2, e3);
    return render_norm4(n) / 6.0;
}

static void check_mesh_polytopes(ak_check_ctx *c) {
    static double *tets; // on the heap, kept (as a static buffer would be): 2.6 MB
    if (!tets && !(tets = malloc(sizeof(double) * 20000 * 16))) {
        ak_expect(c, false, "out of memory for the polytope meshes");
        return;
    }
    const double phi = (1 + sqrt(5.0)) / 2;
    struct {
        ak_mesh_polytope k;
        const char *name;
        int facets, verts;
        double boundary, volume; // analytic 3-volume of the boundary, 4-volume
    } P[] = {
        { AK_POLYTOPE_5CELL, "5-cell", 5, 5, 5 * pow(2.5, 1.5) / (6 * sqrt(2.0)),
          sqrt(5.0) / 96 * 6.25 },
        { AK_POLYTOPE_8CELL, "tesseract", 8, 16, 8.0, 1.0 },
        { AK_POLYTOPE_16CELL, "16-cell", 16, 8, 16.0 / 3.0, 2.0 / 3.0 },
        { AK_POLYTOPE_24CELL, "24-cell", 24, 24, 24 * sqrt(2.0) / 3 * pow(2.0, 1.5), 8.0 },
        { AK_POLYTOPE_600CELL, "600-cell", 600, 120, 600 * pow(1 / phi, 3) / (6 * sqrt(2.0)), NAN },
    };
    int np = ak_quick(c) ? 4 : 5; // the 600-cell's brute-force hull takes seconds
    for (int q = 0; q < np; q++) {
        double v[120 * 4], N[4 * 1024], O[1024];
        int nv = ak_mesh_polytope_vertices(v, 120, P[q].k);
        int nf = ak_mesh_hull_facets4(N, O, 1024, v, nv, 1e-9);
        int nt = ak_mesh_hull_tets4(tets, 20000, v, nv, 1e-9);
        ak_expect(c, nv == P[q].verts && nf == P[q].facets && nt > 0 && nt <= 20000,
                  "%s: %d vertices, %d facets (want %d), %d tetrahedra", P[q].name, nv, nf,
                  P[q].facets, nt);
        double bnd = 0, vol = 0;
        for (int t = 0; t < nt && t < 20000; t++) {
            bnd += tet_volume3(tets + 16 * t);
            double *T = tets + 16 * t;
            double a[4], b[4], cc[4], d[4];
            for (int i = 0; i < 4; i++)
                a[i] = T[i], b[i] = T[4 + i], cc[i] = T[8 + i], d[i] = T[12 + i];
            // cone from the origin: det(a, b, c, d) / 24 with the outward orientation
            double e1[4], e2[4], e3[4], n[4];
            for (int i = 0; i < 4; i++)
                e1[i] = b[i] - a[i], e2[i] = cc[i] - a[i], e3[i] = d[i] - a[i];
            ak_mesh_cross4(n, e1, e2, e3);
            vol += (n[0] * a[0] + n[1] * a[1] + n[2] * a[2] + n[3] * a[3]) / 24.0;
        }
        ak_measure(c, fabs(bnd - P[q].boundary) / P[q].boundary, TOL_MESH_EXACT,
                   "%s: boundary 3-volume %.12g against the analytic %.12g (relative)", P[q].name,
                   bnd, P[q].boundary);
        if (!isnan(P[q].volume))
            ak_measure(
                c, fabs(vol - P[q].volume) / P[q].volume, TOL_MESH_EXACT,
                "%s: 4-volume from the oriented mesh %.12g against the analytic %.12g (relative)",
                P[q].name, vol, P[q].volume);
    }
}

static void rotate_tets(double *tets, int nt, const double M[16]) {
    for (int q = 0; q < 4 * nt; q++) {
        double p[4], w[4];
        memcpy(p, tets + 4 * q, sizeof p);
        for (int r = 0; r < 4; r++) {
            w[r] = 0;
            for (int k = 0; k < 4; k++) w[r] += M[r * 4 + k] * p[k];
        }
        memcpy(tets + 4 * q, w, sizeof w);
    }
}

static void check_slice_volumes(ak_check_ctx *c) {
    static double *tets, *tris; // on the heap, kept (as static buffers would be): 21 MB
    if (!tets) tets = malloc(sizeof(double) * 50000 * 16);
    if (!tris) tris = malloc(sizeof(double) * 200000 * 9);
    if (!tets || !tris) {
        ak_expect(c, false, "out of memory for the slices");
        return;
    }
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    ak_pose pose;
    render_random_pose(r, &pose, 0.0);
    const double *M = pose.rot;
    double w[4] = { 0, 0, 0, 1 }, mrot[4];
    for (int i = 0; i < 4; i++) mrot[i] = M[i * 4 + 3]; // M e_w
    double offsets[5] = { -0.45, -0.2, 0.0, 0.13, 0.37 };
    // tesseract (edge 1): every slice w = c, |c| < 1/2, is a unit cube
    double v[120 * 4];
    int nv = ak_mesh_polytope_vertices(v, 120, AK_POLYTOPE_8CELL);
    int nt = ak_mesh_hull_tets4(tets, 50000, v, nv, 1e-9);
    double worst_t = 0, worst_16 = 0;
    for (int rot = 0; rot < 2; rot++) {
        if (rot) rotate_tets(tets, nt, M);
        for (int k = 0; k < 5; k++) {
            int ntri = ak_mesh_slice(tris, 200000, NULL, tets, nt, rot ? mrot : w, offsets[k]);
            worst_t = fmax(worst_t, fabs(ak_mesh_tri_volume(tris, ntri) - 1.0));
        }
    }
    ak_measure(c, worst_t, TOL_MESH_EXACT,
               "tesseract slices w = c (5 offsets, axis-aligned and rotated): max |volume - 1|");
    // 16-cell (vertices +-e_i): slice w = c is the octahedron |x|+|y|+|z| <= 1 - |c|
    nv = ak_mesh_polytope_vertices(v, 120, AK_POLYTOPE_16CELL);
    nt = ak_mesh_hull_tets4(tets, 50000, v, nv, 1e-9);
    for (int rot = 0; rot < 2; rot++) {
        if (rot) rotate_tets(tets, nt, M);
        for (int k = 0; k < 5; k++) {
            int ntri = ak_mesh_slice(tris, 200000, NULL, tets, nt, rot ? mrot : w, offsets[k]);
            double want = 4.0 / 3.0 * pow(1 - fabs(offsets[k]), 3);
            worst_16 = fmax(worst_16, fabs(ak_mesh_tri_volume(tris, ntri) - want) / want);
        }
    }
    ak_measure(c, worst_16, TOL_MESH_EXACT,
               "16-cell slices: max relative |volume - 4/3 (1-|c|)^3|");
    // hypersphere mesh (radius 1, k = 10): the mesh lies between the ball of its inner radius
    // r_in and the unit ball, so its slice volume lies between (4/3) pi (r^2 - c^2)^(3/2) for
    // r = r_in and r = 1.
    int kq = ak_quick(c) ? 6 : 10;
    ak_shape sph = { .type = AK_SHAPE_HYPERSPHERE, .dim = 4, .radius = 1.0 };
    nt = ak_mesh_radial4(tets, 50000, &sph, kq);
    if (nt > 50000) {
        ak_expect(c, false, "hypersphere mesh too large for the buffer (%d tets)", nt);
        gsl_rng_free(r);
        return;
    }
    double rin = ak_mesh_inner_radius(tets, nt);
    double worst_rel = 0, viol = 0;
    for (int rot = 0; rot < 2; rot++) {
        if (rot) rotate_tets(tets, nt, M);
        for (int k = 0; k < 5; k++) {
            double cc = offsets[k];
            int ntri = ak_mesh_slice(tris, 200000, NULL, tets, nt, rot ? mrot : w, cc);
            double vol = ak_mesh_tri_volume(tris, ntri);
            double hi = 4.0 / 3.0 * M_PI * pow(1 - cc * cc, 1.5),
                   lo = 4.0 / 3.0 * M_PI * pow(rin * rin - cc * cc, 1.5);
            viol = fmax(viol, fmax(vol - hi, lo - vol));
            worst_rel = fmax(worst_rel, fabs(vol - hi) / hi);
        }
    }
    gsl_rng_free(r);
    // Convergence: the deficit of the central slice should fall as 1/k^2 (ratio 4 from k=4 to 8;
    // even k so that the slice w = 0 runs through mesh vertices in both).
    double deficit[2];
    for (int q = 0; q < 2; q++) {
        int kk = q ? 8 : 4;
        int n2 = ak_mesh_radial4(tets, 50000, &sph, kk);
        int ntri = ak_mesh_slice(tris, 200000, NULL, tets, n2, w, 0.0);
        deficit[q] = 4.0 / 3.0 * M_PI - ak_mesh_tri_volume(tris, ntri);
    }
    double ratio = deficit[0] / deficit[1];
    ak_value(c, "sphere_deficit_k4", deficit[0]);
    ak_value(c, "sphere_deficit_k8", deficit[1]);
    ak_expect(c, ratio > 3.5 && ratio < 4.5,
              "hypersphere slice w=0: volume deficit %.5f (k=4) and %.5f (k=8), ratio %.3f ~ 4 "
              "(O(1/k^2))",
              deficit[0], deficit[1], ratio);
    ak_measure(c, fmax(viol, 0), TOL_MESH_EXACT,
               "hypersphere mesh (k=%d, %d tets, inner radius %.6f): slice volumes within the "
               "analytic bounds",
               kq, nt, rin);
    ak_value(c, "sphere_slice_rel_error", worst_rel);
    ak_note(c,
            "hypersphere mesh k=%d: largest relative slice-volume deficit %.4g (discretisation, "
            "O(1/k^2))",
            kq, worst_rel);
}

// Radial meshes of capsules and duocylinders: closed (4-volume through the oriented mesh is
// below the analytic volume and within the inner-radius bound); every vertex on the surface.
static void check_mesh_radial(ak_check_ctx *c) {
    static double *tets; // on the heap, kept (as a static buffer would be): 6.4 MB
    if (!tets && !(tets = malloc(sizeof(double) * 50000 * 16))) {
        ak_expect(c, false, "out of memory for the radial meshes");
        return;
    }
    ak_shape shapes[2] = {
        { .type = AK_SHAPE_HYPERCAPSULE, .dim = 4, .radius = 0.5, .half_length = 0.6 },
        { .type = AK_SHAPE_DUOCYLINDER, .dim = 4, .radii = { 0.8, 0.5 } }
    };
    const char *names[2] = { "hypercapsule", "duocylinder" };
    // 4-volumes: capsule = ball(r) + cylinder B^3(r) x [-h,h]; duocylinder = pi r1^2 pi r2^2
    double vol_true[2] = { M_PI * M_PI / 2 * pow(0.5, 4) + 4.0 / 3 * M_PI * pow(0.5, 3) * 1.2,
                           M_PI * 0.64 * M_PI * 0.25 };
    int k = 10;
    for (int s = 0; s < 2; s++) {
        int nt = ak_mesh_radial4(tets, 50000, &shapes[s], k);
        if (nt < 0 || nt > 50000) {
            ak_expect(c, false, "%s mesh: %d tets does not fit the buffer", names[s], nt);
            continue;
        }
        double on = 0, vol = 0;
        ak_pose id = ak_pose_identity(4);
        for (int t = 0; t < nt; t++) {
            double *T = tets + 16 * t, e1[4], e2[4], e3[4], n[4];
            for (int q = 0; q < 4; q++)
                on = fmax(on, fabs(ak_sdf_shape(&shapes[s], &id, T + 4 * q, 0, NULL, NULL)));
            for (int i = 0; i < 4; i++)
                e1[i] = T[4 + i] - T[i], e2[i] = T[8 + i] - T[i], e3[i] = T[12 + i] - T[i];
            ak_mesh_cross4(n, e1, e2, e3);
            vol += (n[0] * T[0] + n[1] * T[1] + n[2] * T[2] + n[3] * T[3]) / 24.0;
        }
        ak_measure(c, on, TOL_ROUNDOFF, "%s mesh (k=%d): max |sdf| at the vertices", names[s], k);
        ak_expect(c, vol > 0.9 * vol_true[s] && vol <= vol_true[s] * (1 + 1e-12),
                  "%s mesh: oriented 4-volume %.6f, analytic %.6f (inscribed, so below)", names[s],
                  vol, vol_true[s]);
    }
}

// The two displays of the same slice: the sphere tracer (SDFs) and the slicing display
// (tetrahedral meshes). The meshes are inscribed in the convex solids, so a ray that meets a mesh
// passes through a solid: wherever the slicing display draws an object, the tracer must hit one.
// The converse fails only in the thin band between mesh and surface.
static void check_mesh_view_vs_trace(ak_check_ctx *c) {
    static ak_render_scene *slot; // on the heap: see ak_render_scene_slot
    ak_render_scene *s = ak_render_scene_slot(&slot);
    if (!s) {
        ak_expect(c, false, "out of memory for a render scene");
        return;
    }
    char err[256];
    const char *names[3] = { "mixed", "polytopes", "capsules" };
    int nsc = ak_quick(c) ? 1 : 3;
    const int W = 160, H = 120;
    int *ids = malloc(sizeof(int) * W * H);
    ak_render_image img;
    if (!ids || !ak_render_image_alloc(&img, W, H)) {
        free(ids);
        ak_expect(c, false, "out of memory");
        return;
    }
    long mesh_only = 0, trace_only = 0, objpix = 0, total = 0;
    for (int q = 0; q < nsc; q++) {
        ak_render_builtin(s, names[q], 0.0, err, sizeof err);
        ak_render_mesh_view(s, &img, 8, ids);
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                double o[4], d[4], t;
                int obj;
                ak_render_camera_ray(s, W, H, x, y, o, d);
                bool hit = ak_render_trace(s, o, d, &t, &obj, NULL);
                bool tobj = hit && obj >= 0 && s->obj[obj].shape.type != AK_SHAPE_HYPERPLANE;
                bool mobj = ids[y * W + x] >= 0;
                if (mobj && !tobj) mesh_only++;
                if (tobj && !mobj) trace_only++;
                if (tobj) objpix++;
                total++;
            }
    }
    free(ids);
    ak_render_image_free(&img);
    ak_measure(c, (double)mesh_only, 0.0,
               "pixels where the slicing display draws an object and the tracer sees none (%d "
               "scenes at %dx%d, %ld pixels)",
               nsc, W, H, total);
    ak_value(c, "trace_only_fraction_of_object_pixels",
             (double)trace_only / (double)(objpix ? objpix : 1));
    ak_note(c,
            "object pixels only the tracer sees (band between inscribed mesh and surface): %ld of "
            "%ld (%.2f%%)",
            trace_only, objpix, 100.0 * trace_only / (objpix ? objpix : 1));
    ak_expect(c, objpix > 0, "the scenes show objects (%ld object pixels)", objpix);
}

static const ak_check CHECKS[] = {
    { "render.mesh.polytopes", "B-8slice",
      "hull meshes of the regular polytopes: facet counts, boundary and 4-volumes vs analytic",
      check_mesh_polytopes },
    { "render.mesh.radial", "B-8slice",
      "tessellated capsule and duocylinder meshes: vertices on the surface, inscribed volume",
      check_mesh_radial },
    { "render.mesh.slice_volumes", "B-8slice",
      "slice volumes of tesseract, 16-cell, hypersphere meshes vs analytic cross-sections",
      check_slice_volumes },
    { "render.mesh.view_vs_trace", "B-8slice T-Alg14",
      "slicing display (meshes) vs sphere tracer (SDFs): object pixels of the same slice",
      check_mesh_view_vs_trace },
};

AK_TOPIC(render_meshes, CHECKS)
