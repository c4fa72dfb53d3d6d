// Mass-property formulas AS PUBLISHED (see mass_published.h for the verdicts and sources).
// Transcribed literally, including the errors; nothing here is used by the engine.
#include "ref/published/mass_published.h"

#include <math.h>

#define PI 3.14159265358979323846

double ak_pub_mass_T3_1_hypersphere_surface(double R) { return 2.0 * PI * PI * R * R * R; }
double ak_pub_mass_T3_2_hypersphere_volume(double R) { return 0.5 * PI * PI * pow(R, 4); }
double ak_pub_mass_T3_3_hypersphere_density(double M, double R) {
    return 2.0 * M / (PI * PI * pow(R, 4));
}
void ak_pub_mass_T3_hs_hypersphere_inertia(double I[6], double M, double R) {
    for (int i = 0; i < 6; i++) I[i] = M * R * R / 3.0;
}
double ak_pub_mass_T3_4_hypercapsule_surface(double R, double H) {
    return 4.0 * PI * R * R * H + 2.0 * PI * PI * R * R * R;
}
double ak_pub_mass_T3_5_hypercapsule_volume(double R, double H) {
    return 4.0 / 3.0 * PI * R * R * R * H + 0.5 * PI * PI * pow(R, 4);
}
double ak_pub_mass_C1_Ms(double M, double R, double H) {
    return M / (1.0 + 3.0 * PI * R * R / (8.0 * H));
}
double ak_pub_mass_C2_Mc(double M, double R, double H) {
    return M / (8.0 * H / (3.0 * PI * R * R) + 1.0);
}
void ak_pub_mass_T3_hc_hypercapsule_inertia(double I[6], double M, double R, double H) {
    double Ms = ak_pub_mass_C1_Ms(M, R, H), Mc = ak_pub_mass_C2_Mc(M, R, H);
    double par = 1.0 / 3.0 * Ms * (2.0 / 5.0 * R * R + H * H / 4.0) +
                 2.0 * Mc * (1.0 / 3.0 * R * R + H * H / 4.0 + 16.0 * R * H / (15.0 * PI));
    double perp = 2.0 / 5.0 * Ms * R * R + 2.0 / 3.0 * Mc * R * R;
    // I_11 = xy, I_44 = yz, I_55 = yw contain y; I_22 = xz, I_33 = xw, I_66 = zw do not
    I[0] = par;
    I[1] = perp;
    I[2] = perp;
    I[3] = par;
    I[4] = par;
    I[5] = perp;
}
double ak_pub_mass_T3_6_hyperbox_surface(const double s[4]) {
    return 2.0 *
           (s[0] * s[1] + s[0] * s[2] + s[0] * s[3] + s[1] * s[2] + s[1] * s[3] + s[2] * s[3]);
}
double ak_pub_mass_T3_7_hyperbox_volume(const double s[4]) { return s[0] * s[1] * s[2] * s[3]; }
void ak_pub_mass_T3_hb_hyperbox_inertia(double I[6], double M, const double s[4]) {
    int k = 0;
    for (int a = 0; a < 4; a++)
        for (int b = a + 1; b < 4; b++) I[k++] = 1.0 / 3.0 * M * (s[a] * s[a] + s[b] * s[b]);
}

