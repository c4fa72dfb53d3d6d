// Hodges, Game Physics: The Next Week, ch. 8-13 as printed, in float (see the header for what
// is the book's and what is the first book's library). Names follow the listings.
#include "ref/published/hodges_gjk_published.h"

#include <math.h>
#include <string.h>

// ---- the book's float vectors ----------------------------------------------------------------

typedef struct {
    float x, y;
} V2;
typedef struct {
    float x, y, z;
} V3;

static V3 v3(float x, float y, float z) { return (V3){ x, y, z }; }
static V3 v3p(const float p[3]) { return (V3){ p[0], p[1], p[2] }; }
static void v3out(float o[3], V3 a) { o[0] = a.x, o[1] = a.y, o[2] = a.z; }
static V3 add(V3 a, V3 b) { return v3(a.x + b.x, a.y + b.y, a.z + b.z); }
static V3 sub(V3 a, V3 b) { return v3(a.x - b.x, a.y - b.y, a.z - b.z); }
static V3 mul(V3 a, float s) { return v3(a.x * s, a.y * s, a.z * s); }
static V3 dvs(V3 a, float s) { return v3(a.x / s, a.y / s, a.z / s); }
static float dot(V3 a, V3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static V3 cross(V3 a, V3 b) {
    return v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
static float len2(V3 a) { return a.x * a.x + a.y * a.y + a.z * a.z; }
static float mag(V3 a) { return sqrtf(len2(a)); }
static float at(V3 a, int i) { return i == 0 ? a.x : i == 1 ? a.y : a.z; }
// Vec3::Normalize: a zero (or non-finite) length leaves the vector as it is
static V3 normalize(V3 a) {
    const float m = mag(a);
    const float inv = 1.0f / m;
    if (0.0f * inv == 0.0f * inv) return mul(a, inv);
    return a;
}
static bool is_valid(V3 a) {
    return a.x * 0.0f == a.x * 0.0f && a.y * 0.0f == a.y * 0.0f && a.z * 0.0f == a.z * 0.0f;
}
static V2 v2(float x, float y) { return (V2){ x, y }; }
static V2 sub2(V2 a, V2 b) { return v2(a.x - b.x, a.y - b.y); }

// Quat (x, y, z, w): RotatePoint = q p q^-1
static void qmul(float o[4], const float a[4], const float b[4]) {
    const float x = a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1];
    const float y = a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0];
    const float z = a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3];
    const float w = a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2];
    o[0] = x, o[1] = y, o[2] = z, o[3] = w;
}
static V3 rotate_point(const float q[4], V3 p) {
    const float pv[4] = { p.x, p.y, p.z, 0.0f };
    const float n2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
    const float qi[4] = { -q[0] / n2, -q[1] / n2, -q[2] / n2, q[3] / n2 };
    float t[4], r[4];
    qmul(t, q, pv);
    qmul(r, t, qi);
    return v3(r[0], r[1], r[2]);
}

// ---- point_t and the supports (ch. 9) ----------------------------------------------------------

typedef struct {
    V3 xyz, ptA, ptB;
} point_t;

static V3 shape_support(const ak_pub_hdg_body *b, V3 dir, float bias) {
    const V3 pos = v3p(b->pos);
    if (b->type == AK_PUB_HDG_SPHERE) return add(pos, mul(dir, b->radius + bias));
    // ShapeBox::Support and ShapeConvex::Support (identical listings)
    V3 maxPt = add(rotate_point(b->q, v3p(b->pts[0])), pos);
    float maxDist = dot(dir, maxPt);
    for (int i = 1; i < b->npts; i++) {
        const V3 pt = add(rotate_point(b->q, v3p(b->pts[i])), pos);
        const float dist = dot(dir, pt);
        if (dist > maxDist) {
            maxDist = dist;
            maxPt = pt;
        }
    }
    V3 norm = normalize(dir);
    norm = mul(norm, bias);
    return add(maxPt, norm);
}

static point_t support(const ak_pub_hdg_body *bodyA, const ak_pub_hdg_body *bodyB, V3 dir,
                       float bias) {
    dir = normalize(dir);
    point_t point;
    point.ptA = shape_support(bodyA, dir, bias);
    dir = mul(dir, -1.0f);
    point.ptB = shape_support(bodyB, dir, bias);
    point.xyz = sub(point.ptA, point.ptB);
    return point;
}

// ---- G-8: signed volumes (ch. 8) ---------------------------------------------------------------

