// Group "collide": errata (one minimal counterexample per published error, docs/errata.md); the bundled scenes
#include "verify/checks/checks_collide_common.h"

// --- errata: one minimal counterexample per published error (docs/errata.md) ------------------
// Report plot: % wrong per published algorithm, from the pair checks that ran before this one.
static void plot_published_rates(ak_check_ctx *c) {
    const char *dir = ak_artifact_dir(c);
    if (!dir) return;
    const char *labels[PUB_ALGS];
    double v[PUB_ALGS];
    size_t n = 0;
    long minev = -1;
    for (int k = 0; k < PUB_ALGS; k++) {
        if (isnan(collide_PUB_RATES[k].wrong_pct)) continue;
        labels[n] = collide_PUB_RATES[k].label;
        v[n++] = collide_PUB_RATES[k].wrong_pct;
        if (minev < 0 || collide_PUB_RATES[k].evaluated < minev)
            minev = collide_PUB_RATES[k].evaluated;
    }
    if (n == 0) return; // the pair checks did not run (--only)
    char path[1200], err[256];
    snprintf(path, sizeof path, "%s/published_failure_rates.png", dir);
    if (ak_plot_bars(path, "Published collision algorithms: wrong results (4D)", "% of poses wrong",
                     labels, v, n, false, err, sizeof err) == 0)
        ak_artifact(c, path,
                    "Share of 4D poses (at least %ld per pair, the poses of the collide.pair.* "
                    "checks of this run) where "
                    "the thesis' algorithm as published misses or invents a contact, reports a "
                    "separation off by more "
                    "than 1e-6, or a NaN normal (s = sphere, c = capsule, b = box, p = plane). "
                    "Per-pair counts are in "
                    "the notes of collide.pair.*.",
                    minev);
}