double ak_pub_mass_TC1_hypersphere_dM_dr(double M, double R, double r) {
    return 4.0 * M * r * r * r / pow(R, 4);
}
double ak_pub_mass_TC1_hypersphere_inertia(double M, double R) {
    return (12.0 * M / pow(R, 4)) * (pow(R, 6) / 6.0) / 6.0;
}
double ak_pub_mass_TC2V_hypercapsule_volume(double R, double H) {
    return 4.0 / 3.0 * PI * R * R * H + 0.5 * PI * PI * pow(R, 4);
}
void ak_pub_mass_TC2_hypercapsule_inertia(double I[6], double M, double R, double H) {
    ak_pub_mass_T3_hc_hypercapsule_inertia(I, M, R, H);
}
double ak_pub_mass_TC21_spherinder_perp(double M, double R) { return 2.0 / 5.0 * M * R * R; }
double ak_pub_mass_TC21_spherinder_par(double M, double R, double H) {
    return 1.0 / 3.0 * M * (2.0 / 5.0 * R * R + 0.25 * H * H);
}
double ak_pub_mass_TC22_half_volume(double R) { return 1.0 / 3.0 * PI * PI * pow(R, 4); }
double ak_pub_mass_TC22_D(double R) { return 16.0 * R / (15.0 * PI); }
double ak_pub_mass_TC22_base_inertia(double M, double R) { return 1.0 / 3.0 * M * R * R; }
double ak_pub_mass_TC22_cap_par(double M, double R, double H) {
    return M * (1.0 / 3.0 * R * R + H * H / 4.0 + 16.0 * R * H / (15.0 * PI));
}
double ak_pub_mass_TC22_cap_perp(double M, double R) { return 1.0 / 3.0 * M * R * R; }
double ak_pub_mass_TC3_derivation_xy(double M, double sx, double sy) {
    return 1.0 / 12.0 * M * (sx * sx + sy * sy);
}
void ak_pub_mass_TC3_table(double I[6], double M, const double s[4]) {
    ak_pub_mass_T3_hb_hyperbox_inertia(I, M, s);
}

void ak_pub_mass_G16_1_box(double I[3], double M, double w, double d, double h) {
    I[0] = M * (h * h + d * d) / 12.0;
    I[1] = M * (w * w + d * d) / 12.0;
    I[2] = M * (w * w + h * h) / 12.0;
}
void ak_pub_mass_G16_2_cylinder(double I[3], double M, double R, double h) {
    I[0] = I[1] = M * (3.0 * R * R + h * h) / 12.0;
    I[2] = 0.5 * M * R * R;
}
void ak_pub_mass_G16_3_sphere(double I[3], double M, double R) {
    I[0] = I[1] = I[2] = 2.0 / 5.0 * M * R * R;
}
double ak_pub_mass_G16_3_integrand_I22(double M, double R, double r, double theta, double phi) {
    (void)theta;
    double V = 4.0 / 3.0 * PI * R * R * R;
    return M / V * pow(r, 4) * pow(sin(phi), 3) * r;
}
void ak_pub_mass_G16_4_half_sphere_base(double I[3], double M, double R) {
    I[0] = I[1] = I[2] = 2.0 / 5.0 * M * R * R;
}
double ak_pub_mass_G16_4_centroid(double R) { return 3.0 / 8.0 * R; }
void ak_pub_mass_G16_4_half_sphere_cm(double I[3], double M, double R) {
    I[0] = I[1] = M * R * R * (2.0 / 5.0 - (3.0 / 8.0) * (3.0 / 8.0));
    I[2] = M * R * R * 2.0 / 5.0;
}
double ak_pub_mass_G16_4_integrand_I00(double M, double R, double r, double theta, double phi) {
    double V = 2.0 / 3.0 * PI * R * R * R;
    double st = sin(theta), ct = cos(theta), sp = sin(phi), cp = cos(phi);
    return M / V * (r * r * st * st * sp * sp + r * r * ct * ct * cp * cp) * r * r * sp;
}
void ak_pub_mass_G16_5_capsule(double I[3], double M_cy, double M_hs, double R, double h) {
    I[0] = I[1] = M_cy * (R * R / 4.0 + h * h / 12.0) +
                  M_hs * (4.0 / 5.0 * R * R + h * h / 2.0 + 3.0 / 4.0 * h * R);
    I[2] = (0.5 * M_cy + 4.0 / 5.0 * M_hs) * R * R;
}