static void sv1d(V3 s1, V3 s2, float lambdas[2]) {
    const V3 ab = sub(s2, s1);                                  // Ray from a to b
    const V3 ap = sub(v3(0.0f, 0.0f, 0.0f), s1);                // Ray from a to origin
    const V3 p0 = add(s1, dvs(mul(ab, dot(ab, ap)), len2(ab))); // projection onto the line
    int idx = 0;
    float mu_max = 0;
    for (int i = 0; i < 3; i++) {
        const float mu = at(s2, i) - at(s1, i);
        if (mu * mu > mu_max * mu_max) {
            mu_max = mu;
            idx = i;
        }
    }
    const float a = at(s1, idx);
    const float b = at(s2, idx);
    const float p = at(p0, idx);
    const float C1 = p - a;
    const float C2 = b - p;
    if ((p > a && p < b) || (p > b && p < a)) {
        lambdas[0] = C2 / mu_max;
        lambdas[1] = C1 / mu_max;
        return;
    }
    if ((a <= b && p <= a) || (a >= b && p >= a)) {
        lambdas[0] = 1.0f, lambdas[1] = 0.0f;
        return;
    }
    lambdas[0] = 0.0f, lambdas[1] = 1.0f;
}

// fix & AK_PUB_HDG_FIX_SIGNS: 1 for two negatives (the book's printed test output needs it)
static int compare_signs(float a, float b, int fix) {
    if (a > 0.0f && b > 0.0f) return 1;
    if (a < 0.0f && b < 0.0f) return (fix & AK_PUB_HDG_FIX_SIGNS) ? 1 : -1;
    return 0;
}

// The lines that SignedVolume2D and BarycentricCoordinates print alike: the origin projected on
// the triangle's plane, the axis plane of the largest projected area, and the three sub-areas of
// the projected origin there. Returns the largest area (signed).
static float projected_areas(V3 s1, V3 s2, V3 s3, float areas[3]) {
    const V3 normal = cross(sub(s2, s1), sub(s3, s1));
    const V3 p0 = dvs(mul(normal, dot(s1, normal)), len2(normal));
    int idx = 0;
    float area_max = 0;
    for (int i = 0; i < 3; i++) {
        const int j = (i + 1) % 3, k = (i + 2) % 3;
        const V2 a = v2(at(s1, j), at(s1, k));
        const V2 b = v2(at(s2, j), at(s2, k));
        const V2 c = v2(at(s3, j), at(s3, k));
        const V2 ab = sub2(b, a), ac = sub2(c, a);
        const float area = ab.x * ac.y - ab.y * ac.x;
        if (area * area > area_max * area_max) {
            idx = i;
            area_max = area;
        }
    }
    const int x = (idx + 1) % 3, y = (idx + 2) % 3;
    V2 s[3];
    s[0] = v2(at(s1, x), at(s1, y));
    s[1] = v2(at(s2, x), at(s2, y));
    s[2] = v2(at(s3, x), at(s3, y));
    const V2 p = v2(at(p0, x), at(p0, y));
    for (int i = 0; i < 3; i++) {
        const int j = (i + 1) % 3, k = (i + 2) % 3;
        const V2 a = p, b = s[j], c = s[k];
        const V2 ab = sub2(b, a), ac = sub2(c, a);
        areas[i] = ab.x * ac.y - ab.y * ac.x;
    }
    return area_max;
}

static void sv2d(V3 s1, V3 s2, V3 s3, float lambdas[3], int fix) {
    float areas[3];
    const float area_max = projected_areas(s1, s2, s3, areas);
    if (compare_signs(area_max, areas[0], fix) > 0 && compare_signs(area_max, areas[1], fix) > 0 &&
        compare_signs(area_max, areas[2], fix) > 0) {
        for (int i = 0; i < 3; i++) lambdas[i] = areas[i] / area_max;
        return;
    }
    float dist = 1e10;
    lambdas[0] = 1, lambdas[1] = 0, lambdas[2] = 0;
    for (int i = 0; i < 3; i++) {
        const int k = (i + 1) % 3, l = (i + 2) % 3;
        const V3 edgesPts[3] = { s1, s2, s3 };
        float lambdaEdge[2];
        sv1d(edgesPts[k], edgesPts[l], lambdaEdge);
        const V3 pt = add(mul(edgesPts[k], lambdaEdge[0]), mul(edgesPts[l], lambdaEdge[1]));
        if (len2(pt) < dist) {
            dist = len2(pt);
            lambdas[i] = 0;
            lambdas[k] = lambdaEdge[0];
            lambdas[l] = lambdaEdge[1];
        }
    }
}

// Mat4::Cofactor(3, j) of the rows (x; y; z; 1): (-1)^(3+j) times the minor
static float det3(const float m[3][3]) {
    return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
           m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
           m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
}
static float cofactor3(const float M[4][4], int j) {
    float m[3][3];
    for (int r = 0; r < 3; r++)
        for (int c = 0, cc = 0; c < 4; c++)
            if (c != j) m[r][cc++] = M[r][c];
    const float d = det3(m);
    return ((3 + j) % 2 == 0) ? d : -d;
}

