// Mass properties of the analytic n-D shapes, the B-5 covariance-to-inertia map, the
// parallel-axis shift, compound bodies and the principal frame.
//
// Derivation (docs/formulas/mass.md has the full statements and the evidence):
// every shape here is symmetric under x_i -> -x_i for each axis i (the half-ball only up to a
// shift along y), so its covariance C = integral r r^T dm about the centroid is diagonal and
// needs only the per-axis second moments. With V_m(1) the volume of the unit m-ball:
// - n-ball radius R:        V = V_n R^n,  C_ii = m R^2 / (n+2)          (so T-3.hs: I = m R^2/3 in 4D)
// - box, half extents a_i:  V = prod 2a_i, C_ii = m a_i^2 / 3           (T-3.hb with s_i = 2 a_i: s_i^2/12)
// - spherinder R, h (axis y): (n-1)-ball x segment, C_ii = m R^2/(n+1), C_yy = m h^2/3
// - half n-ball: D = integral y dV / V = 2 V_{n-1} R / ((n+1) V_n); C_ii = m R^2/(n+2),
//   C_yy = m (R^2/(n+2) - D^2)
// - capsule = spherinder + two half-balls at +-h: C_yy per unit density
//   = V_cyl h^2/3 + V_ball (h^2 + 2 h D + R^2/(n+2))
// - duocylinder R1 (xy) x R2 (zw): C_xx = C_yy = m R1^2/4, C_zz = C_ww = m R2^2/4.
// The inertia then follows from C by the [e_i]* expansion (ten Bosch §5, B-5):
// I = sum_ij C_ij [e_i]*[e_j]*^T, whose diagonal entry for the plane ab is C_aa + C_bb.
#include "ref/mass/mass.h"
#include "ref/geom/linalg.h"

#include <gsl/gsl_eigen.h>
#include <gsl/gsl_errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ref/mass/mass_internal.h"

static int check_positive(const char *what, double v, char *err, size_t errlen) {
    if (!isfinite(v) || v <= 0.0)
        return ak_mass_fail(err, errlen, AK_MASS_EBADPARAM,
                            "%s: expected a positive number, got %g", what, v);
    return AK_MASS_OK;
}

double ak_mass_unit_ball_volume(int n) {
    // V_0 = 1, V_1 = 2, V_n = V_{n-2} 2 pi / n.
    if (n < 0) return 0.0;
    double v = (n % 2 == 0) ? 1.0 : 2.0;
    for (int m = (n % 2 == 0) ? 2 : 3; m <= n; m += 2) v *= 2.0 * AK_MASS_PI / m;
    return v;
}

void ak_mass_inertia_about(double I_out[], const ak_mass_props *p, const double point[]) {
    int n = p->dim, k = ak_nd_nbiv(n);
    double d[AK_MAX_DIM], S[AK_MAX_BIV * AK_MAX_DIM];
    for (int i = 0; i < n; i++) d[i] = p->centroid[i] - point[i];
    ak_nd_rstar(n, S, d);
    for (int a = 0; a < k; a++)
        for (int b = 0; b < k; b++) {
            double s = 0.0;
            for (int c = 0; c < n; c++) s += S[a * n + c] * S[b * n + c];
            I_out[a * k + b] = p->inertia[a * k + b] + p->mass * s;
        }
}

void ak_mass_transform(ak_mass_props *out, const ak_mass_props *in, const double rot[],
                       const double pos[]) {
    int n = in->dim;
    ak_mass_props r = *in;
    for (int i = 0; i < n; i++) {
        double s = pos[i];
        for (int j = 0; j < n; j++) s += rot[i * n + j] * in->centroid[j];
        r.centroid[i] = s;
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = 0.0;
            for (int a = 0; a < n; a++)
                for (int b = 0; b < n; b++)
                    s += rot[i * n + a] * in->cov[a * n + b] * rot[j * n + b];
            r.cov[i * n + j] = s;
        }
    ak_mass_inertia_from_cov(n, r.inertia, r.cov);
    *out = r;
}

