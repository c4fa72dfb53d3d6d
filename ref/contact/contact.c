// Pure contact-impulse formulas (see contact.h). Derivation of K (B-6):
// the velocity of the contact point of body a is u = v + [r]*^T w. An impulse P at that point
// gives dv = P / m and dL = r ^ P = [r]* P, so dw = Iw^-1 [r]* P, and
// du = (delta / m + [r]*^T Iw^-1 [r]*) P = K_a P. For the pair, the relative velocity
// u_a - u_b changes by (K_a + K_b) P when +P acts on a and -P on b.
#include "ref/contact/contact.h"

#include <math.h>
#include <string.h>

#include "ref/dyn/dyn.h"
#include "ref/ga/nd.h"

// An isotropic inverse inertia s 1 is its own world form ([R]_2 orthogonal, B-eq4): copied
// exactly rather than turned with rounding (ak_dyn_inertia_scalar).
static int world_isotropic(int n, double out[], const double inv_I[]) {
    if (!(ak_dyn_inertia_scalar(n, inv_I) > 0.0)) return 0;
    int k = ak_nd_nbiv(n);
    memcpy(out, inv_I, sizeof(double) * (size_t)(k * k));
    return 1;
}

void ak_contact_world_inv_inertia(int n, double out[], const double inv_I[], const double R[]) {
    if (world_isotropic(n, out, inv_I)) return;
    int k = ak_nd_nbiv(n);
    double M[AK_MAX_BIV * AK_MAX_BIV], T[AK_MAX_BIV * AK_MAX_BIV];
    ak_nd_rotor_biv_matrix(n, M, R);
    for (int i = 0; i < k; i++)
        for (int j = 0; j < k; j++) {
            double s = 0.0;
            for (int l = 0; l < k; l++) s += M[i * k + l] * inv_I[l * k + j];
            T[i * k + j] = s;
        }
    for (int i = 0; i < k; i++)
        for (int j = 0; j < k; j++) {
            double s = 0.0;
            for (int l = 0; l < k; l++) s += T[i * k + l] * M[j * k + l];
            out[i * k + j] = s;
        }
}

void ak_contact_world_inv_inertia_m(int n, double out[], const double inv_I[], const double M[]) {
    if (world_isotropic(n, out, inv_I)) return;
    int k = ak_nd_nbiv(n), pi[AK_MAX_BIV], pj[AK_MAX_BIV];
    for (int q = 0; q < k; q++) ak_nd_biv_pair(n, q, &pi[q], &pj[q]);
    double C[AK_MAX_BIV * AK_MAX_BIV], T[AK_MAX_BIV * AK_MAX_BIV];
    for (int a = 0; a < k; a++)
        for (int b = 0; b < k; b++) {
            int i = pi[a], j = pj[a], kk = pi[b], l = pj[b];
            C[a * k + b] = M[i * n + kk] * M[j * n + l] - M[i * n + l] * M[j * n + kk];
        }
    for (int i = 0; i < k; i++)
        for (int j = 0; j < k; j++) {
            double s = 0.0;
            for (int l = 0; l < k; l++) s += C[i * k + l] * inv_I[l * k + j];
            T[i * k + j] = s;
        }
    for (int i = 0; i < k; i++)
        for (int j = 0; j < k; j++) {
            double s = 0.0;
            for (int l = 0; l < k; l++) s += T[i * k + l] * C[j * k + l];
            out[i * k + j] = s;
        }
}

void ak_contact_k_add(int n, double K[], double inv_mass, const double inv_Iw[], const double r[]) {
    for (int i = 0; i < n; i++) K[i * n + i] += inv_mass;
    if (!inv_Iw) return;
    int k = ak_nd_nbiv(n);
    double S[AK_MAX_BIV * AK_MAX_DIM], IS[AK_MAX_BIV * AK_MAX_DIM];
    ak_nd_rstar(n, S, r); // k x n
    for (int p = 0; p < k; p++)
        for (int j = 0; j < n; j++) {
            double s = 0.0;
            for (int q = 0; q < k; q++) s += inv_Iw[p * k + q] * S[q * n + j];
            IS[p * n + j] = s;
        }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = 0.0;
            for (int p = 0; p < k; p++) s += S[p * n + i] * IS[p * n + j];
            K[i * n + j] += s;
        }
}