static void sv3d(V3 s1, V3 s2, V3 s3, V3 s4, float lambdas[4], int fix) {
    const float M[4][4] = { { s1.x, s2.x, s3.x, s4.x },
                            { s1.y, s2.y, s3.y, s4.y },
                            { s1.z, s2.z, s3.z, s4.z },
                            { 1.0f, 1.0f, 1.0f, 1.0f } };
    float C4[4];
    for (int j = 0; j < 4; j++) C4[j] = cofactor3(M, j);
    const float detM = C4[0] + C4[1] + C4[2] + C4[3];
    if (compare_signs(detM, C4[0], fix) > 0 && compare_signs(detM, C4[1], fix) > 0 &&
        compare_signs(detM, C4[2], fix) > 0 && compare_signs(detM, C4[3], fix) > 0) {
        const float inv = 1.0f / detM;
        for (int j = 0; j < 4; j++) lambdas[j] = C4[j] * inv;
        return;
    }
    for (int j = 0; j < 4; j++) lambdas[j] = 0.0f; // Vec4 lambdas; (zero by default)
    float dist = 1e10;
    for (int i = 0; i < 4; i++) {
        const int j = (i + 1) % 4, k = (i + 2) % 4;
        const V3 facePts[4] = { s1, s2, s3, s4 };
        float lambdasFace[3];
        sv2d(facePts[i], facePts[j], facePts[k], lambdasFace, fix);
        const V3 pt = add(add(mul(facePts[i], lambdasFace[0]), mul(facePts[j], lambdasFace[1])),
                          mul(facePts[k], lambdasFace[2]));
        if (len2(pt) < dist) {
            dist = len2(pt);
            for (int z = 0; z < 4; z++) lambdas[z] = 0.0f; // lambdas.Zero()
            lambdas[i] = lambdasFace[0];
            lambdas[j] = lambdasFace[1];
            lambdas[k] = lambdasFace[2];
        }
    }
}

void ak_pub_hdg_G8_sv1d(const float s1[3], const float s2[3], float lambdas[2]) {
    sv1d(v3p(s1), v3p(s2), lambdas);
}
void ak_pub_hdg_G8_sv2d(const float s1[3], const float s2[3], const float s3[3], float lambdas[3],
                        int fix) {
    sv2d(v3p(s1), v3p(s2), v3p(s3), lambdas, fix);
}
void ak_pub_hdg_G8_sv3d(const float s1[3], const float s2[3], const float s3[3], const float s4[3],
                        float lambdas[4], int fix) {
    sv3d(v3p(s1), v3p(s2), v3p(s3), v3p(s4), lambdas, fix);
}

// ---- G-9: GJK (ch. 9) ----------------------------------------------------------------------

static bool simplex_signed_volumes(point_t *pts, int num, V3 *newDir, float lambdasOut[4],
                                   int fix) {
    const float epsilonf = 0.0001f * 0.0001f;
    for (int i = 0; i < 4; i++) lambdasOut[i] = 0.0f;
    bool doesIntersect = false;
    switch (num) {
        default:
        case 2: {
            float lambdas[2];
            sv1d(pts[0].xyz, pts[1].xyz, lambdas);
            V3 v = v3(0.0f, 0.0f, 0.0f);
            for (int i = 0; i < 2; i++) v = add(v, mul(pts[i].xyz, lambdas[i]));
            *newDir = mul(v, -1.0f);
            doesIntersect = (len2(v) < epsilonf);
            lambdasOut[0] = lambdas[0];
            lambdasOut[1] = lambdas[1];
        } break;
        case 3: {
            float lambdas[3];
            sv2d(pts[0].xyz, pts[1].xyz, pts[2].xyz, lambdas, fix);
            V3 v = v3(0.0f, 0.0f, 0.0f);
            for (int i = 0; i < 3; i++) v = add(v, mul(pts[i].xyz, lambdas[i]));
            *newDir = mul(v, -1.0f);
            doesIntersect = (len2(v) < epsilonf);
            for (int i = 0; i < 3; i++) lambdasOut[i] = lambdas[i];
        } break;
        case 4: {
            float lambdas[4];
            sv3d(pts[0].xyz, pts[1].xyz, pts[2].xyz, pts[3].xyz, lambdas, fix);
            V3 v = v3(0.0f, 0.0f, 0.0f);
            for (int i = 0; i < 4; i++) v = add(v, mul(pts[i].xyz, lambdas[i]));
            *newDir = mul(v, -1.0f);
            doesIntersect = (len2(v) < epsilonf);
            for (int i = 0; i < 4; i++) lambdasOut[i] = lambdas[i];
        } break;
    }
    return doesIntersect;
}

static bool has_point(const point_t simplexPoints[4], const point_t *newPt) {
    const float precision = 1e-6f;
    for (int i = 0; i < 4; i++) {
        const V3 delta = sub(simplexPoints[i].xyz, newPt->xyz);
        if (len2(delta) < precision * precision) return true;
    }
    return false;
}

static void sort_valids(point_t simplexPoints[4], float lambdas[4]) {
    bool valids[4];
    for (int i = 0; i < 4; i++) {
        valids[i] = true;
        if (lambdas[i] == 0.0f) valids[i] = false;
    }
    float validLambdas[4] = { 0.0f, 0.0f, 0.0f, 0.0f };
    int validCount = 0;
    point_t validPts[4];
    memset(validPts, 0, sizeof(point_t) * 4);
    for (int i = 0; i < 4; i++)
        if (valids[i]) {
            validPts[validCount] = simplexPoints[i];
            validLambdas[validCount] = lambdas[i];
            validCount++;
        }
    for (int i = 0; i < 4; i++) {
        simplexPoints[i] = validPts[i];
        lambdas[i] = validLambdas[i];
    }
}