static void check_errata(ak_check_ctx *c) {
    plot_published_rates(c);
    double z[4] = { 0, 0, 0, 0 }, I4[16] = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 };
    // E1 T-3.8 / T-3.9 divide by |n|^2: plane y = 1 written as n = (0,2,0,0), o = 2; p = (0,3,0,0)
    {
        double n[4] = { 0, 2, 0, 0 }, p[4] = { 0, 3, 0, 0 }, x[4] = { 0, 1, 0, 0 };
        double d38 = ak_pub_t38_plane_distance(p, n, 2), d39 = ak_pub_t39_plane_distance(p, n, x);
        ak_expect(c, d38 == 1.0 && d39 == 1.0,
                  "E1 T-3.8/T-3.9: distance of (0,3,0,0) from y = 1 given as n = (0,2,0,0), o = 2: "
                  "published %g and %g, exact 2",
                  d38, d39);
    }
    // E2 T-4.1..T-4.5: zero-length segment gives NaN
    {
        double p[4] = { 1, 0, 0, 0 }, cp[4];
        ak_pub_closest_on_segment(4, cp, p, z, z);
        double ce[4];
        ak_geom_segment_point(4, ce, z, z, p);
        ak_expect(c, isnan(cp[0]) && ce[0] == 0,
                  "E2 T-4.1..T-4.5: zero-length segment at 0, point (1,0,0,0): published closest "
                  "point %g (NaN), exact 0",
                  cp[0]);
    }
    // E3 T-Alg1: coincident centres give a NaN normal
    {
        ak_pub_contact cp = ak_pub_alg1_sphere_sphere(z, 1, z, 1);
        ak_expect(c, cp.hit && isnan(cp.n[0]) && cp.s == -2,
                  "E3 T-Alg1: unit spheres with the same centre: published normal %g (NaN), "
                  "separation %g (-2 is right)",
                  cp.n[0], cp.s);
    }
    // E4 T-Alg3: the box centre is not subtracted; box at (2,0,0,0), edges 2, p = (2,3,0,0)
    {
        double cb[4] = { 2, 0, 0, 0 }, sc[4] = { 2, 2, 2, 2 }, p[4] = { 2, 3, 0, 0 }, q[4];
        ak_pub_alg3_closest_on_box(q, p, cb, sc, I4);
        ak_expect(c, q[0] == 3 && q[1] == 1,
                  "E4 T-Alg3: box centred at (2,0,0,0), edge 2, point (2,3,0,0): published closest "
                  "point (%g,%g,0,0), exact (2,1,0,0)",
                  q[0], q[1]);
    }
    // E5 T-Alg4: sphere centre inside the box: NaN normal and separation -r whatever the depth
    {
        double sc[4] = { 2, 2, 2, 2 };
        ak_pub_contact cp = ak_pub_alg4_sphere_box(z, 0.5, z, sc, I4);
        ak_shape sp = { 0 }, bx = { 0 };
        sp.type = AK_SHAPE_HYPERSPHERE, sp.dim = 4, sp.radius = 0.5;
        bx.type = AK_SHAPE_HYPERBOX, bx.dim = 4;
        for (int i = 0; i < 4; i++) bx.half_extents[i] = 1;
        ak_pose p = ak_pose_identity(4);
        ak_manifold m;
        ak_collide(&m, &sp, &p, &bx, &p, 0);
        ak_expect(c, isnan(cp.n[0]) && cp.s == -0.5 && fabs(m.separation + 1.5) < TOL_ROUND,
                  "E5 T-Alg4: sphere r = 0.5 at the centre of the box [-1,1]^4: published normal "
                  "%g, separation %g; exact separation -1.5 (engine %.15g)",
                  cp.n[0], cp.s, m.separation);
    }
    // E6 T-Alg6: the endpoint heuristic misses the interior closest points of skew segments
    {
        double a0[4] = { 0, 0, 0, 0 }, a1[4] = { 4, 0, 0, 0 }, b0[4] = { 3, -1, 1, 0 },
               b1[4] = { 1, 1, 1, 0 };
        ak_pub_contact cp = ak_pub_alg6_capsule_capsule(a0, a1, 0.6, b0, b1, 0.6);
        double s, t, c1[4], c2[4];
        double d = sqrt(ak_geom_segment_segment(4, &s, &t, c1, c2, a0, a1, b0, b1)) - 1.2;
        ak_expect(c, fabs(d + 0.2) < TOL_ROUND && (!cp.hit || fabs(cp.s - d) > 1e-3),
                  "E6 T-Alg6: segments (0,0,0,0)-(4,0,0,0) and (3,-1,1,0)-(1,1,1,0), radii 0.6: "
                  "published %s separation %g, exact %g",
                  cp.hit ? "contact with" : "no contact,", cp.hit ? cp.s : NAN, d);
    }
    // E7 T-Alg7: closest point of the segment to the box centre, not to the box
    {
        double la[4] = { -4, 2.0, 0, 0 }, lb[4] = { 4, 1.2, 0, 0 }, sc[4] = { 2, 2, 2, 2 };
        ak_pub_contact cp = ak_pub_alg7_capsule_box(la, lb, 0.55, z, sc, I4);
        ak_shape cap = { 0 }, bx = { 0 };
        cap.type = AK_SHAPE_HYPERCAPSULE, cap.dim = 4, cap.radius = 0.55;
        bx.type = AK_SHAPE_HYPERBOX, bx.dim = 4;
        for (int i = 0; i < 4; i++) bx.half_extents[i] = 1;
        // the capsule as a posed shape: centre (0,1.6,0,0), axis along (8,-0.8,0,0)
        ak_pose pc = ak_pose_identity(4), pb = ak_pose_identity(4);
        double L = sqrt(64 + 0.64), u[4] = { 8 / L, -0.8 / L, 0, 0 };
        cap.half_length = L / 2;
        pc.pos[1] = 1.6;
        // rotation taking e_1 (the capsule axis) to u, in the xy plane
        // columns: e_0 -> (u1, -u0), e_1 -> u (det +1)
        pc.rot[0 * 4 + 0] = u[1], pc.rot[1 * 4 + 0] = -u[0];
        pc.rot[0 * 4 + 1] = u[0], pc.rot[1 * 4 + 1] = u[1];
        ak_manifold m;
        ak_collide(&m, &cap, &pc, &bx, &pb, 0);
        // exact: the segment y = 1.6 - 0.1 x is nearest the box edge (1,1,.,.) at x* = 2.12/2.02
        double xs = 2.12 / 2.02, exact = hypot(xs - 1, 0.6 - 0.1 * xs) - 0.55;
        ak_expect(c, fabs(m.separation - exact) < TOL_ROUND && !cp.hit,
                  "E7 T-Alg7: segment (-4,2,0,0)-(4,1.2,0,0), r = 0.55, box [-1,1]^4: published "
                  "%s; exact separation %.15g (engine %.15g)",
                  cp.hit ? "contact" : "no contact", exact, m.separation);
    }
    // E8 T-Alg9/T-Alg10: the overlap is returned as "separation" and s > 0 means "separated":
    // far-apart boxes collide, concentric ones do not
    {
        double axes[32][4], V1[16][4], V2[16][4], V3[16][4], h[4] = { 1, 1, 1, 1 },
                                                             far[4] = { 10, 10, 10, 10 };
        int na = ak_pub_tab41_axes(axes, I4, I4);
        for (int k = 0; k < 16; k++) {
            ak_pub_tb1_vertex(V1[k], k + 1, z, h, I4);
            ak_pub_tb1_vertex(V2[k], k + 1, far, h, I4);
            ak_pub_tb1_vertex(V3[k], k + 1, z, h, I4);
        }
        ak_pub_contact apart = ak_pub_alg10_box_box(
            (const double(*)[4])axes, na, z, (const double(*)[4])V1, far, (const double(*)[4])V2);
        ak_pub_contact same = ak_pub_alg10_box_box(
            (const double(*)[4])axes, na, z, (const double(*)[4])V1, z, (const double(*)[4])V3);
        ak_expect(c, apart.hit && !same.hit,
                  "E8 T-Alg9/T-Alg10: unit hyperboxes offset by (10,10,10,10): published %s; "
                  "concentric: published %s",
                  apart.hit ? "collision" : "none", same.hit ? "collision" : "none");
    }
    // E9 T-Tab4.1: 32 axes miss B_i ^ (A_j ^ A_k): random search for separated boxes that every
    // Tab4.1 axis (with the sign of T-Alg9 corrected) reports as overlapping
    {
        gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
        long found = 0, tried = 0;
        double example = 0;
        for (long k = 0; k < ak_samples(c, 200000, 20000) && found < 1000; k++) {
            ak_shape a, b;
            ak_pose pa, pb;
            collide_random_box_pair(r, 4, &a, &pa, &b, &pb);
            double nrm[4];
            int nax;
            double s56 = ak_box_sat(4, nrm, &nax, &a, &pa, &b, &pb);
            if (s56 <= 1e-6) continue;
            tried++;
            double axes[32][4], V1[16][4], V2[16][4];
            int na = ak_pub_tab41_axes(axes, pa.rot, pb.rot);
            for (int q = 0; q < 16; q++) {
                ak_pub_tb1_vertex(V1[q], q + 1, pa.pos, a.half_extents, pa.rot);
                ak_pub_tb1_vertex(V2[q], q + 1, pb.pos, b.half_extents, pb.rot);
            }
            int separated = 0;
            for (int q = 0; q < na && !separated; q++) {
                double l = sqrt(axes[q][0] * axes[q][0] + axes[q][1] * axes[q][1] +
                                axes[q][2] * axes[q][2] + axes[q][3] * axes[q][3]);
                if (l < 1e-12) continue;
                if (ak_pub_alg9_separation_along_axis(axes[q], (const double(*)[4])V1, 16,
                                                      (const double(*)[4])V2, 16) < 0)
                    separated = 1;
            }
            if (!separated) {
                found++;
                example = fmax(example, s56);
            }
        }
        gsl_rng_free(r);
        ak_expect(c, found > 0,
                  "E9 T-Tab4.1: %ld of %ld separated 4D box pairs (random poses) have no "
                  "separating axis among the 32 of Table 4.1; largest missed gap %.3g",
                  found, tried, example);
        ak_value(c, "tab41_missed_fraction", tried ? (double)found / tried : 0);
    }
    // E10 T-Alg11: a hyperbox wholly below the plane is reported as no collision
    {
        double h[4] = { 0.5, 0.5, 0.5, 0.5 }, cen[4] = { 0, -2, 0, 0 }, np[4] = { 0, 1, 0, 0 };
        ak_pub_contacts cl = ak_pub_alg11_box_plane(cen, h, I4, np, 0);
        ak_expect(c, cl.count == 0,
                  "E10 T-Alg11: box [-0.5,0.5]^4 centred at y = -2 under the plane y = 0 (depth "
                  "2.5): published %d contacts",
                  cl.count);
    }
    // E12 T-Alg21: clipping only the incident cell's 2-faces. A large hyperbox resting on a small
    // one: the reference (ties go to box 2) is the small box's top cell, whose 8 corners lie
    // inside the large incident cell, on none of its faces.
    {
        double h1[4] = { 1, 0.5, 1, 1 }, h2[4] = { 0.5, 0.5, 0.5, 0.5 },
               c1[4] = { 0.1, 0.999, 0.2, -0.1 }, up[4] = { 0, 1, 0, 0 };
        double pts[AK_PUB_MAX_CP][4];
        int np = ak_pub_alg21_face_clipping(pts, up, c1, h1, I4, z, h2, I4);
        // control: the small box on the large one (the reference is then the large box's cell)
        double cs[4] = { 0.1, 0.999, 0.2, -0.1 }, cb[4] = { 0, 0, 0, 0 }, hb[4] = { 1, 0.5, 1, 1 };
        int ctrl = ak_pub_alg21_face_clipping(pts, up, cs, h2, I4, cb, hb, I4);
        ak_shape A = { 0 }, B = { 0 };
        A.type = B.type = AK_SHAPE_HYPERBOX;
        A.dim = B.dim = 4;
        memcpy(A.half_extents, h1, sizeof h1);
        memcpy(B.half_extents, h2, sizeof h2);
        ak_pose pa = ak_pose_identity(4), pb = ak_pose_identity(4);
        memcpy(pa.pos, c1, sizeof c1);
        ak_manifold m;
        ak_collide(&m, &A, &pa, &B, &pb, 0);
        ak_expect(c, np == 0 && m.count == 8 && ctrl == 8,
                  "E12 T-Alg21: hyperbox of half extents (1,0.5,1,1) resting (depth 1e-3) on the "
                  "unit hyperbox: face clipping gives %d points, the 8 corners of the contact cube "
                  "expected (engine %d; the small box on the large one: face clipping %d)",
                  np, m.count, ctrl);
    }
    // E11 T-Alg18: p := v1 + t n instead of v1 + t u
    {
        double n[4] = { 1, 0, 0, 0 }, x[4] = { 1, 0, 0, 0 }, v2[4] = { 2, 2, 0, 0 }, p[4];
        ak_pub_alg18_intersect(p, n, x, z, v2);
        ak_expect(c, p[0] == 0.5 && p[1] == 0,
                  "E11 T-Alg18: edge (0,0,0,0)-(2,2,0,0) and the plane x = 1: published "
                  "(%g,%g,0,0), exact (1,1,0,0)",
                  p[0], p[1]);
    }
}