int ak_mass_combine(ak_mass_props *out, const ak_mass_props parts[], int nparts, char *err,
                    size_t errlen) {
    if (nparts < 1 || !parts)
        return ak_mass_fail(err, errlen, AK_MASS_EBADPARAM, "compound body: no parts");
    int n = parts[0].dim;
    ak_mass_props r;
    memset(&r, 0, sizeof r);
    r.dim = n;
    for (int p = 0; p < nparts; p++) {
        if (parts[p].dim != n)
            return ak_mass_fail(err, errlen, AK_MASS_EBADPARAM,
                                "compound body: part %d has dim %d, part 0 has dim %d", p,
                                parts[p].dim, n);
        if (!(parts[p].mass > 0.0) || !isfinite(parts[p].mass))
            return ak_mass_fail(err, errlen, AK_MASS_EBADPARAM,
                                "compound body: part %d has mass %g", p, parts[p].mass);
        r.mass += parts[p].mass;
        r.volume += parts[p].volume;
        r.boundary += parts[p].boundary;
        for (int i = 0; i < n; i++) r.centroid[i] += parts[p].mass * parts[p].centroid[i];
    }
    for (int i = 0; i < n; i++) r.centroid[i] /= r.mass;
    for (int p = 0; p < nparts; p++) {
        double d[AK_MAX_DIM];
        for (int i = 0; i < n; i++) d[i] = parts[p].centroid[i] - r.centroid[i];
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                r.cov[i * n + j] += parts[p].cov[i * n + j] + parts[p].mass * d[i] * d[j];
    }
    ak_mass_inertia_from_cov(n, r.inertia, r.cov);
    *out = r;
    return AK_MASS_OK;
}

int ak_mass_principal(double moments[], double frame[], double rotor[], double cov_eig[],
                      const ak_mass_props *p, char *err, size_t errlen) {
    int n = p->dim;
    if (n < 2 || n > AK_MAX_DIM)
        return ak_mass_fail(err, errlen, AK_MASS_EBADPARAM, "dimension %d is not in 2..%d", n,
                            AK_MAX_DIM);
    double a[AK_MAX_DIM * AK_MAX_DIM], ev[AK_MAX_DIM], Q[AK_MAX_DIM * AK_MAX_DIM];
    memcpy(a, p->cov, sizeof(double) * (size_t)(n * n));
    // gsl_eigen_symmv on caller-free storage: the workspace's public fields point at stack
    // arrays of the sizes gsl_eigen_symmv_alloc would allocate (d, sd: n; gc, gs: n), so that
    // ref/ allocates nothing.
    double wd[AK_MAX_DIM], wsd[AK_MAX_DIM], wgc[AK_MAX_DIM], wgs[AK_MAX_DIM];
    gsl_eigen_symmv_workspace ws = { .size = (size_t)n, .d = wd, .sd = wsd, .gc = wgc, .gs = wgs };
    gsl_matrix_view A = gsl_matrix_view_array(a, (size_t)n, (size_t)n);
    gsl_vector_view E = gsl_vector_view_array(ev, (size_t)n);
    gsl_matrix_view V = gsl_matrix_view_array(Q, (size_t)n, (size_t)n);
    gsl_error_handler_t *old = gsl_set_error_handler_off();
    int st = gsl_eigen_symmv(&A.matrix, &E.vector, &V.matrix, &ws);
    if (st == GSL_SUCCESS) st = gsl_eigen_symmv_sort(&E.vector, &V.matrix, GSL_EIGEN_SORT_VAL_DESC);
    gsl_set_error_handler(old);
    if (st != GSL_SUCCESS)
        return ak_mass_fail(err, errlen, AK_MASS_ENUMERIC, "gsl_eigen_symmv: %s", gsl_strerror(st));
    if (ak_mass_det(n, Q) < 0.0) // make it a proper rotation
        for (int i = 0; i < n; i++) Q[i * n + n - 1] = -Q[i * n + n - 1];
    if (rotor) {
        int gs = ak_nd_rotor_from_frame(n, rotor, Q);
        if (gs != AK_GA_OK)
            return ak_mass_fail(err, errlen, AK_MASS_ENUMERIC, "principal frame rotor: %s",
                                ak_ga_status_str(gs));
    }
    if (frame) memcpy(frame, Q, sizeof(double) * (size_t)(n * n));
    if (cov_eig) memcpy(cov_eig, ev, sizeof(double) * (size_t)n);
    if (moments) {
        int k = 0;
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) moments[k++] = ev[i] + ev[j];
    }
    return AK_MASS_OK;
}