static int num_valids(const float lambdas[4]) {
    int num = 0;
    for (int i = 0; i < 4; i++)
        if (0.0f != lambdas[i]) num++;
    return num;
}

// the do/while of GJK_DoesIntersect, printed alike in ch. 9 and ch. 10
static bool gjk_loop(const ak_pub_hdg_body *bodyA, const ak_pub_hdg_body *bodyB,
                     point_t simplexPoints[4], int *numPtsOut, int *iters, int fix) {
    const V3 origin = v3(0.0f, 0.0f, 0.0f);
    int numPts = 1;
    memset(simplexPoints, 0, sizeof(point_t) * 4); // point_t() : xyz( 0.0f ), ...
    simplexPoints[0] = support(bodyA, bodyB, v3(1, 1, 1), 0.0f);
    float closestDist = 1e10f;
    bool doesContainOrigin = false;
    V3 newDir = mul(simplexPoints[0].xyz, -1.0f);
    int n = 0;
    do {
        n++;
        const point_t newPt = support(bodyA, bodyB, newDir, 0.0f);
        if (has_point(simplexPoints, &newPt)) break;
        simplexPoints[numPts] = newPt;
        numPts++;
        const float dotdot = dot(newDir, sub(newPt.xyz, origin));
        if (dotdot < 0.0f) break;
        float lambdas[4];
        doesContainOrigin = simplex_signed_volumes(simplexPoints, numPts, &newDir, lambdas, fix);
        if (doesContainOrigin) break;
        const float dist = len2(newDir);
        if (dist >= closestDist) break;
        closestDist = dist;
        sort_valids(simplexPoints, lambdas);
        numPts = num_valids(lambdas);
        doesContainOrigin = (4 == numPts);
    } while (!doesContainOrigin);
    *numPtsOut = numPts;
    if (iters) *iters = n;
    return doesContainOrigin;
}

bool ak_pub_hdg_G9_gjk(const ak_pub_hdg_body *a, const ak_pub_hdg_body *b, int *iters, int fix) {
    point_t s[4];
    int numPts;
    return gjk_loop(a, b, s, &numPts, iters, fix);
}

// ---- G-10: EPA (ch. 10) --------------------------------------------------------------------

typedef struct {
    int a, b, c;
} tri_t;
typedef struct {
    int a, b;
} edge_t;
static bool edge_eq(edge_t e, edge_t r) {
    return (e.a == r.a && e.b == r.b) || (e.a == r.b && e.b == r.a);
}

static V3 barycentric_coordinates(V3 s1, V3 s2, V3 s3, V3 pt) {
    s1 = sub(s1, pt);
    s2 = sub(s2, pt);
    s3 = sub(s3, pt);
    float areas[3];
    const float area_max = projected_areas(s1, s2, s3, areas);
    V3 lambdas = dvs(v3(areas[0], areas[1], areas[2]), area_max);
    if (!is_valid(lambdas)) lambdas = v3(1, 0, 0);
    return lambdas;
}

typedef struct {
    point_t points[AK_PUB_HDG_EPA_MAX_PTS];
    int npoints;
    tri_t tris[AK_PUB_HDG_EPA_MAX_TRIS];
    int ntris;
    edge_t edges[AK_PUB_HDG_EPA_MAX_TRIS];
    int nedges;
} epa_t;

static V3 normal_direction(const epa_t *e, tri_t tri) {
    const V3 a = e->points[tri.a].xyz, b = e->points[tri.b].xyz, c = e->points[tri.c].xyz;
    const V3 ab = sub(b, a), ac = sub(c, a);
    return normalize(cross(ab, ac));
}

static float signed_distance_to_triangle(const epa_t *e, tri_t tri, V3 pt) {
    const V3 normal = normal_direction(e, tri);
    const V3 a = e->points[tri.a].xyz;
    const V3 a2pt = sub(pt, a);
    return dot(normal, a2pt);
}

static int closest_triangle(const epa_t *e) {
    float minDistSqr = 1e10;
    int idx = -1;
    for (int i = 0; i < e->ntris; i++) {
        const float dist = signed_distance_to_triangle(e, e->tris[i], v3(0.0f, 0.0f, 0.0f));
        const float distSqr = dist * dist;
        if (distSqr < minDistSqr) {
            idx = i;
            minDistSqr = distSqr;
        }
    }
    return idx;
}

static bool epa_has_point(const epa_t *e, V3 w) {
    const float epsilons = 0.001f * 0.001f;
    for (int i = 0; i < e->ntris; i++) {
        const tri_t tri = e->tris[i];
        if (len2(sub(w, e->points[tri.a].xyz)) < epsilons) return true;
        if (len2(sub(w, e->points[tri.b].xyz)) < epsilons) return true;
        if (len2(sub(w, e->points[tri.c].xyz)) < epsilons) return true;
    }
    return false;
}

