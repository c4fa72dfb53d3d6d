// Stepwise comparison (see stepwise.h).
#include "verify/compare/stepwise.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify/common/dyn_scenes.h"
#include "engine/contact_cache.h"
#include "ref/ga/nd.h"
#include "engine/scene.h" // the options' names
#include "engine/solver_variant.h"
#include "engine/world.h"

static const char *const QNAME[AK_SW_Q] = { "position", "velocity", "rotor", "angular velocity" };
static const char *const QSHORT[AK_SW_Q] = { "|dx|", "|dv|", "|dR|", "|dw|" };

void ak_stepwise_free(ak_stepwise_result *r) {
    free(r->steps);
    memset(r, 0, sizeof *r);
}

static double dist(const double *a, const double *b, int n) {
    double s = 0;
    for (int i = 0; i < n; i++) s += (a[i] - b[i]) * (a[i] - b[i]);
    return sqrt(s);
}
static double rotor_dist(const double *a, const double *b, int n) {
    double s = 0, t = 0;
    for (int i = 0; i < n; i++)
        s += (a[i] - b[i]) * (a[i] - b[i]), t += (a[i] + b[i]) * (a[i] + b[i]);
    return sqrt(fmin(s, t));
}

static int set_solver(ak_model *m, const char *solver, char *err, size_t errlen) {
    if (!solver) return 0;
    // a method of the vector kind (vector, pga; not the converged solver) or a variant
    ak_solver_method me;
    ak_variant va;
    if (!ak_solver_method_parse(solver, &me) && me != AK_SOLVER_CONVERGED)
        m->solver.method = me;
    else if (!ak_variant_parse(solver, &va))
        m->solver.variant = va;
    else {
        snprintf(
            err, errlen,
            "--solver '%s': no such contact solver variant (expected the method vector or pga, "
            "or a variant: %s)",
            solver, ak_variant_names());
        return -1;
    }
    return 0;
}

