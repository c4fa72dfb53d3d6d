// Hodges, Game Physics: The Next Week, ch. 2-4, 6, 7 AS PRINTED (see hodges_shapes_published.h):
// the C++ listings in C, float arithmetic, the printed loops and comparisons, slips included.
// Nothing here is used by the engine.
#include "ref/published/hodges_shapes_published.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

// ---- the predecessor's Vec3, Quat and Bounds (not printed in this book) ----------------------

static ak_pub_hv3 v3(float x, float y, float z) { return (ak_pub_hv3){ x, y, z }; }
static ak_pub_hv3 vadd(ak_pub_hv3 a, ak_pub_hv3 b) { return v3(a.x + b.x, a.y + b.y, a.z + b.z); }
static ak_pub_hv3 vsub(ak_pub_hv3 a, ak_pub_hv3 b) { return v3(a.x - b.x, a.y - b.y, a.z - b.z); }
static ak_pub_hv3 vmul(ak_pub_hv3 a, float s) { return v3(a.x * s, a.y * s, a.z * s); }
static float vdot(ak_pub_hv3 a, ak_pub_hv3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static ak_pub_hv3 vcross(ak_pub_hv3 a, ak_pub_hv3 b) {
    return v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
static float vlen2(ak_pub_hv3 a) { return vdot(a, a); }
static float vlen(ak_pub_hv3 a) { return sqrtf(vlen2(a)); }
// Normalize: scale by 1 / |a| where that is finite (a zero vector stays zero)
static ak_pub_hv3 vnormalize(ak_pub_hv3 a) {
    const float invMag = 1.0f / vlen(a);
    if (0.0f * invMag == 0.0f * invMag) return vmul(a, invMag);
    return a;
}

static ak_pub_hquat qmul(ak_pub_hquat a, ak_pub_hquat b) {
    ak_pub_hquat r;
    r.w = a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z;
    r.x = a.x * b.w + a.w * b.x + a.y * b.z - a.z * b.y;
    r.y = a.y * b.w + a.w * b.y + a.z * b.x - a.x * b.z;
    r.z = a.z * b.w + a.w * b.z + a.x * b.y - a.y * b.x;
    return r;
}

ak_pub_hquat ak_pub_hodges_quat(ak_pub_hv3 axis, float angle) {
    const float halfAngle = 0.5f * angle;
    const float halfSine = sinf(halfAngle);
    return (ak_pub_hquat){ axis.x * halfSine, axis.y * halfSine, axis.z * halfSine,
                           cosf(halfAngle) };
}

ak_pub_hv3 ak_pub_hodges_rotate(ak_pub_hquat q, ak_pub_hv3 p) {
    const float invMag2 = 1.0f / (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
    const ak_pub_hquat inv = { -q.x * invMag2, -q.y * invMag2, -q.z * invMag2, q.w * invMag2 };
    const ak_pub_hquat r = qmul(qmul(q, (ak_pub_hquat){ p.x, p.y, p.z, 0.0f }), inv);
    return v3(r.x, r.y, r.z);
}

static void bclear(ak_pub_hbounds *b) {
    b->mins = v3(1e6f, 1e6f, 1e6f);
    b->maxs = v3(-1e6f, -1e6f, -1e6f);
}
static void bexpand(ak_pub_hbounds *b, ak_pub_hv3 p) {
    b->mins = v3(fminf(b->mins.x, p.x), fminf(b->mins.y, p.y), fminf(b->mins.z, p.z));
    b->maxs = v3(fmaxf(b->maxs.x, p.x), fmaxf(b->maxs.y, p.y), fmaxf(b->maxs.z, p.z));
}

// ---- G-2 ---------------------------------------------------------------------------------------

ak_pub_hv3 ak_pub_hodges_G2_sphere_support(float radius, ak_pub_hv3 dir, ak_pub_hv3 pos,
                                           float bias) {
    return vadd(pos, vmul(dir, radius + bias));
}

float ak_pub_hodges_G2_default_fastest_speed(ak_pub_hv3 angularVelocity, ak_pub_hv3 dir) {
    (void)angularVelocity, (void)dir;
    return 0.0f;
}

// ---- G-3 ---------------------------------------------------------------------------------------

void ak_pub_hodges_G3_box_build(ak_pub_hodges_box *box, const ak_pub_hv3 *pts, int num) {
    bclear(&box->bounds); // the member's default constructor
    for (int i = 0; i < num; i++) bexpand(&box->bounds, pts[i]);
    const ak_pub_hv3 mn = box->bounds.mins, mx = box->bounds.maxs;
    box->npoints = 0;
    box->points[box->npoints++] = v3(mn.x, mn.y, mn.z);
    box->points[box->npoints++] = v3(mx.x, mn.y, mn.z);
    box->points[box->npoints++] = v3(mn.x, mx.y, mn.z);
    box->points[box->npoints++] = v3(mn.x, mn.y, mx.z);
    box->points[box->npoints++] = v3(mx.x, mx.y, mx.z);
    box->points[box->npoints++] = v3(mn.x, mx.y, mx.z);
    box->points[box->npoints++] = v3(mx.x, mn.y, mx.z);
    box->points[box->npoints++] = v3(mx.x, mx.y, mn.z);
    box->centerOfMass = vmul(vadd(mx, mn), 0.5f);
}

void ak_pub_hodges_G3_box_inertia(const ak_pub_hodges_box *box, float T[9]) {
    const ak_pub_hbounds *b = &box->bounds;
    const float dx = b->maxs.x - b->mins.x;
    const float dy = b->maxs.y - b->mins.y;
    const float dz = b->maxs.z - b->mins.z;
    for (int i = 0; i < 9; i++) T[i] = 0.0f;
    T[0] = (dy * dy + dz * dz) / 12.0f;
    T[4] = (dx * dx + dz * dz) / 12.0f;
    T[8] = (dx * dx + dy * dy) / 12.0f;
    ak_pub_hv3 cm;
    cm.x = (b->maxs.x + b->mins.x) * 0.5f;
    cm.y = (b->maxs.y + b->mins.y) * 0.5f;
    cm.z = (b->maxs.z + b->mins.z) * 0.5f;
    const ak_pub_hv3 R = vsub(v3(0, 0, 0), cm);
    const float R2 = vlen2(R);
    const float pat[9] = { R2 - R.x * R.x, R.x * R.y, R.x * R.z, R.y * R.x,     R2 - R.y * R.y,
                           R.y * R.z,      R.z * R.x, R.z * R.y, R2 - R.z * R.z };
    for (int i = 0; i < 9; i++) T[i] += pat[i];
}

ak_pub_hv3 ak_pub_hodges_G3_box_support(const ak_pub_hodges_box *box, ak_pub_hv3 dir,
                                        ak_pub_hv3 pos, ak_pub_hquat orient, float bias) {
    ak_pub_hv3 maxPt = vadd(ak_pub_hodges_rotate(orient, box->points[0]), pos);
    float maxDist = vdot(dir, maxPt);
    for (int i = 1; i < box->npoints; i++) {
        const ak_pub_hv3 pt = vadd(ak_pub_hodges_rotate(orient, box->points[i]), pos);
        const float dist = vdot(dir, pt);
        if (dist > maxDist) {
            maxDist = dist;
            maxPt = pt;
        }
    }
    ak_pub_hv3 norm = vnormalize(dir);
    norm = vmul(norm, bias);
    return vadd(maxPt, norm);
}

ak_pub_hbounds ak_pub_hodges_G3_box_bounds(const ak_pub_hodges_box *box, ak_pub_hv3 pos,
                                           ak_pub_hquat orient) {
    const ak_pub_hv3 mn = box->bounds.mins, mx = box->bounds.maxs;
    ak_pub_hv3 corners[8];
    corners[0] = v3(mn.x, mn.y, mn.z);
    corners[1] = v3(mn.x, mn.y, mx.z);
    corners[2] = v3(mn.x, mx.y, mn.z);
    corners[3] = v3(mx.x, mn.y, mn.z);
    corners[4] = v3(mx.x, mx.y, mx.z);
    corners[5] = v3(mx.x, mx.y, mn.z);
    corners[6] = v3(mx.x, mn.y, mx.z);
    corners[7] = v3(mn.x, mx.y, mx.z);
    ak_pub_hbounds bounds;
    bclear(&bounds);
    for (int i = 0; i < 8; i++) {
        corners[i] = vadd(ak_pub_hodges_rotate(orient, corners[i]), pos);
        bexpand(&bounds, corners[i]);
    }
    return bounds;
}

float ak_pub_hodges_G3_fastest_speed(const ak_pub_hv3 *points, int npoints, ak_pub_hv3 cm,
                                     ak_pub_hv3 angularVelocity, ak_pub_hv3 dir) {
    float maxSpeed = 0.0f;
    for (int i = 0; i < npoints; i++) {
        const ak_pub_hv3 r = vsub(points[i], cm);
        const ak_pub_hv3 linearVelocity = vcross(angularVelocity, r);
        const float speed = vdot(dir, linearVelocity);
        if (speed > maxSpeed) maxSpeed = speed;
    }
    return maxSpeed;
}

// ---- G-4 ---------------------------------------------------------------------------------------

static int find_point_furthest_in_dir(const ak_pub_hv3 *pts, int num, ak_pub_hv3 dir) {
    int maxIdx = 0;
    float maxDist = vdot(dir, pts[0]);
    for (int i = 1; i < num; i++) {
        const float dist = vdot(dir, pts[i]);
        if (dist > maxDist) {
            maxDist = dist;
            maxIdx = i;
        }
    }
    return maxIdx;
}

static float distance_from_line(ak_pub_hv3 a, ak_pub_hv3 b, ak_pub_hv3 pt) {
    ak_pub_hv3 ab = vsub(b, a);
    ab = vnormalize(ab);
    const ak_pub_hv3 ray = vsub(pt, a);
    const ak_pub_hv3 projection = vmul(ab, vdot(ray, ab));
    const ak_pub_hv3 perpendicular = vsub(ray, projection);
    return vlen(perpendicular);
}

static ak_pub_hv3 find_point_furthest_from_line(const ak_pub_hv3 *pts, int num, ak_pub_hv3 ptA,
                                                ak_pub_hv3 ptB) {
    int maxIdx = 0;
    float maxDist = distance_from_line(ptA, ptB, pts[0]);
    for (int i = 1; i < num; i++) {
        const float dist = distance_from_line(ptA, ptB, pts[i]);
        if (dist > maxDist) {
            maxDist = dist;
            maxIdx = i;
        }
    }
    return pts[maxIdx];
}

float ak_pub_hodges_G4_distance_from_triangle(ak_pub_hv3 a, ak_pub_hv3 b, ak_pub_hv3 c,
                                              ak_pub_hv3 pt) {
    const ak_pub_hv3 ab = vsub(b, a);
    const ak_pub_hv3 ac = vsub(c, a);
    ak_pub_hv3 normal = vcross(ab, ac);
    normal = vnormalize(normal);
    const ak_pub_hv3 ray = vsub(pt, a);
    const float dist = vdot(ray, normal);
    return dist;
}

static ak_pub_hv3 find_point_furthest_from_triangle(const ak_pub_hv3 *pts, int num, ak_pub_hv3 ptA,
                                                    ak_pub_hv3 ptB, ak_pub_hv3 ptC) {
    int maxIdx = 0;
    float maxDist = ak_pub_hodges_G4_distance_from_triangle(ptA, ptB, ptC, pts[0]);
    for (int i = 1; i < num; i++) {
        const float dist = ak_pub_hodges_G4_distance_from_triangle(ptA, ptB, ptC, pts[i]);
        if (dist * dist > maxDist * maxDist) {
            maxDist = dist;
            maxIdx = i;
        }
    }
    return pts[maxIdx];
}

static void push_pt(ak_pub_hodges_hull *h, ak_pub_hv3 p) {
    if (h->npts >= AK_PUB_HULL_MAXP) {
        h->overflow = 1;
        return;
    }
    h->pts[h->npts++] = p;
}
static void push_tri(ak_pub_hodges_hull *h, int a, int b, int c) {
    if (h->ntris >= AK_PUB_HULL_MAXT) {
        h->overflow = 1;
        return;
    }
    h->tris[h->ntris++] = (ak_pub_htri){ a, b, c };
}
static void erase_pt(ak_pub_hv3 *v, int *n, int i) {
    memmove(v + i, v + i + 1, (size_t)(*n - i - 1) * sizeof *v);
    (*n)--;
}

void ak_pub_hodges_G4_build_tetrahedron(const ak_pub_hv3 *verts, int num, ak_pub_hodges_hull *h,
                                        int fix) {
    h->npts = h->ntris = 0;
    ak_pub_hv3 points[4];
    int idx = find_point_furthest_in_dir(verts, num, v3(1, 0, 0));
    points[0] = verts[idx];
    if (fix & AK_PUB_G4_FIX_START) { // the correction: the point furthest from points[0]
        float maxDist = -1.0f;
        for (int i = 0; i < num; i++) {
            const float d2 = vlen2(vsub(verts[i], points[0]));
            if (d2 > maxDist) maxDist = d2, idx = i;
        }
    } else {
        idx = find_point_furthest_in_dir(verts, num, vmul(points[0], -1.0f));
    }
    points[1] = verts[idx];
    points[2] = find_point_furthest_from_line(verts, num, points[0], points[1]);
    points[3] = find_point_furthest_from_triangle(verts, num, points[0], points[1], points[2]);
    // This is important for making sure the ordering is CCW for all faces.
    const float dist =
        ak_pub_hodges_G4_distance_from_triangle(points[0], points[1], points[2], points[3]);
    if (dist > 0.0f) {
        const ak_pub_hv3 t = points[0];
        points[0] = points[1];
        points[1] = t;
    }
    for (int i = 0; i < 4; i++) push_pt(h, points[i]);
    push_tri(h, 0, 1, 2);
    push_tri(h, 0, 2, 3);
    push_tri(h, 2, 1, 3);
    push_tri(h, 1, 0, 3);
}

static void remove_internal_points(const ak_pub_hodges_hull *h, ak_pub_hv3 *checkPts, int *n) {
    for (int i = 0; i < *n; i++) {
        const ak_pub_hv3 pt = checkPts[i];
        // the printed loop over the triangles is IsExternal's (ch. 4 prints it in both)
        const int isExternal = ak_pub_hodges_G4_is_external(h, pt);
        if (!isExternal) {
            erase_pt(checkPts, n, i);
            i--;
        }
    }
    // Also remove any points that are just a little too close to the hull points
    for (int i = 0; i < *n; i++) {
        const ak_pub_hv3 pt = checkPts[i];
        int isTooClose = 0;
        for (int j = 0; j < h->npts; j++) {
            const ak_pub_hv3 ray = vsub(h->pts[j], pt);
            if (vlen2(ray) < 0.01f * 0.01f) { // 1cm is too close
                isTooClose = 1;
                break;
            }
        }
        if (isTooClose) {
            erase_pt(checkPts, n, i);
            i--;
        }
    }
}

typedef struct {
    int a, b;
} hedge;
static int edge_eq(hedge e, hedge r) {
    return (e.a == r.a && e.b == r.b) || (e.a == r.b && e.b == r.a);
}

static int is_edge_unique(const ak_pub_hodges_hull *h, const int *facingTris, int nfacing,
                          int ignoreTri, hedge edge) {
    for (int i = 0; i < nfacing; i++) {
        const int triIdx = facingTris[i];
        if (ignoreTri == triIdx) continue;
        const ak_pub_htri tri = h->tris[triIdx];
        const hedge edges[3] = { { tri.a, tri.b }, { tri.b, tri.c }, { tri.c, tri.a } };
        for (int e = 0; e < 3; e++)
            if (edge_eq(edge, edges[e])) return 0;
    }
    return 1;
}

static void add_point(ak_pub_hodges_hull *h, ak_pub_hv3 pt) {
    // Find all the triangles that face this point
    int *facingTris = malloc((size_t)(h->ntris + 1) * sizeof *facingTris);
    hedge *uniqueEdges = malloc((size_t)(3 * h->ntris + 1) * sizeof *uniqueEdges);
    if (!facingTris || !uniqueEdges) {
        free(facingTris), free(uniqueEdges);
        h->overflow = 1;
        return;
    }
    int nfacing = 0, nunique = 0;
    for (int i = h->ntris - 1; i >= 0; i--) {
        const ak_pub_htri tri = h->tris[i];
        const float dist = ak_pub_hodges_G4_distance_from_triangle(h->pts[tri.a], h->pts[tri.b],
                                                                   h->pts[tri.c], pt);
        if (dist > 0.0f) facingTris[nfacing++] = i;
    }
    // Now find all edges that are unique to the tris
    for (int i = 0; i < nfacing; i++) {
        const int triIdx = facingTris[i];
        const ak_pub_htri tri = h->tris[triIdx];
        const hedge edges[3] = { { tri.a, tri.b }, { tri.b, tri.c }, { tri.c, tri.a } };
        for (int e = 0; e < 3; e++)
            if (is_edge_unique(h, facingTris, nfacing, triIdx, edges[e]))
                uniqueEdges[nunique++] = edges[e];
    }
    // now remove the old facing tris (their indices descend, as collected)
    for (int i = 0; i < nfacing; i++) {
        const int k = facingTris[i];
        memmove(h->tris + k, h->tris + k + 1, (size_t)(h->ntris - k - 1) * sizeof h->tris[0]);
        h->ntris--;
    }
    // Now add the new point
    push_pt(h, pt);
    const int newPtIdx = h->npts - 1;
    // Now add triangles for each unique edge
    for (int i = 0; i < nunique; i++) push_tri(h, uniqueEdges[i].a, uniqueEdges[i].b, newPtIdx);
    free(facingTris);
    free(uniqueEdges);
}

void ak_pub_hodges_G4_remove_unreferenced(ak_pub_hodges_hull *h, int fix) {
    for (int i = 0; i < h->npts; i++) {
        int isUsed = 0;
        for (int j = 0; j < h->ntris; j++) {
            const ak_pub_htri tri = h->tris[j];
            if (tri.a == i || tri.b == i || tri.c == i) {
                isUsed = 1;
                break;
            }
        }
        // printed: `if ( !isUsed ) { continue; }`; the prose: keep the used ones
        if ((fix & AK_PUB_G4_FIX_REMOVE) ? isUsed : !isUsed) continue;
        for (int j = 0; j < h->ntris; j++) {
            ak_pub_htri *tri = &h->tris[j];
            if (tri->a > i) tri->a--;
            if (tri->b > i) tri->b--;
            if (tri->c > i) tri->c--;
        }
        erase_pt(h->pts, &h->npts, i);
        i--;
    }
}

void ak_pub_hodges_G4_expand_convex_hull(ak_pub_hodges_hull *h, const ak_pub_hv3 *verts, int num,
                                         int fix) {
    ak_pub_hv3 *externalVerts = malloc((size_t)(num > 0 ? num : 1) * sizeof *externalVerts);
    if (!externalVerts) {
        h->overflow = 1;
        return;
    }
    int n = num;
    memcpy(externalVerts, verts, (size_t)num * sizeof *verts);
    remove_internal_points(h, externalVerts, &n);
    while (n > 0 && !h->overflow) {
        const int ptIdx = find_point_furthest_in_dir(externalVerts, n, externalVerts[0]);
        const ak_pub_hv3 pt = externalVerts[ptIdx];
        // remove this element
        erase_pt(externalVerts, &n, ptIdx);
        add_point(h, pt);
        remove_internal_points(h, externalVerts, &n);
    }
    free(externalVerts);
    ak_pub_hodges_G4_remove_unreferenced(h, fix);
}

void ak_pub_hodges_G4_build_convex_hull(const ak_pub_hv3 *verts, int num, ak_pub_hodges_hull *h,
                                        int fix) {
    h->npts = h->ntris = h->overflow = 0;
    if (num < 4) return;
    ak_pub_hodges_G4_build_tetrahedron(verts, num, h, fix);
    ak_pub_hodges_G4_expand_convex_hull(h, verts, num, fix);
}

int ak_pub_hodges_G4_is_external(const ak_pub_hodges_hull *h, ak_pub_hv3 pt) {
    int isExternal = 0;
    for (int t = 0; t < h->ntris; t++) {
        const ak_pub_htri tri = h->tris[t];
        // If the point is in front of any triangle then it's external
        const float dist = ak_pub_hodges_G4_distance_from_triangle(h->pts[tri.a], h->pts[tri.b],
                                                                   h->pts[tri.c], pt);
        if (dist > 0.0f) {
            isExternal = 1;
            break;
        }
    }
    return isExternal;
}

// ---- G-6 ---------------------------------------------------------------------------------------

// IsExternal for the grid loops: DistanceFromTriangle's normal, normalize((b - a) x (c - a)),
// computed once per triangle by the same float operations as in every call (so the same bits),
// then (pt - a) . normal > 0.0f for any triangle, in the triangles' order.
typedef struct {
    ak_pub_hv3 a, normal;
} tri_plane;
static int is_external_cached(const tri_plane *tp, int ntris, ak_pub_hv3 pt) {
    for (int t = 0; t < ntris; t++) {
        const ak_pub_hv3 ray = vsub(pt, tp[t].a);
        const float dist = vdot(ray, tp[t].normal);
        if (dist > 0.0f) return 1;
    }
    return 0;
}

int ak_pub_hodges_G6_convex_build(const ak_pub_hv3 *pts, int num, int fix, int numSamples,
                                  ak_pub_hodges_hull *h, ak_pub_hbounds *bounds_out,
                                  ak_pub_hv3 *cm_out, float T[9]) {
    // m_points = pts; BuildConvexHull( m_points, hullPoints, hullTriangles ); m_points = hullPoints
    ak_pub_hodges_G4_build_convex_hull(pts, num, h, fix);
    // m_bounds.Clear(); m_bounds.Expand( m_points.data(), m_points.size() )
    bclear(bounds_out);
    for (int i = 0; i < h->npts; i++) bexpand(bounds_out, h->pts[i]);

    // CalculateCenterOfMass( hullPoints, hullTriangles ) (ch. 5): its own Bounds of the points
    ak_pub_hbounds bounds;
    bclear(&bounds);
    for (int i = 0; i < h->npts; i++) bexpand(&bounds, h->pts[i]);
    tri_plane *tp = malloc((size_t)(h->ntris + 1) * sizeof *tp);
    if (!tp) {
        h->overflow = 1;
        return -1;
    }
    for (int t = 0; t < h->ntris; t++) {
        const ak_pub_hv3 a = h->pts[h->tris[t].a], b = h->pts[h->tris[t].b],
                         c = h->pts[h->tris[t].c];
        tp[t].a = a;
        tp[t].normal = vnormalize(vcross(vsub(b, a), vsub(c, a)));
    }
    ak_pub_hv3 cm = v3(0.0f, 0.0f, 0.0f);
    const float dx = (bounds.maxs.x - bounds.mins.x) / (float)numSamples;
    const float dy = (bounds.maxs.y - bounds.mins.y) / (float)numSamples;
    const float dz = (bounds.maxs.z - bounds.mins.z) / (float)numSamples;
    int sampleCount = 0;
    for (float x = bounds.mins.x; x < bounds.maxs.x; x += dx)
        for (float y = bounds.mins.y; y < bounds.maxs.y; y += dy)
            for (float z = bounds.mins.z; z < bounds.maxs.z; z += dz) {
                const ak_pub_hv3 pt = v3(x, y, z);
                if (is_external_cached(tp, h->ntris, pt)) continue;
                cm = vadd(cm, pt);
                sampleCount++;
            }
    // cm /= (float)sampleCount: with no sample kept that is 0 / 0
    if (sampleCount == 0) {
        free(tp);
        *cm_out = v3(NAN, NAN, NAN);
        for (int i = 0; i < 9; i++) T[i] = NAN;
        return 0;
    }
    cm.x /= (float)sampleCount;
    cm.y /= (float)sampleCount;
    cm.z /= (float)sampleCount;
    *cm_out = cm;

    // CalculateInertiaTensor( hullPoints, hullTriangles, m_centerOfMass )
    for (int i = 0; i < 9; i++) T[i] = 0.0f;
    int count2 = 0;
    for (float x = bounds.mins.x; x < bounds.maxs.x; x += dx)
        for (float y = bounds.mins.y; y < bounds.maxs.y; y += dy)
            for (float z = bounds.mins.z; z < bounds.maxs.z; z += dz) {
                ak_pub_hv3 pt = v3(x, y, z);
                if (is_external_cached(tp, h->ntris, pt)) continue;
                // Get the point relative to the center of mass
                pt = vsub(pt, cm);
                T[0] += pt.y * pt.y + pt.z * pt.z;
                T[4] += pt.z * pt.z + pt.x * pt.x;
                T[8] += pt.x * pt.x + pt.y * pt.y;
                T[1] += -1.0f * pt.x * pt.y;
                T[2] += -1.0f * pt.x * pt.z;
                T[5] += -1.0f * pt.y * pt.z;
                T[3] += -1.0f * pt.x * pt.y;
                T[6] += -1.0f * pt.x * pt.z;
                T[7] += -1.0f * pt.y * pt.z;
                count2++;
            }
    free(tp);
    const float sc = 1.0f / (float)count2;
    for (int i = 0; i < 9; i++) T[i] *= sc;
    return sampleCount;
}

void ak_pub_hodges_G6_fill_diamond(ak_pub_hv3 out[56]) {
    ak_pub_hv3 pts[4 + 4];
    pts[0] = v3(0.1f, 0, -1);
    pts[1] = v3(1, 0, 0);
    pts[2] = v3(1, 0, 0.1f);
    pts[3] = v3(0.4f, 0, 0.4f);
    const float pi = acosf(-1.0f);
    const ak_pub_hquat quatHalf = ak_pub_hodges_quat(v3(0, 0, 1), 2.0f * pi * 0.125f * 0.5f);
    pts[4] = v3(0.8f, 0, 0.3f);
    pts[4] = ak_pub_hodges_rotate(quatHalf, pts[4]);
    pts[5] = ak_pub_hodges_rotate(quatHalf, pts[1]);
    pts[6] = ak_pub_hodges_rotate(quatHalf, pts[2]);
    const ak_pub_hquat quat = ak_pub_hodges_quat(v3(0, 0, 1), 2.0f * pi * 0.125f);
    int idx = 0;
    for (int i = 0; i < 7; i++) out[idx++] = pts[i];
    ak_pub_hquat quatAccumulator = { 0, 0, 0, 1 };
    for (int i = 1; i < 8; i++) {
        quatAccumulator = qmul(quatAccumulator, quat);
        for (int pt = 0; pt < 7; pt++) out[idx++] = ak_pub_hodges_rotate(quatAccumulator, pts[pt]);
    }
}

// ---- G-7 ---------------------------------------------------------------------------------------

void ak_pub_hodges_G7_minkowski(const ak_pub_hv3 *A, int na, const ak_pub_hv3 *B, int nb, float s,
                                ak_pub_hv3 *out) {
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++) out[i * nb + j] = vadd(A[i], vmul(B[j], s));
}