void ak_contact_k_add_iso(int n, double K[], double inv_mass, double iso, const double r[]) {
    double rr = 0.0;
    for (int i = 0; i < n; i++) rr += r[i] * r[i];
    double diag = inv_mass + iso * rr;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) K[i * n + j] += (i == j ? diag : 0.0) - iso * r[i] * r[j];
}

void ak_contact_point_velocity(int n, double out[], const double v[], const double w[],
                               const double r[]) {
    double c[AK_MAX_DIM];
    ak_nd_contract(n, c, r, w);
    for (int i = 0; i < n; i++) out[i] = v[i] + c[i];
}

void ak_contact_apply(int n, double v[], double w[], double inv_mass, const double inv_Iw[],
                      const double r[], const double P[], double s) {
    for (int i = 0; i < n; i++) v[i] += s * inv_mass * P[i];
    if (!inv_Iw) return;
    int k = ak_nd_nbiv(n);
    double L[AK_MAX_BIV];
    ak_nd_wedge(n, L, r, P);
    for (int p = 0; p < k; p++) {
        double a = 0.0;
        for (int q = 0; q < k; q++) a += inv_Iw[p * k + q] * L[q];
        w[p] += s * a;
    }
}

void ak_contact_tangent_basis(int n, double T[], const double nrm[]) {
    int kk = 0;
    double len = 0.0;
    for (int i = 0; i < n; i++) len += nrm[i] * nrm[i];
    len = sqrt(len);
    for (int i = 1; i < n; i++)
        if (fabs(nrm[i]) > fabs(nrm[kk])) kk = i;
    double s = nrm[kk] >= 0.0 ? 1.0 : -1.0;
    double u[AK_MAX_DIM], uu = 0.0;
    double off = 0.0; // sum of the squared off-axis components of the unit normal
    for (int i = 0; i < n; i++) {
        u[i] = len > 0.0 ? nrm[i] / len : 0.0;
        if (i != kk) off += u[i] * u[i];
    }
    // u_k = n_k - s = -s (1 - |n_k|) = -s off / (1 + |n_k|): no cancellation near +-e_k
    u[kk] = -s * off / (1.0 + fabs(u[kk]));
    // u.u from the components, not 2 (1 - |n_k|): a normal that is unit only to rounding
    // would otherwise make the ratio below blow up when n is close to +-e_k
    for (int i = 0; i < n; i++) uu += u[i] * u[i];
    int row = 0;
    for (int j = 0; j < n; j++) {
        if (j == kk) continue;
        for (int i = 0; i < n; i++)
            T[row * n + i] = (i == j ? 1.0 : 0.0) - (uu > 0.0 ? 2.0 * u[i] * u[j] / uu : 0.0);
        row++;
    }
}

double ak_contact_k_dir(int n, const double K[], const double u[]) {
    double s = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) s += u[i] * K[i * n + j] * u[j];
    return s;
}

double ak_contact_restitution_impulse(double vn, double k, double e) { return -(1.0 + e) * vn / k; }

int ak_contact_friction_clamp(int nt, double jt[], const double ut[], double jn, double mu,
                              int slipping) {
    double len = 0.0;
    for (int i = 0; i < nt; i++) len += jt[i] * jt[i];
    len = sqrt(len);
    if (len <= mu * jn) return 0;
    if (slipping) { // |ut| only where it is used (inside the disc it is not)
        double ul = 0.0;
        for (int i = 0; i < nt; i++) ul += ut[i] * ut[i];
        ul = sqrt(ul);
        if (ul > 0.0) {
            for (int i = 0; i < nt; i++) jt[i] = -mu * jn * ut[i] / ul;
            return 1;
        }
    }
    double s = len > 0.0 ? mu * jn / len : 0.0;
    for (int i = 0; i < nt; i++) jt[i] *= s;
    return 1;
}

double ak_contact_friction_coefficient(double slip, double stick_speed, double mu_s, double mu_k) {
    return slip <= stick_speed ? mu_s : mu_k;
}

double ak_contact_combine_friction(double a, double b) { return sqrt(fmax(a, 0.0) * fmax(b, 0.0)); }
double ak_contact_combine_restitution(double a, double b) { return fmax(a, b); }

double ak_contact_bias(double sep, double h, double beta, double slop) {
    if (sep > 0.0) return -sep / h;
    return beta / h * fmax(0.0, -sep - slop);
}