static int remove_triangles_facing_point(epa_t *e, V3 pt) {
    int numRemoved = 0;
    for (int i = 0; i < e->ntris; i++) {
        const float dist = signed_distance_to_triangle(e, e->tris[i], pt);
        if (dist > 0.0f) {
            memmove(&e->tris[i], &e->tris[i + 1], sizeof(tri_t) * (size_t)(e->ntris - i - 1));
            e->ntris--;
            i--;
            numRemoved++;
        }
    }
    return numRemoved;
}

static void find_dangling_edges(epa_t *e) {
    e->nedges = 0;
    for (int i = 0; i < e->ntris; i++) {
        const tri_t tri = e->tris[i];
        const edge_t edges[3] = { { tri.a, tri.b }, { tri.b, tri.c }, { tri.c, tri.a } };
        int counts[3] = { 0, 0, 0 };
        for (int j = 0; j < e->ntris; j++) {
            if (j == i) continue;
            const tri_t tri2 = e->tris[j];
            const edge_t edges2[3] = { { tri2.a, tri2.b }, { tri2.b, tri2.c }, { tri2.c, tri2.a } };
            for (int k = 0; k < 3; k++) {
                if (edge_eq(edges[k], edges2[0])) counts[k]++;
                if (edge_eq(edges[k], edges2[1])) counts[k]++;
                if (edge_eq(edges[k], edges2[2])) counts[k]++;
            }
        }
        for (int k = 0; k < 3; k++)
            if (0 == counts[k] && e->nedges < AK_PUB_HDG_EPA_MAX_TRIS)
                e->edges[e->nedges++] = edges[k];
    }
}

static float epa_expand(const ak_pub_hdg_body *bodyA, const ak_pub_hdg_body *bodyB, float bias,
                        const point_t simplexPoints[4], V3 *ptOnA, V3 *ptOnB,
                        ak_pub_hdg_epa_info *info) {
    epa_t E; // the printed std::vectors, as fixed arrays
    epa_t *e = &E;
    e->npoints = e->ntris = e->nedges = 0;
    info->expansions = 0, info->guard_hit = 0;
    V3 center = v3(0.0f, 0.0f, 0.0f);
    for (int i = 0; i < 4; i++) {
        e->points[e->npoints++] = simplexPoints[i];
        center = add(center, simplexPoints[i].xyz);
    }
    center = mul(center, 0.25f);
    for (int i = 0; i < 4; i++) {
        const int j = (i + 1) % 4, k = (i + 2) % 4;
        tri_t tri = { i, j, k };
        const int unusedPt = (i + 3) % 4;
        const float dist = signed_distance_to_triangle(e, tri, e->points[unusedPt].xyz);
        if (dist > 0.0f) {
            const int t = tri.a;
            tri.a = tri.b, tri.b = t;
        }
        e->tris[e->ntris++] = tri;
    }
    while (1) {
        const int idx = closest_triangle(e);
        if (idx < 0) { // triangles[ -1 ]: every face beyond the 1e10 sentinel
            info->guard_hit = 2;
            break;
        }
        const V3 normal = normal_direction(e, e->tris[idx]);
        const point_t newPt = support(bodyA, bodyB, normal, bias);
        if (epa_has_point(e, newPt.xyz)) break;
        const float dist = signed_distance_to_triangle(e, e->tris[idx], newPt.xyz);
        if (dist <= 0.0f) break; // can't expand
        if (e->npoints >= AK_PUB_HDG_EPA_MAX_PTS || info->expansions >= AK_PUB_HDG_EPA_GUARD) {
            info->guard_hit = 1; // the printed loop would go on
            break;
        }
        const int newIdx = e->npoints;
        e->points[e->npoints++] = newPt;
        info->expansions++;
        const int numRemoved = remove_triangles_facing_point(e, newPt.xyz);
        if (0 == numRemoved) break;
        e->nedges = 0;
        find_dangling_edges(e);
        if (0 == e->nedges) break;
        for (int i = 0; i < e->nedges; i++) {
            const edge_t edge = e->edges[i];
            tri_t triangle = { newIdx, edge.b, edge.a };
            const float d = signed_distance_to_triangle(e, triangle, center);
            if (d > 0.0f) {
                const int t = triangle.b;
                triangle.b = triangle.c, triangle.c = t;
            }
            if (e->ntris >= AK_PUB_HDG_EPA_MAX_TRIS) {
                info->guard_hit = 1;
                break;
            }
            e->tris[e->ntris++] = triangle;
        }
        if (info->guard_hit) break;
    }
    const int idx = closest_triangle(e);
    if (idx < 0) {
        info->guard_hit = 2;
        *ptOnA = *ptOnB = v3(NAN, NAN, NAN);
        info->depth = NAN;
        return NAN;
    }
    const tri_t tri = e->tris[idx];
    const V3 lambdas = barycentric_coordinates(e->points[tri.a].xyz, e->points[tri.b].xyz,
                                               e->points[tri.c].xyz, v3(0.0f, 0.0f, 0.0f));
    *ptOnA = add(add(mul(e->points[tri.a].ptA, lambdas.x), mul(e->points[tri.b].ptA, lambdas.y)),
                 mul(e->points[tri.c].ptA, lambdas.z));
    *ptOnB = add(add(mul(e->points[tri.a].ptB, lambdas.x), mul(e->points[tri.b].ptB, lambdas.y)),
                 mul(e->points[tri.c].ptB, lambdas.z));
    const V3 delta = sub(*ptOnB, *ptOnA);
    info->depth = mag(delta);
    return info->depth;
}