// Fill out from volume, boundary, centroid and the per-unit-mass diagonal covariance.
static void finish_diag(ak_mass_props *out, int n, double V, double S, double density,
                        const double centroid[], const double var[]) {
    ak_mass_props r;
    memset(&r, 0, sizeof r);
    r.dim = n;
    r.volume = V;
    r.boundary = S;
    r.mass = density * V;
    for (int i = 0; i < n; i++) {
        r.centroid[i] = centroid ? centroid[i] : 0.0;
        r.cov[i * n + i] = r.mass * var[i];
    }
    ak_mass_inertia_from_cov(n, r.inertia, r.cov);
    *out = r;
}

int ak_mass_ball(ak_mass_props *out, int n, double radius, double density, char *err,
                 size_t errlen) {
    int st = ak_mass_check_common(n, density, err, errlen);
    if (st) return st;
    if ((st = check_positive("radius", radius, err, errlen))) return st;
    double V = ak_mass_unit_ball_volume(n) * pow(radius, n);
    double var[AK_MAX_DIM];
    for (int i = 0; i < n; i++) var[i] = radius * radius / (n + 2);
    finish_diag(out, n, V, n * V / radius, density, NULL, var);
    return AK_MASS_OK;
}

int ak_mass_box(ak_mass_props *out, int n, const double half_extents[], double density, char *err,
                size_t errlen) {
    int st = ak_mass_check_common(n, density, err, errlen);
    if (st) return st;
    for (int i = 0; i < n; i++) {
        char what[32];
        snprintf(what, sizeof what, "half_extents[%d]", i);
        if ((st = check_positive(what, half_extents[i], err, errlen))) return st;
    }
    double V = 1.0, S = 0.0, var[AK_MAX_DIM];
    for (int i = 0; i < n; i++) V *= 2.0 * half_extents[i];
    for (int i = 0; i < n; i++) {
        S += 2.0 * V / (2.0 * half_extents[i]); // two facets normal to axis i
        var[i] = half_extents[i] * half_extents[i] / 3.0;
    }
    finish_diag(out, n, V, S, density, NULL, var);
    return AK_MASS_OK;
}

int ak_mass_spherinder(ak_mass_props *out, int n, double radius, double half_length, double density,
                       char *err, size_t errlen) {
    int st = ak_mass_check_common(n, density, err, errlen);
    if (st) return st;
    if ((st = check_positive("radius", radius, err, errlen))) return st;
    if ((st = check_positive("half_length", half_length, err, errlen))) return st;
    double vb = ak_mass_unit_ball_volume(n - 1) * pow(radius, n - 1); // (n-1)-ball cross-section
    double V = vb * 2.0 * half_length;
    double S = (n - 1) * vb / radius * 2.0 * half_length + 2.0 * vb; // side + two end caps
    double var[AK_MAX_DIM];
    for (int i = 0; i < n; i++) var[i] = radius * radius / (n + 1);
    var[1] = half_length * half_length / 3.0;
    finish_diag(out, n, V, S, density, NULL, var);
    return AK_MASS_OK;
}

// Centroid height of the half n-ball of radius 1: D = 2 V_{n-1} / ((n+1) V_n).
static double half_ball_d(int n) {
    return 2.0 * ak_mass_unit_ball_volume(n - 1) / ((n + 1) * ak_mass_unit_ball_volume(n));
}

int ak_mass_half_ball(ak_mass_props *out, int n, double radius, double density, char *err,
                      size_t errlen) {
    int st = ak_mass_check_common(n, density, err, errlen);
    if (st) return st;
    if ((st = check_positive("radius", radius, err, errlen))) return st;
    double Vn = ak_mass_unit_ball_volume(n) * pow(radius, n);
    double base = ak_mass_unit_ball_volume(n - 1) * pow(radius, n - 1);
    double V = 0.5 * Vn, S = 0.5 * n * Vn / radius + base;
    double D = half_ball_d(n) * radius, c[AK_MAX_DIM] = { 0 }, var[AK_MAX_DIM];
    c[1] = D;
    for (int i = 0; i < n; i++) var[i] = radius * radius / (n + 2);
    var[1] = radius * radius / (n + 2) - D * D;
    finish_diag(out, n, V, S, density, c, var);
    return AK_MASS_OK;
}