// G-5: Hodges ch. 5, CalculateCenterOfMass and CalculateInertiaTensor, as printed: single
// precision throughout (Bounds, dx = WidthX() / (float)numSamples, the loop
// `for (float x = bounds.mins.x; x < bounds.maxs.x; x += dx)`, Vec3 cm accumulated in float,
// `cm /= (float)sampleCount`, the tensor accumulated in float and scaled by 1.0f / sampleCount).
// How many points an axis gets depends on the rounding of x += dx: 100 or 101 for
// numSamples = 100. IsExternal: "in front of any triangle" is DistanceFromTriangle > 0.0f, with
// the facet's point a = offset * n (the triangles' plane) and dist = (pt - a) . n in float.
static int g5_external(const float nrm[][3], const float apt[][3], int nfacets, const float pt[3]) {
    for (int t = 0; t < nfacets; t++) {
        float ray[3] = { pt[0] - apt[t][0], pt[1] - apt[t][1], pt[2] - apt[t][2] };
        float dist = ray[0] * nrm[t][0] + ray[1] * nrm[t][1] + ray[2] * nrm[t][2];
        if (dist > 0.0f) return 1; // in front of any triangle: external
    }
    return 0;
}

int ak_pub_mass_G5_axis_samples(float mins, float maxs, int numSamples) {
    const float dx = (maxs - mins) / (float)numSamples;
    int k = 0;
    for (float x = mins; x < maxs; x += dx) k++;
    return k;
}

long ak_pub_mass_G5_grid(double cm[3], double tensor[9], const double normals[],
                         const double offsets[], int nfacets, const double mins[3],
                         const double maxs[3], int numSamples) {
    enum { MAXF = 512 };
    float nrm[MAXF][3], apt[MAXF][3];
    if (nfacets > MAXF) return -1; // more facets than the transcription holds
    for (int t = 0; t < nfacets; t++)
        for (int i = 0; i < 3; i++) {
            nrm[t][i] = (float)normals[3 * t + i];
            apt[t][i] = (float)(offsets[t] * normals[3 * t + i]);
        }
    const float mn[3] = { (float)mins[0], (float)mins[1], (float)mins[2] };
    const float mx[3] = { (float)maxs[0], (float)maxs[1], (float)maxs[2] };
    const float dx = (mx[0] - mn[0]) / (float)numSamples;
    const float dy = (mx[1] - mn[1]) / (float)numSamples;
    const float dz = (mx[2] - mn[2]) / (float)numSamples;
    float c[3] = { 0.0f, 0.0f, 0.0f };
    int sampleCount = 0;
    for (float x = mn[0]; x < mx[0]; x += dx)
        for (float y = mn[1]; y < mx[1]; y += dy)
            for (float z = mn[2]; z < mx[2]; z += dz) {
                const float pt[3] = { x, y, z };
                if (g5_external(nrm, apt, nfacets, pt)) continue;
                c[0] += pt[0], c[1] += pt[1], c[2] += pt[2];
                sampleCount++;
            }
    for (int i = 0; i < 9; i++) tensor[i] = 0.0;
    if (sampleCount == 0) {
        cm[0] = cm[1] = cm[2] = 0.0;
        return 0;
    }
    for (int i = 0; i < 3; i++) c[i] /= (float)sampleCount; // eq 5
    float T[9] = { 0 };
    int count2 = 0;
    for (float x = mn[0]; x < mx[0]; x += dx)
        for (float y = mn[1]; y < mx[1]; y += dy)
            for (float z = mn[2]; z < mx[2]; z += dz) {
                float pt[3] = { x, y, z };
                if (g5_external(nrm, apt, nfacets, pt)) continue;
                pt[0] -= c[0], pt[1] -= c[1], pt[2] -= c[2]; // eq 4
                ak_pub_mass_hodges_tensor_add(T, pt);
                count2++;
            }
    const float sc = 1.0f / (float)count2;
    for (int i = 0; i < 9; i++) tensor[i] = (double)(T[i] * sc);
    for (int i = 0; i < 3; i++) cm[i] = (double)c[i];
    return sampleCount;
}