// Vec3::GetOrtho (first book): u, v orthogonal to the vector
static void get_ortho(V3 n, V3 *u, V3 *v) {
    n = normalize(n);
    const V3 w = (n.z * n.z > 0.9f * 0.9f) ? v3(1, 0, 0) : v3(0, 0, 1);
    *u = normalize(cross(w, n));
    *v = normalize(cross(n, *u));
    *u = normalize(cross(*v, n));
}

bool ak_pub_hdg_G10_gjk_epa(const ak_pub_hdg_body *bodyA, const ak_pub_hdg_body *bodyB, float bias,
                            float ptOnA[3], float ptOnB[3], ak_pub_hdg_epa_info *info, int fix) {
    point_t simplexPoints[4];
    int numPts;
    ak_pub_hdg_epa_info dummy;
    if (!info) info = &dummy;
    info->expansions = 0, info->guard_hit = 0, info->depth = 0.0f;
    const bool doesContainOrigin = gjk_loop(bodyA, bodyB, simplexPoints, &numPts, NULL, fix);
    if (!doesContainOrigin) return false;
    if (1 == numPts) {
        const V3 searchDir = mul(simplexPoints[0].xyz, -1.0f);
        simplexPoints[numPts++] = support(bodyA, bodyB, searchDir, 0.0f);
    }
    if (2 == numPts) {
        const V3 ab = sub(simplexPoints[1].xyz, simplexPoints[0].xyz);
        V3 u, v;
        get_ortho(ab, &u, &v);
        const V3 newDir = u;
        simplexPoints[numPts++] = support(bodyA, bodyB, newDir, 0.0f);
    }
    if (3 == numPts) {
        const V3 ab = sub(simplexPoints[1].xyz, simplexPoints[0].xyz);
        const V3 ac = sub(simplexPoints[2].xyz, simplexPoints[0].xyz);
        const V3 norm = cross(ab, ac);
        const V3 newDir = norm;
        simplexPoints[numPts++] = support(bodyA, bodyB, newDir, 0.0f);
    }
    V3 avg = v3(0, 0, 0);
    for (int i = 0; i < 4; i++) avg = add(avg, simplexPoints[i].xyz);
    avg = mul(avg, 0.25f);
    for (int i = 0; i < numPts; i++) {
        point_t *pt = &simplexPoints[i];
        const V3 dir = normalize(sub(pt->xyz, avg)); // ray from "center" to witness point
        pt->ptA = add(pt->ptA, mul(dir, bias));
        pt->ptB = sub(pt->ptB, mul(dir, bias));
        pt->xyz = sub(pt->ptA, pt->ptB);
    }
    V3 pa, pb;
    epa_expand(bodyA, bodyB, bias, simplexPoints, &pa, &pb, info);
    v3out(ptOnA, pa);
    v3out(ptOnB, pb);
    return true;
}

// ---- G-11: closest points (ch. 11) ---------------------------------------------------------

void ak_pub_hdg_G11_closest_points(const ak_pub_hdg_body *bodyA, const ak_pub_hdg_body *bodyB,
                                   float ptOnA[3], float ptOnB[3], int fix) {
    float closestDist = 1e10f;
    const float bias = 0.0f;
    int numPts = 1;
    point_t simplexPoints[4];
    memset(simplexPoints, 0, sizeof simplexPoints);
    simplexPoints[0] = support(bodyA, bodyB, v3(1, 1, 1), bias);
    float lambdas[4] = { 1, 0, 0, 0 };
    V3 newDir = mul(simplexPoints[0].xyz, -1.0f);
    do {
        const point_t newPt = support(bodyA, bodyB, newDir, bias);
        if (has_point(simplexPoints, &newPt)) break;
        simplexPoints[numPts] = newPt;
        numPts++;
        simplex_signed_volumes(simplexPoints, numPts, &newDir, lambdas, fix);
        sort_valids(simplexPoints, lambdas);
        numPts = num_valids(lambdas);
        const float dist = len2(newDir);
        if (dist >= closestDist) break;
        closestDist = dist;
    } while (numPts < 4);
    V3 a = v3(0, 0, 0), b = v3(0, 0, 0);
    for (int i = 0; i < 4; i++) {
        a = add(a, mul(simplexPoints[i].ptA, lambdas[i]));
        b = add(b, mul(simplexPoints[i].ptB, lambdas[i]));
    }
    v3out(ptOnA, a);
    v3out(ptOnB, b);
}

