// Group "render": the helpers its topic files share (checks_render_common.h).
#include "verify/checks/checks_render_common.h"

double render_urand(gsl_rng *r, double a, double b) { return a + (b - a) * gsl_rng_uniform(r); }

// A random rotation: product of random plane rotations (enough to reach every orientation).
void render_random_pose(gsl_rng *r, ak_pose *p, double spread) {
    *p = ak_pose_identity(4);
    double R[8], S[8], T[8];
    ak_nd_rotor_identity(4, R);
    for (int k = 0; k < 6; k++) {
        int i = k < 3 ? 0 : k < 5 ? 1 : 2, j = k < 3 ? k + 1 : k < 5 ? k - 1 : 3;
        ak_nd_rotor_plane(4, S, i, j, render_urand(r, -M_PI, M_PI));
        ak_nd_rotor_mul(4, T, S, R);
        memcpy(R, T, sizeof R);
    }
    ak_nd_rotor_to_matrix(4, p->rot, R);
    for (int i = 0; i < 4; i++) p->pos[i] = render_urand(r, -spread, spread);
}

// Body coordinates, written out separately from ref/sdf (p_j = sum_i rot_ij (x - pos)_i).
void render_to_body(double p[4], const ak_pose *pose, const double x[4]) {
    for (int j = 0; j < 4; j++) {
        p[j] = 0;
        for (int i = 0; i < 4; i++) p[j] += pose->rot[i * 4 + j] * (x[i] - pose->pos[i]);
    }
}

double render_norm4(const double v[4]) {
    return sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2] + v[3] * v[3]);
}

// ---- ground truth 1: analytic projections (closest points), body frame -----------------

// Closest boundary point distance, signed, for each shape; written as projections onto the
// solid (outside) and as distances to the nearest boundary piece (inside).
double render_truth_analytic(const ak_shape *s, const double p[4], const double *verts, int nv) {
    (void)verts;
    (void)nv;
    switch (s->type) {
        case AK_SHAPE_HYPERSPHERE: {
            double l = render_norm4(p);
            double q[4]; // closest point on the sphere surface
            for (int i = 0; i < 4; i++) q[i] = s->radius * p[i] / l;
            double d[4] = { p[0] - q[0], p[1] - q[1], p[2] - q[2], p[3] - q[3] };
            return l >= s->radius ? render_norm4(d) : -render_norm4(d);
        }
        case AK_SHAPE_HYPERCAPSULE: {
            double t = p[1];
            if (t > s->half_length) t = s->half_length;
            if (t < -s->half_length) t = -s->half_length;
            double d[4] = { p[0], p[1] - t, p[2], p[3] };
            return render_norm4(d) - s->radius; // distance to the segment minus the radius is exact
        }
        case AK_SHAPE_HYPERBOX: {
            double q[4];
            int inside = 1;
            for (int i = 0; i < 4; i++) {
                q[i] = p[i];
                if (q[i] > s->half_extents[i]) q[i] = s->half_extents[i], inside = 0;
                if (q[i] < -s->half_extents[i]) q[i] = -s->half_extents[i], inside = 0;
            }
            if (!inside) {
                double d[4] = { p[0] - q[0], p[1] - q[1], p[2] - q[2], p[3] - q[3] };
                return render_norm4(d);
            }
            double m = INFINITY; // nearest facet
            for (int i = 0; i < 4; i++) m = fmin(m, s->half_extents[i] - fabs(p[i]));
            return -m;
        }
        case AK_SHAPE_DUOCYLINDER: {
            // Closest point of the product of disks: project onto each disk separately.
            double a = sqrt(p[0] * p[0] + p[1] * p[1]), b = sqrt(p[2] * p[2] + p[3] * p[3]);
            double r1 = s->radii[0], r2 = s->radii[1];
            if (a > r1 || b > r2) {
                double da = a > r1 ? a - r1 : 0, db = b > r2 ? b - r2 : 0;
                return sqrt(da * da + db * db);
            }
            return -fmin(r1 - a, r2 - b); // nearest of the two boundary pieces
        }
        default: return NAN;
    }
}