int ak_stepwise_run(const char *scene, const ak_tracefile *o, const char *solver,
                    const double tol[AK_SW_Q], ak_stepwise_result *r, char *err, size_t errlen) {
    memset(r, 0, sizeof *r);
    ak_model *m;
    ak_data *d;
    if (ak_dyn_scene_load(scene, &m, &d, err, errlen) != 0) return -1;
    // Defaults consistent with one step h: a velocity error dv moves a position by h dv, an
    // angular velocity error dw a rotor by h dw / 2.
    double h0 = ak_world_default_opts(m).dt;
    const double dflt[AK_SW_Q] = { AK_SW_TOL_V * h0, AK_SW_TOL_V, 0.5 * AK_SW_TOL_W * h0,
                                   AK_SW_TOL_W };
    for (int q = 0; q < AK_SW_Q; q++) r->tol[q] = tol && !isnan(tol[q]) ? tol[q] : dflt[q];
    int rc = -1, n = m->dim;
    int *map =
        calloc((size_t)(m->nbody > 0 ? m->nbody : 1), sizeof *map); // model body -> trace body
    if (!map) goto out;
    if (o->dim != n) {
        snprintf(err, errlen, "%s has dim %d, the scene %s has dim %d", o->path, o->dim, scene, n);
        goto out;
    }
    if (set_solver(m, solver, err, errlen)) goto out;
    snprintf(r->solver, sizeof r->solver, "%s", ak_solver_variant_for(m)->what);
    for (int b = 0; b < m->nbody; b++) {
        map[b] = ak_tracefile_body(o, m->bodies[b].name);
        bool fixed = m->bodies[b].fixed || !(m->bodies[b].mass > 0);
        if (map[b] < 0 && !fixed) {
            snprintf(err, errlen,
                     "%s has no body '%s', which moves in the scene %s (only fixed bodies may be "
                     "left out)",
                     o->path, m->bodies[b].name, scene);
            goto out;
        }
        if (fixed) map[b] = -1; // the scene's fixed bodies stay where the scene puts them
        r->nbody += map[b] >= 0;
    }
    if (o->nsteps < 2) {
        snprintf(err, errlen, "%s has %ld recorded step(s); a stepwise comparison needs two",
                 o->path, o->nsteps);
        goto out;
    }
    ak_world_opts opts = ak_world_default_opts(m);
    r->dt = opts.dt;
    r->steps = calloc((size_t)o->nsteps, sizeof *r->steps);
    if (!r->steps) goto out;
    int ccol = ak_tracefile_extra_col(o, "contacts");
    int ne = ak_nd_neven(n), nb = ak_nd_nbiv(n);
    for (long k = 0; k + 1 < o->nsteps; k++) {
        double h = o->t[k + 1] - o->t[k];
        if (!(h > 0)) continue;
        int nsub = (int)lround(h / r->dt);
        if (nsub < 1) nsub = 1;
        if (k == 0 || nsub > r->nsub) r->nsub = nsub;
        ak_world_opts so = opts;
        so.dt = h / nsub;
        for (int b = 0; b < m->nbody; b++) {
            if (map[b] < 0) continue;
            memcpy(d->x + b * AK_MAX_DIM, ak_tracefile_x(o, k, map[b]), (size_t)n * sizeof(double));
            memcpy(d->v + b * AK_MAX_DIM, ak_tracefile_v(o, k, map[b]), (size_t)n * sizeof(double));
            memcpy(d->R + b * AK_MAX_EVEN, ak_tracefile_R(o, k, map[b]),
                   (size_t)ne * sizeof(double));
            memcpy(d->w + b * AK_MAX_BIV, ak_tracefile_w(o, k, map[b]),
                   (size_t)nb * sizeof(double));
        }
        d->t = o->t[k];
        d->step = o->step[k];
        // the contact cache (warm starting) carries over from anakata's previous step, as it
        // would in anakata's own run
        ak_sw_step *s = &r->steps[r->n];
        s->k = k;
        s->t = o->t[k];
        for (int i = 0; i < nsub; i++) {
            if (ak_world_step(m, d, &so, err, errlen) != 0) {
                char e2[512];
                snprintf(e2, sizeof e2, "%s", err);
                snprintf(err, errlen, "stepping from the other trace's state at t = %g s: %s",
                         o->t[k], e2);
                goto out;
            }
            if (d->contacts) s->contacts += d->contacts->step.npoint;
        }
        s->other_contacts = NAN;
        if (ccol >= 0) {
            s->other_contacts = 0;
            for (int b = 0; b < o->nbody; b++) {
                double c = ak_tracefile_extra(o, k + 1, b, ccol);
                if (isfinite(c)) s->other_contacts += c;
            }
        }
        bool seen = false;
        for (int b = 0; b < m->nbody; b++) {
            if (map[b] < 0) continue;
            double e[AK_SW_Q] = {
                dist(d->x + b * AK_MAX_DIM, ak_tracefile_x(o, k + 1, map[b]), n),
                dist(d->v + b * AK_MAX_DIM, ak_tracefile_v(o, k + 1, map[b]), n),
                rotor_dist(d->R + b * AK_MAX_EVEN, ak_tracefile_R(o, k + 1, map[b]), ne),
                dist(d->w + b * AK_MAX_BIV, ak_tracefile_w(o, k + 1, map[b]), nb),
            };
            bool over = false;
            for (int q = 0; q < AK_SW_Q; q++) {
                if (e[q] > s->e[q] || !seen) s->e[q] = e[q], s->body[q] = map[b];
                over = over || !(e[q] <= r->tol[q]);
            }
            seen = true;
            if (over) {
                if (s->nover < AK_SW_OVER_MAX) s->over[s->nover] = map[b];
                s->nover++;
            }
        }
        r->nfail += s->nover > 0;
        r->n++;
    }
    rc = 0;
out:
    if (rc) ak_stepwise_free(r);
    free(map);
    ak_data_free(d);
    ak_model_free(m);
    return rc;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static bool is_contact(const ak_sw_step *s) { return s->contacts > 0 || s->other_contacts > 0; }

double ak_stepwise_quantile(const ak_stepwise_result *r, int e, int contact, double q,
                            long *count) {
    double *v = malloc(sizeof(double) * (size_t)(r->n > 0 ? r->n : 1));
    long c = 0;
    for (long i = 0; v && i < r->n; i++)
        if (contact < 0 || is_contact(&r->steps[i]) == (contact == 1)) v[c++] = r->steps[i].e[e];
    if (count) *count = c;
    if (!v || c == 0) {
        free(v);
        return NAN;
    }
    qsort(v, (size_t)c, sizeof *v, cmp_double);
    long i = (long)ceil(q * (double)c) - 1;
    if (i < 0) i = 0;
    if (i >= c) i = c - 1;
    double x = v[i];
    free(v);
    return x;
}

int ak_stepwise_law(const ak_stepwise_result *r, int *kind, int *quantity, char *out, size_t n) {
    double med[2][AK_SW_Q];
    for (int c = 0; c < 2; c++)
        for (int q = 0; q < AK_SW_Q; q++) med[c][q] = ak_stepwise_quantile(r, q, c, 0.5, NULL);
    // Which law: the kind of step and the quantity whose median error is largest relative to
    // its tolerance. Free steps differ by the integrator (gravity, the gyroscopic term, the rotor
    // update), contact steps by the contact law (impulses, restitution, friction, penetration).
    // The velocities first: a position or rotor difference that follows from a velocity
    // difference (x_k+1 = x_k + h v_k+1) is not a law of its own.
    double best = 0;
    int bc = -1, bq = 0;
    static const int order[2][2] = { { AK_SW_V, AK_SW_W }, { AK_SW_X, AK_SW_R } };
    for (int pass = 0; pass < 2 && best <= 1; pass++)
        for (int c = 0; c < 2; c++)
            for (int j = 0; j < 2; j++) {
                int q = order[pass][j];
                if (isfinite(med[c][q]) && med[c][q] / r->tol[q] > best)
                    best = med[c][q] / r->tol[q], bc = c, bq = q;
            }
    // A run that blew up in its contacts leaves its bodies flying free with any w, and its free
    // steps then differ most in the median: the law that failed is the one that failed first. When
    // the first step over a tolerance is a contact step and the median points to free steps, the
    // contact law is named (with the time it first failed).
    long first = -1;
    for (long i = 0; i < r->n && first < 0; i++)
        if (r->steps[i].nover > 0) first = i;
    bool first_contact = first >= 0 && is_contact(&r->steps[first]);
    bool blown = bc == 0 && best > 1 && first_contact;
    if (blown) {
        const ak_sw_step *st = &r->steps[first];
        double b2 = 0;
        for (int q = 0; q < AK_SW_Q; q++)
            if (st->e[q] / r->tol[q] > b2) b2 = st->e[q] / r->tol[q], bq = q;
        bc = 1;
        best = b2;
    }
    char other_kind[64] = "no free steps";
    if (bc >= 0 && isfinite(med[1 - bc][bq]))
        snprintf(other_kind, sizeof other_kind, "%s steps %.3g", bc ? "free" : "contact",
                 med[1 - bc][bq]);
    else if (bc == 1)
        snprintf(other_kind, sizeof other_kind, "no free steps");
    else
        snprintf(other_kind, sizeof other_kind, "no contact steps");
    if (kind) *kind = bc < 0 || best <= 1 ? -1 : bc;
    if (quantity) *quantity = bq;
    if (bc < 0 || best <= 1)
        snprintf(out, n, "the median step agrees within the tolerances in free and contact steps");
    else if (bc == 0)
        snprintf(out, n,
                 "free steps differ most (median %s %.3g = %.3g x tolerance; %s): the integrator "
                 "of free motion (%s)",
                 QSHORT[bq], med[0][bq], best, other_kind,
                 bq == AK_SW_W || bq == AK_SW_R
                     ? "the rotational update: gyroscopic term, rotor integration"
                     : "the linear update: gravity, position integration");
    else if (blown)
        snprintf(out, n,
                 "the first step over a tolerance is a step with contact (t = %g s: %s %.3g = %.3g "
                 "x tolerance), "
                 "and the free steps after it differ more (median %s %.3g: the bodies the contacts "
                 "threw): the "
                 "contact law (%s)",
                 r->steps[first].t, QSHORT[bq], r->steps[first].e[bq], best, QSHORT[bq], med[0][bq],
                 bq == AK_SW_X || bq == AK_SW_R
                     ? "position correction: penetration recovery, soft contacts"
                     : "impulses: restitution, friction, solver convergence");
    else
        snprintf(out, n,
                 "steps with contact differ most (median %s %.3g = %.3g x tolerance; %s): the "
                 "contact law (%s)",
                 QSHORT[bq], med[1][bq], best, other_kind,
                 bq == AK_SW_X || bq == AK_SW_R
                     ? "position correction: penetration recovery, soft contacts"
                     : "impulses: restitution, friction, solver convergence");
    return 0;
}

void ak_stepwise_print(const ak_stepwise_result *r, const ak_tracefile *o, int worst, void *file) {
    FILE *f = file;
    fprintf(f,
            "stepwise: %ld steps of %d bodies; each from the other trace's state, %d sub-step(s) "
            "of %g s, solver: %s\n",
            r->n, r->nbody, r->nsub, r->dt, r->solver);
    fprintf(f,
            "per-step tolerances: |dx| %g m, |dv| %g m/s, |dR| %g, |dw| %g rad/s (largest over "
            "bodies per step)\n\n",
            r->tol[0], r->tol[1], r->tol[2], r->tol[3]);
    fprintf(f, "%-14s %-18s %7s %11s %11s %11s %11s\n", "steps", "error", "count", "median", "90 %",
            "99 %", "max");
    double med[2][AK_SW_Q];
    for (int c = 0; c < 2; c++)
        for (int q = 0; q < AK_SW_Q; q++) {
            long cnt;
            med[c][q] = ak_stepwise_quantile(r, q, c, 0.5, &cnt);
            if (cnt == 0) continue;
            fprintf(f, "%-14s %-18s %7ld %11.3g %11.3g %11.3g %11.3g\n",
                    c ? "with contact" : "free", QNAME[q], cnt, med[c][q],
                    ak_stepwise_quantile(r, q, c, 0.9, NULL),
                    ak_stepwise_quantile(r, q, c, 0.99, NULL),
                    ak_stepwise_quantile(r, q, c, 1.0, NULL));
        }
    char law[600];
    ak_stepwise_law(r, NULL, NULL, law, sizeof law);
    fprintf(f, "\nlaw: %s\n", law);
    fprintf(f, "steps with a body over a tolerance: %ld of %ld\n", r->nfail, r->n);
    if (worst <= 0 || r->n == 0) return;
    // the worst steps by the largest error/tolerance ratio
    long *idx = malloc(sizeof(long) * (size_t)r->n);
    double *key = malloc(sizeof(double) * (size_t)r->n);
    if (!idx || !key) {
        free(idx);
        free(key);
        return;
    }
    for (long i = 0; i < r->n; i++) {
        idx[i] = i;
        key[i] = 0;
        for (int q = 0; q < AK_SW_Q; q++) key[i] = fmax(key[i], r->steps[i].e[q] / r->tol[q]);
    }
    fprintf(f, "\nworst steps (largest error / tolerance):\n");
    for (int w = 0; w < worst && w < r->n; w++) {
        long bi = w;
        for (long i = w + 1; i < r->n; i++)
            if (key[idx[i]] > key[idx[bi]]) bi = i;
        long tmp = idx[w];
        idx[w] = idx[bi];
        idx[bi] = tmp;
        const ak_sw_step *s = &r->steps[idx[w]];
        if (key[idx[w]] <= 0) break;
        char oc[32] = "-";
        if (!isnan(s->other_contacts)) snprintf(oc, sizeof oc, "%g", s->other_contacts);
        fprintf(f, "  t = %-10.6g step %ld -> %ld, contacts %d (other %s): ", s->t, o->step[s->k],
                o->step[s->k + 1], s->contacts, oc);
        for (int q = 0; q < AK_SW_Q; q++)
            fprintf(f, "%s%s %.3g ('%s')", q ? ", " : "", QSHORT[q], s->e[q], o->body[s->body[q]]);
        if (s->nover) {
            fprintf(f, "; over tolerance:");
            for (int j = 0; j < s->nover && j < AK_SW_OVER_MAX; j++)
                fprintf(f, " '%s'", o->body[s->over[j]]);
            if (s->nover > AK_SW_OVER_MAX) fprintf(f, " and %d more", s->nover - AK_SW_OVER_MAX);
        }
        fputc('\n', f);
    }
    free(idx);
    free(key);
}