int ak_mass_capsule(ak_mass_props *out, int n, double radius, double half_length, double density,
                    char *err, size_t errlen) {
    int st = ak_mass_check_common(n, density, err, errlen);
    if (st) return st;
    if ((st = check_positive("radius", radius, err, errlen))) return st;
    if (!isfinite(half_length) || half_length < 0.0)
        return ak_mass_fail(err, errlen, AK_MASS_EBADPARAM,
                            "half_length: expected a number >= 0, got %g", half_length);
    double R = radius, h = half_length;
    double vb1 = ak_mass_unit_ball_volume(n - 1) * pow(R, n - 1);
    double Vcyl = vb1 * 2.0 * h, Vball = ak_mass_unit_ball_volume(n) * pow(R, n);
    double V = Vcyl + Vball;
    double S = (n - 1) * vb1 / R * 2.0 * h + n * Vball / R;
    double D = half_ball_d(n) * R, var[AK_MAX_DIM];
    for (int i = 0; i < n; i++) var[i] = (Vcyl * R * R / (n + 1) + Vball * R * R / (n + 2)) / V;
    var[1] = (Vcyl * h * h / 3.0 + Vball * (h * h + 2.0 * h * D + R * R / (n + 2))) / V;
    finish_diag(out, n, V, S, density, NULL, var);
    return AK_MASS_OK;
}

int ak_mass_duocylinder(ak_mass_props *out, double r_xy, double r_zw, double density, char *err,
                        size_t errlen) {
    int st = ak_mass_check_common(4, density, err, errlen);
    if (st) return st;
    if ((st = check_positive("radii[0]", r_xy, err, errlen))) return st;
    if ((st = check_positive("radii[1]", r_zw, err, errlen))) return st;
    double a = r_xy, b = r_zw;
    double V = AK_MASS_PI * a * a * AK_MASS_PI * b * b;
    double S =
        2.0 * AK_MASS_PI * a * AK_MASS_PI * b * b + AK_MASS_PI * a * a * 2.0 * AK_MASS_PI * b;
    double var[4] = { a * a / 4.0, a * a / 4.0, b * b / 4.0, b * b / 4.0 };
    finish_diag(out, 4, V, S, density, NULL, var);
    return AK_MASS_OK;
}

int ak_mass_shape(ak_mass_props *out, const ak_shape *s, double density, char *err, size_t errlen) {
    if (!s) return ak_mass_fail(err, errlen, AK_MASS_EBADPARAM, "no shape");
    switch (s->type) {
        case AK_SHAPE_HYPERSPHERE:
            return ak_mass_ball(out, s->dim, s->radius, density, err, errlen);
        case AK_SHAPE_HYPERCAPSULE:
            return ak_mass_capsule(out, s->dim, s->radius, s->half_length, density, err, errlen);
        case AK_SHAPE_HYPERBOX:
            return ak_mass_box(out, s->dim, s->half_extents, density, err, errlen);
        case AK_SHAPE_CONVEX:
            // more vertices than the hull's bitmask: from the facet planes when the shape has them
            if (s->nverts > AK_MASS_HULL_MAX_VERTS && s->nfacets > 0 && s->facets)
                return ak_mass_polytope(out, s->dim, s->verts, s->nverts, s->facets, s->nfacets,
                                        density, err, errlen);
            return ak_mass_convex(out, s->dim, s->verts, s->nverts, density, err, errlen);
        case AK_SHAPE_DUOCYLINDER:
            if (s->dim != 4)
                return ak_mass_fail(err, errlen, AK_MASS_EBADPARAM,
                                    "duocylinder: only defined in 4D, dim is %d", s->dim);
            return ak_mass_duocylinder(out, s->radii[0], s->radii[1], density, err, errlen);
        case AK_SHAPE_HYPERPLANE:
            return ak_mass_fail(
                err, errlen, AK_MASS_EBADPARAM,
                "hyperplane: infinite volume, no mass properties (it is always fixed)");
        default: break;
    }
    return ak_mass_fail(err, errlen, AK_MASS_EBADPARAM, "unknown shape type %d", (int)s->type);
}