// ---- G-12: Intersect (ch. 12) --------------------------------------------------------------

static bool sphere_sphere_static(float ra, float rb, V3 posA, V3 posB, V3 *ptOnA, V3 *ptOnB) {
    const V3 ab = sub(posB, posA);
    const V3 norm = normalize(ab);
    *ptOnA = add(posA, mul(norm, ra));
    *ptOnB = sub(posB, mul(norm, rb));
    const float radiusAB = ra + rb;
    const float lengthSquare = len2(ab);
    if (lengthSquare <= (radiusAB * radiusAB)) return true;
    return false;
}

bool ak_pub_hdg_G12_intersect(const ak_pub_hdg_body *bodyA, const ak_pub_hdg_body *bodyB,
                              ak_pub_hdg_contact *contact, ak_pub_hdg_epa_info *info, int fix) {
    contact->timeOfImpact = 0.0f;
    if (bodyA->type == AK_PUB_HDG_SPHERE && bodyB->type == AK_PUB_HDG_SPHERE) {
        const V3 posA = v3p(bodyA->pos), posB = v3p(bodyB->pos);
        V3 pa, pb;
        const bool hit = sphere_sphere_static(bodyA->radius, bodyB->radius, posA, posB, &pa, &pb);
        v3out(contact->ptOnA, pa);
        v3out(contact->ptOnB, pb);
        if (hit) {
            v3out(contact->normal, normalize(sub(posA, posB)));
            const V3 ab = sub(posB, posA);
            contact->separationDistance = mag(ab) - (bodyA->radius + bodyB->radius);
            return true;
        }
    } else {
        float a[3], b[3];
        const float bias = 0.001f;
        if (ak_pub_hdg_G10_gjk_epa(bodyA, bodyB, bias, a, b, info, fix)) {
            V3 ptOnA = v3p(a), ptOnB = v3p(b);
            const V3 normal = normalize(sub(ptOnB, ptOnA));
            if (fix & AK_PUB_HDG_FIX_BIAS) { // undo the expansion: back along A -> B
                ptOnA = add(ptOnA, mul(normal, bias));
                ptOnB = sub(ptOnB, mul(normal, bias));
            } else {
                ptOnA = sub(ptOnA, mul(normal, bias));
                ptOnB = add(ptOnB, mul(normal, bias));
            }
            v3out(contact->normal, normal);
            v3out(contact->ptOnA, ptOnA);
            v3out(contact->ptOnB, ptOnB);
            const float r = mag(sub(ptOnA, ptOnB));
            contact->separationDistance = -r;
            return true;
        }
        ak_pub_hdg_G11_closest_points(bodyA, bodyB, a, b, fix);
        v3out(contact->ptOnA, v3p(a));
        v3out(contact->ptOnB, v3p(b));
        const float r = mag(sub(v3p(a), v3p(b)));
        contact->separationDistance = r;
    }
    return false;
}

// ---- G-13: conservative advance (ch. 13) ---------------------------------------------------

float ak_pub_hdg_fastest_linear_speed(const ak_pub_hdg_body *b, const float angularVelocity[3],
                                      const float dir[3]) {
    if (b->type == AK_PUB_HDG_SPHERE) return 0.0f; // Shape::FastestLinearSpeed
    float maxSpeed = 0.0f;
    for (int i = 0; i < b->npts; i++) {
        const V3 r = sub(v3p(b->pts[i]), v3p(b->cm));
        const V3 linearVelocity = cross(v3p(angularVelocity), r);
        const float speed = dot(v3p(dir), linearVelocity);
        if (speed > maxSpeed) maxSpeed = speed;
    }
    return maxSpeed;
}

// FastestLinearSpeed with the model-space points turned by the body's orientation
static float world_fastest_linear_speed(const ak_pub_hdg_body *b, const float dir[3]) {
    if (b->type == AK_PUB_HDG_SPHERE) return 0.0f;
    float maxSpeed = 0.0f;
    for (int i = 0; i < b->npts; i++) {
        const V3 r = rotate_point(b->q, sub(v3p(b->pts[i]), v3p(b->cm)));
        const float speed = dot(v3p(dir), cross(v3p(b->w), r));
        if (speed > maxSpeed) maxSpeed = speed;
    }
    return maxSpeed;
}

static float bounding_radius(const ak_pub_hdg_body *b) {
    if (b->type == AK_PUB_HDG_SPHERE) return 0.0f; // a sphere's spin moves no surface point
    float r = 0.0f;
    for (int i = 0; i < b->npts; i++) r = fmaxf(r, mag(sub(v3p(b->pts[i]), v3p(b->cm))));
    return r;
}