// --- the bundled scenes ----------------------------------------------------------------------
static void check_scenes(ak_check_ctx *c) {
    // every pair of every bundled scene at its initial state: no error status, unit normals,
    // consistent closest points; the hypercube resting on the ground has the 8 corners of its
    // bottom cell at separation 0
    const char *names[] = { "all_shapes_4d.json",
                            "dominoes_4d.json",
                            "duocylinder_on_spheres.json",
                            "four_primitives.json",
                            "hypercube_on_ground.json",
                            "newtons_cradle_4d.json",
                            "stack_2d.json",
                            "stack_3d.json",
                            "stack_4d.json",
                            "stack3_3d.json" };
    long pairs = 0, errors = 0;
    double worst = 0;
    int cube_contacts = -1;
    double cube_sep = NAN;
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        char path[1024], err[512];
        snprintf(path, sizeof path, "%s/%s", ak_scenes_dir(c), names[k]);
        ak_model *m = NULL;
        ak_data *d = NULL;
        if (ak_dyn_scene_load(path, &m, &d, err, sizeof err) != 0) {
            ak_note(c, "%s: %s", names[k], err);
            errors++;
            continue;
        }
        for (int a = 0; a < m->nbody; a++)
            for (int b = a + 1; b < m->nbody; b++) {
                if (m->bodies[a].shape.type == AK_SHAPE_HYPERPLANE &&
                    m->bodies[b].shape.type == AK_SHAPE_HYPERPLANE)
                    continue;
                ak_pose pa = ak_body_pose(m, d, a), pb = ak_body_pose(m, d, b);
                ak_manifold man;
                int cnt = ak_collide(&man, &m->bodies[a].shape, &pa, &m->bodies[b].shape, &pb, 0.0);
                pairs++;
                if (cnt < 0) {
                    errors++;
                    continue;
                }
                double nl = 0, pe = 0;
                for (int i = 0; i < m->dim; i++) {
                    nl += man.normal[i] * man.normal[i];
                    pe = fmax(
                        pe, fabs(man.point_a[i] - man.point_b[i] - man.separation * man.normal[i]));
                }
                worst = fmax(worst, fmax(fabs(sqrt(nl) - 1), pe));
                if (k == 4) cube_contacts = cnt, cube_sep = man.separation;
            }
        ak_data_free(d);
        ak_model_free(m);
    }
    ak_expect(c, errors == 0, "%ld body pairs in %zu bundled scenes, %ld errors", pairs,
              sizeof names / sizeof names[0], errors);
    ak_measure(c, worst, TOL_POINT, "unit normals and p_a - p_b = sep n: %.2e", worst);
    ak_expect(c, cube_contacts == 8 && fabs(cube_sep) <= TOL_ROUND,
              "hypercube_on_ground: %d contacts at separation %g (8 at 0 expected)", cube_contacts,
              cube_sep);
}

static const ak_check CHECKS[] = {
    { "collide.published.errata",
      "T-3.8 T-3.9 T-4.1 T-4.5 T-Alg1 T-Alg3 T-Alg4 T-Alg6 T-Alg7 T-Alg9 T-Alg10 T-Tab4.1 T-Alg11 "
      "T-Alg18 T-Alg21",
      "one minimal counterexample per published error (docs/errata.md)", check_errata },
    { "collide.scenes", "T-Alg11 G-12", "every pair of the bundled scenes at the initial state",
      check_scenes },
};

AK_TOPIC(collide_errata_scenes, CHECKS)