void ak_pub_hdg_update(ak_pub_hdg_body *b, float dt) {
    for (int i = 0; i < 3; i++) b->pos[i] += b->v[i] * dt;
    const V3 dAngle = mul(v3p(b->w), dt);
    const float angle = mag(dAngle);
    const float halfAngle = 0.5f * angle;
    const V3 n = normalize(dAngle);
    const float hs = sinf(halfAngle);
    const float dq[4] = { n.x * hs, n.y * hs, n.z * hs, cosf(halfAngle) };
    float q[4];
    qmul(q, dq, b->q);
    const float m = sqrtf(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    for (int i = 0; i < 4; i++) b->q[i] = q[i] / m;
}

bool ak_pub_hdg_G13_conservative_advance(const ak_pub_hdg_body *a0, const ak_pub_hdg_body *b0,
                                         float dt, ak_pub_hdg_contact *contact, int *iters,
                                         int fix) {
    ak_pub_hdg_body A = *a0, B = *b0;
    ak_pub_hdg_body *bodyA = &A, *bodyB = &B;
    float toi = 0.0f;
    int numIters = 0;
    bool hit = false;
    while (dt > 0.0f) {
        const bool didIntersect = ak_pub_hdg_G12_intersect(bodyA, bodyB, contact, NULL, fix);
        if (didIntersect) {
            contact->timeOfImpact = toi;
            ak_pub_hdg_update(bodyA, -toi);
            ak_pub_hdg_update(bodyB, -toi);
            hit = true;
            break;
        }
        ++numIters;
        if (numIters > ((fix & AK_PUB_HDG_FIX_CA_STOP) ? 100 : 10)) break;
        if ((fix & AK_PUB_HDG_FIX_CA_STOP) && contact->separationDistance < 1e-3f) {
            contact->timeOfImpact = toi; // within the tolerance: the time of impact
            ak_pub_hdg_update(bodyA, -toi);
            ak_pub_hdg_update(bodyB, -toi);
            hit = true;
            break;
        }
        const V3 ab = normalize(sub(v3p(contact->ptOnB), v3p(contact->ptOnA)));
        const V3 relativeVelocity = sub(v3p(bodyA->v), v3p(bodyB->v));
        float orthoSpeed = dot(relativeVelocity, ab);
        float abv[3], nab[3];
        v3out(abv, ab);
        v3out(nab, mul(ab, -1.0f));
        float angularSpeedA, angularSpeedB;
        if (fix & AK_PUB_HDG_FIX_CA_FRAME) { // the points turned into the world frame first
            angularSpeedA = world_fastest_linear_speed(bodyA, abv);
            angularSpeedB = world_fastest_linear_speed(bodyB, nab);
        } else {
            angularSpeedA = ak_pub_hdg_fastest_linear_speed(bodyA, bodyA->w, abv);
            angularSpeedB = ak_pub_hdg_fastest_linear_speed(bodyB, bodyB->w, nab);
        }
        if (fix & AK_PUB_HDG_FIX_CA_BOUND) { // a bound for the whole advance: |w| max |r|
            angularSpeedA = mag(v3p(bodyA->w)) * bounding_radius(bodyA);
            angularSpeedB = mag(v3p(bodyB->w)) * bounding_radius(bodyB);
        }
        orthoSpeed += angularSpeedA + angularSpeedB;
        if (orthoSpeed <= 0.0f) break;
        const float timeToGo = contact->separationDistance / orthoSpeed;
        if (timeToGo > dt) break;
        dt -= timeToGo;
        toi += timeToGo;
        ak_pub_hdg_update(bodyA, timeToGo);
        ak_pub_hdg_update(bodyB, timeToGo);
    }
    if (!hit) {
        ak_pub_hdg_update(bodyA, -toi);
        ak_pub_hdg_update(bodyB, -toi);
    }
    if (iters) *iters = numIters;
    return hit;
}

// ---- helpers ---------------------------------------------------------------------------------

static void body_init(ak_pub_hdg_body *b) {
    memset(b, 0, sizeof *b);
    b->q[3] = 1.0f;
}
void ak_pub_hdg_make_box(ak_pub_hdg_body *b, const float h[3]) {
    body_init(b);
    b->type = AK_PUB_HDG_BOX;
    b->npts = 8;
    for (int i = 0; i < 8; i++)
        for (int k = 0; k < 3; k++) b->pts[i][k] = ((i >> k) & 1) ? h[k] : -h[k];
}
void ak_pub_hdg_make_convex(ak_pub_hdg_body *b, const float (*pts)[3], int n) {
    body_init(b);
    b->type = AK_PUB_HDG_CONVEX;
    if (n > AK_PUB_HDG_MAX_PTS) n = AK_PUB_HDG_MAX_PTS;
    b->npts = n;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 3; k++) {
            b->pts[i][k] = pts[i][k];
            b->cm[k] += pts[i][k] / (float)n;
        }
}
void ak_pub_hdg_make_sphere(ak_pub_hdg_body *b, float r) {
    body_init(b);
    b->type = AK_PUB_HDG_SPHERE;
    b->radius = r;
}
