// CPU reference sphere tracer. The GLSL twin is shaders/trace.comp; both read
// shaders/ak_render_constants.h. Formula IDs: T-6.1cam, T-Alg14, T-Alg15, T-6.1, T-6.2.2, T-E.*.
#include "render/tracer.h"

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ref/sdf/sdf.h"

static double dot4(const double a[4], const double b[4]) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
}

bool ak_render_image_alloc(ak_render_image *img, int width, int height) {
    img->width = img->height = 0;
    img->rgb = NULL;
    if (width <= 0 || height <= 0 || width > 16384 || height > 16384) return false;
    img->rgb = calloc((size_t)width * (size_t)height * 3, 1);
    if (!img->rgb) return false;
    img->width = width;
    img->height = height;
    return true;
}

void ak_render_image_free(ak_render_image *img) {
    free(img->rgb);
    img->rgb = NULL;
    img->width = img->height = 0;
}

// What every pixel of an image shares: the camera frame and the ray set-up (computed once per
// image instead of once per pixel; the arithmetic per pixel is the same, so are the images).
// The fast path's copy of one object: what its SDF and its bounding ball read, contiguous,
// with the special cases decided once per image.
enum {
    FK_GENERAL,   ///< ak_sdf_shape (capsule, duocylinder, convex, other dimensions)
    FK_APLANE,    ///< hyperplane whose normal is exactly +-e_axis: d = +-x[axis] - offset
    FK_PLANE,     ///< other 4D hyperplane
    FK_SPHERE_ID, ///< hypersphere with the identity rotation: p = x - pos
    FK_SPHERE,    ///< hypersphere
    FK_BOX,       ///< hyperbox
};
typedef struct fobj {
    int kind, axis;
    double sgn, off, plen; ///< planes: normal[axis], offset, sqrt(n . n)
    double r;              ///< bounded: culling radius bound * SLACK + SLACK_ABS; INFINITY: none
    double c[4];           ///< pose.pos
    double rt[16];         ///< rt[4 j + i] = rot[4 i + j] (the rows of rot^T)
    double ext[4];         ///< box half extents; sphere radius in ext[0]
    double n[4];           ///< plane normal
    double cR, comin; ///< convex with the origin inside: circumradius, least facet offset (else 0)
} fobj;

typedef struct frame {
    double right[4], up[4], back[4], ana[4];
    double th, origin[4];
    double plen[AK_RT_MAX_OBJECTS]; ///< sqrt(n . n) of each hyperplane (0 for other objects)
    bool fast;                      ///< false: the plain paths (ak_render_cpu_plain), for the tests
    bool tight; ///< fast path with the tight per-ray lists (false: ak_render_cpu_exact)
    const ak_render_scene *s;
    fobj *fo;  ///< nobj compact objects (fast path; NULL when out of memory: plain SDF loop)
    int *all;  ///< 0 .. nobj-1
    int plane; ///< first 4D hyperplane, -1 if none
} frame;

// One object's SDF: ak_sdf_shape, with the 4D hyperplane, hypersphere and hyperbox written out
// inline (the same operations in the same order, so the same values; the call through the
// library and the dimension loops cost more than the arithmetic here).
static inline double object_sdf(const ak_render_scene *s, const ak_render_object *o,
                                const double x[4], const double *plen, bool fast) {
    const ak_shape *sh = &o->shape;
    if (fast && sh->dim == 4 && o->pose.dim == 4) {
        if (sh->type == AK_SHAPE_HYPERPLANE) { // ak_sdf_hyperplane
            double d = 0.0, nn = 0.0;
            for (int i = 0; i < 4; i++) {
                d += x[i] * sh->normal[i];
                nn += sh->normal[i] * sh->normal[i];
            }
            return (d - sh->offset) / (plen ? *plen : sqrt(nn)); // plen: sqrt(nn), once
        }
        if (sh->type == AK_SHAPE_HYPERSPHERE || sh->type == AK_SHAPE_HYPERBOX) {
            double e[4], p[4]; // body coordinates p = rot^T (x - pos)
            for (int i = 0; i < 4; i++) e[i] = x[i] - o->pose.pos[i];
            for (int j = 0; j < 4; j++) {
                double v = 0.0;
                for (int i = 0; i < 4; i++) v += o->pose.rot[i * 4 + j] * e[i];
                p[j] = v;
            }
            if (sh->type == AK_SHAPE_HYPERSPHERE) { // ak_sdf_hypersphere
                double q = 0.0;
                for (int i = 0; i < 4; i++) q += p[i] * p[i];
                return sqrt(q) - sh->radius;
            }
            double out = 0.0, inside = -INFINITY; // ak_sdf_hyperbox (no NaN here: fmax = max)
            for (int i = 0; i < 4; i++) {
                double q = fabs(p[i]) - sh->half_extents[i];
                if (q > 0) out += q * q;
                inside = q > inside ? q : inside;
            }
            return sqrt(out) + (inside < 0.0 ? inside : 0.0);
        }
    }
    return ak_sdf_shape(sh, &o->pose, x, o->nplanes, s->plane_n + 4 * o->plane_first,
                        s->plane_o + o->plane_first);
}

// The scene SDF over the objects list[0..cnt) (ascending indices), or over all objects when
// list is NULL.
// f (or NULL): the image's frame, with the hyperplanes' normal lengths sqrt(n . n) computed once
// per image, and the switch to the plain paths.
static double scene_sdf_list(const ak_render_scene *s, const frame *f, const int *list, int cnt,
                             const double x[4], int *obj) {
    bool fast = !f || f->fast;
    const double *plen = f && f->fast ? f->plen : NULL;
    double best = INFINITY;
    int bi = -1;
    int n = list ? cnt : s->nobj;
    for (int k = 0; k < n; k++) {
        int i = list ? list[k] : k;
        const ak_render_object *o = &s->obj[i];
        if (o->bound < INFINITY) {
            // Lower bound from the bounding ball: when it cannot beat the best distance so far,
            // the exact SDF cannot either (the result is unchanged, only faster).
            double e[4] = { x[0] - o->pose.pos[0], x[1] - o->pose.pos[1], x[2] - o->pose.pos[2],
                            x[3] - o->pose.pos[3] };
            double r = o->bound * AK_RT_BOUND_SLACK + AK_RT_BOUND_SLACK_ABS, e2 = dot4(e, e);
            // sqrt(e2) - r >= best, decided without the square root when it is clear-cut
            if (best < INFINITY && best + r > 0.0) {
                double q = best + r;
                if (e2 > 1.0000001 * q * q) continue;   // surely above: culled
                if (e2 < 0.9999999 * q * q) goto exact; // surely below: evaluate
            }
            if (sqrt(e2) - r >= best) continue;
        }
    exact:;
        double d = object_sdf(s, o, x, plen ? plen + i : NULL, fast);
        if (d < best) { // T-E.union: min
            best = d;
            bi = i;
        }
    }
    if (obj) *obj = bi;
    return best;
}

double ak_render_scene_sdf(const ak_render_scene *s, const double x[4], int *obj) {
    return scene_sdf_list(s, NULL, NULL, 0, x, obj);
}

static void frame_free(frame *f) {
    free(f->fo);
    free(f->all);
    f->fo = NULL;
    f->all = NULL;
}

static bool is_identity4(const double *rot) {
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            if (rot[i * 4 + j] != (i == j ? 1.0 : 0.0)) return false;
    return true;
}

// The compact objects of the fast path (f->fo), or none when out of memory (then the fast path
// is off and the image is rendered by the plain paths, which give the same bytes).
static void frame_objects(const ak_render_scene *s, frame *f) {
    f->s = s;
    f->plane = -1;
    f->fo = calloc(s->nobj > 0 ? (size_t)s->nobj : 1, sizeof *f->fo);
    f->all = calloc(s->nobj > 0 ? (size_t)s->nobj : 1, sizeof *f->all);
    if (!f->fo || !f->all) {
        frame_free(f);
        f->fast = false;
        return;
    }
    for (int i = 0; i < s->nobj; i++) {
        const ak_render_object *o = &s->obj[i];
        const ak_shape *sh = &o->shape;
        fobj *q = &f->fo[i];
        f->all[i] = i;
        q->kind = FK_GENERAL;
        q->r =
            o->bound < INFINITY ? o->bound * AK_RT_BOUND_SLACK + AK_RT_BOUND_SLACK_ABS : INFINITY;
        for (int k = 0; k < 4; k++) q->c[k] = o->pose.pos[k];
        if (sh->dim != 4 || o->pose.dim != 4) continue;
        for (int a = 0; a < 4; a++)
            for (int b = 0; b < 4; b++) q->rt[4 * b + a] = o->pose.rot[4 * a + b];
        if (sh->type == AK_SHAPE_HYPERPLANE) {
            if (f->plane < 0) f->plane = i;
            for (int k = 0; k < 4; k++) q->n[k] = sh->normal[k];
            q->off = sh->offset;
            q->plen = f->plen[i];
            q->kind = FK_PLANE;
            // n = +-e_axis exactly: the dot product is +-x[axis] and the division by 1 exact
            for (int a = 0; a < 4; a++) {
                bool axis = fabs(sh->normal[a]) == 1.0;
                for (int k = 0; k < 4; k++)
                    if (k != a && sh->normal[k] != 0.0) axis = false;
                if (axis && q->plen == 1.0) {
                    q->kind = FK_APLANE;
                    q->axis = a;
                    q->sgn = sh->normal[a];
                }
            }
        } else if (sh->type == AK_SHAPE_HYPERSPHERE) {
            q->kind = is_identity4(o->pose.rot) ? FK_SPHERE_ID : FK_SPHERE;
            q->ext[0] = sh->radius;
        } else if (sh->type == AK_SHAPE_HYPERBOX) {
            q->kind = FK_BOX;
            for (int k = 0; k < 4; k++) q->ext[k] = sh->half_extents[k];
        } else if (sh->type == AK_SHAPE_CONVEX && o->nplanes > 0 && sh->verts) {
            double R = 0, omin = INFINITY;
            for (int v = 0; v < sh->nverts; v++) {
                double qq = 0;
                for (int k = 0; k < 4; k++) qq += sh->verts[4 * v + k] * sh->verts[4 * v + k];
                R = fmax(R, sqrt(qq));
            }
            for (int f = 0; f < o->nplanes; f++) omin = fmin(omin, s->plane_o[o->plane_first + f]);
            if (R > 0 && omin > 0 && omin < INFINITY) q->cR = R, q->comin = omin;
        }
    }
}

// One object's SDF on the fast path: the same values as object_sdf (hence ak_sdf_shape) up to
// the sign of a zero: the sums start from their first term instead of 0.0, a rotation by the
// identity or a product with a +-e_axis normal is skipped (exact), and a division by a plane
// length of exactly 1 is skipped (exact). A zero's sign never reaches the image: the values
// are squared, taken absolute, compared or added to nonzero values.
static inline double fobj_sdf(const frame *f, const fobj *q, int i, const double x[4]) {
    switch (q->kind) {
        case FK_APLANE: return x[q->axis] * q->sgn - q->off;
        case FK_PLANE: {
            double d = x[0] * q->n[0] + x[1] * q->n[1] + x[2] * q->n[2] + x[3] * q->n[3];
            return (d - q->off) / q->plen;
        }
        case FK_SPHERE_ID: {
            double e0 = x[0] - q->c[0], e1 = x[1] - q->c[1], e2 = x[2] - q->c[2],
                   e3 = x[3] - q->c[3];
            return sqrt(e0 * e0 + e1 * e1 + e2 * e2 + e3 * e3) - q->ext[0];
        }
        case FK_SPHERE:
        case FK_BOX: {
            double e[4] = { x[0] - q->c[0], x[1] - q->c[1], x[2] - q->c[2], x[3] - q->c[3] }, p[4];
            for (int j = 0; j < 4; j++) {
                const double *r = q->rt + 4 * j;
                p[j] = r[0] * e[0] + r[1] * e[1] + r[2] * e[2] + r[3] * e[3];
            }
            if (q->kind == FK_SPHERE)
                return sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2] + p[3] * p[3]) - q->ext[0];
            double out = 0.0, inside = -INFINITY;
            for (int k = 0; k < 4; k++) {
                double d = fabs(p[k]) - q->ext[k];
                if (d > 0) out += d * d;
                inside = d > inside ? d : inside;
            }
            return sqrt(out) + (inside < 0.0 ? inside : 0.0);
        }
        default: {
            const ak_render_object *o = &f->s->obj[i];
            return ak_sdf_shape(&o->shape, &o->pose, x, o->nplanes,
                                f->s->plane_n + 4 * o->plane_first, f->s->plane_o + o->plane_first);
        }
    }
}

// The scene SDF on the fast path over the objects list[0..cnt) (ascending): scene_sdf_list's
// culling rule and its minimum, the same values.
// Object i's SDF at x, or INFINITY when its bound shows it cannot beat best (fast_sdf's rule).
static inline double fobj_culled(const frame *f, int i, const double x[4], double best) {
    const fobj *q = &f->fo[i];
    if (q->r < INFINITY) {
        double e0 = x[0] - q->c[0], e1 = x[1] - q->c[1], e2 = x[2] - q->c[2], e3 = x[3] - q->c[3];
        double r = q->r, ee = e0 * e0 + e1 * e1 + e2 * e2 + e3 * e3;
        if (best < INFINITY && best + r > 0.0) {
            double b = best + r;
            if (ee > 1.0000001 * b * b) return INFINITY;
            if (ee < 0.9999999 * b * b) return fobj_sdf(f, q, i, x);
        }
        if (sqrt(ee) - r >= best) return INFINITY;
    } else if (q->cR > 0 && best < INFINITY) { // fast_sdf's convex bound
        double e0 = x[0] - q->c[0], e1 = x[1] - q->c[1], e2 = x[2] - q->c[2], e3 = x[3] - q->c[3];
        double ee = e0 * e0 + e1 * e1 + e2 * e2 + e3 * e3;
        if (ee > q->cR * q->cR) {
            double lb = q->comin * (sqrt(ee) / q->cR - 1.0);
            if (lb * (1.0 - 1e-9) - 1e-12 * (1.0 + ee) >= best) return INFINITY;
        }
    }
    return fobj_sdf(f, q, i, x);
}

static double fast_sdf(const frame *f, const int *list, int cnt, const double x[4], int *obj) {
    double best = INFINITY;
    int bi = -1;
    for (int k = 0; k < cnt; k++) {
        int i = list[k];
        const fobj *q = &f->fo[i];
        if (q->r < INFINITY) {
            double e0 = x[0] - q->c[0], e1 = x[1] - q->c[1], e2 = x[2] - q->c[2],
                   e3 = x[3] - q->c[3];
            double r = q->r, ee = e0 * e0 + e1 * e1 + e2 * e2 + e3 * e3;
            if (best < INFINITY && best + r > 0.0) {
                double b = best + r;
                if (ee > 1.0000001 * b * b) continue;
                if (ee < 0.9999999 * b * b) goto exact;
            }
            if (sqrt(ee) - r >= best) continue;
        } else if (q->cR > 0 && best < INFINITY) {
            // A convex shape with its origin inside: its half-space SDF max_f (n_f . p - o_f) is
            // at least omin (|p| / R - 1) for |p| >= R (the gauge max_f n_f . p / o_f is at least
            // |p| / R, the shape lying in the ball of radius R), so it cannot beat best when that
            // bound (less a rounding margin) does not: skipped, the minimum unchanged.
            double e0 = x[0] - q->c[0], e1 = x[1] - q->c[1], e2 = x[2] - q->c[2],
                   e3 = x[3] - q->c[3];
            double ee = e0 * e0 + e1 * e1 + e2 * e2 + e3 * e3;
            if (ee > q->cR * q->cR) {
                double lb = q->comin * (sqrt(ee) / q->cR - 1.0);
                if (lb * (1.0 - 1e-9) - 1e-12 * (1.0 + ee) >= best) continue;
            }
        }
    exact:;
        double d = fobj_sdf(f, q, i, x);
        if (d < best) { // T-E.union: min
            best = d;
            bi = i;
        }
    }
    if (obj) *obj = bi;
    return best;
}

// Objects that can matter along a ray o + t v (v unit) for t in [0, T] (exact). With the first
// hyperplane P of the scene, d_P(o + t v) = d0 + nl t is an upper bound of the scene SDF. A
// bounded object whose ball lower bound f(t) = |o + t v - c| - r stays above d0 + nl t on
// [0, T] is never nearer than P there: it never wins the minimum, never changes the best
// distance before the objects after it, and dropping it leaves every SDF value along the ray
// for t in [0, T] as it was. f(t) - (d0 + nl t) is convex, so its minimum on the interval is at
// the clamped stationary point. T is tmax, or d0 / -nl + 1 when the ray goes down into P
// (a march that starts above P ends before it reaches P). The callers evaluate the list only
// for t in [0, T], every object elsewhere. Returns the count (ascending indices in list), or -1
// (no list: no hyperplane, the origin not above it, or v along its normal) with *T = 0.
static int fast_ray_objects(const frame *f, const double o[4], const double v[4], double tmax,
                            int *list, double *T) {
    *T = 0.0;
    if (f->plane < 0) return -1;
    const fobj *P = &f->fo[f->plane];
    double d0 = (dot4(o, P->n) - P->off) / P->plen, nl = dot4(v, P->n) / P->plen;
    if (!(d0 > 0.0) || !(nl > -1.0 + 1e-9) || !(nl < 1.0 - 1e-9)) return -1;
    double tg = tmax, sq = sqrt(1.0 - nl * nl);
    if (nl < 0.0 && d0 / -nl + 1.0 < tg) tg = d0 / -nl + 1.0;
    int cnt = 0;
    for (int i = 0; i < f->s->nobj; i++) {
        const fobj *q = &f->fo[i];
        if (q->r < INFINITY) {
            double w[4] = { o[0] - q->c[0], o[1] - q->c[1], o[2] - q->c[2], o[3] - q->c[3] };
            double b = dot4(w, v), h2 = fmax(dot4(w, w) - b * b, 0.0), h = sqrt(h2);
            double t = -b + nl * h / sq; // f'(t) = 0
            t = fmin(fmax(t, 0.0), tg);
            double fm = sqrt((t + b) * (t + b) + h2) - q->r - (d0 + nl * t);
            if (fm > 1e-6 * (1.0 + tg)) continue; // never nearer than the plane: dropped
        }
        list[cnt++] = i;
    }
    *T = tg;
    return cnt;
}

// The camera frame and the planes' normal lengths (no compact objects).
static void frame_camera(const ak_render_scene *s, frame *f) {
    f->fast = true;
    f->tight = true;
    f->s = s;
    f->fo = NULL;
    f->all = NULL;
    f->plane = -1;
    ak_render_camera_frame(&s->cam, f->right, f->up, f->back, f->ana);
    f->th = tan(0.5 * s->cam.fov_deg * M_PI / 180.0);
    for (int i = 0; i < 4; i++) f->origin[i] = s->cam.pos[i] + s->cam.slice * f->ana[i];
    for (int i = 0; i < s->nobj; i++) {
        const ak_shape *sh = &s->obj[i].shape;
        double nn = 0.0;
        if (sh->type == AK_SHAPE_HYPERPLANE && sh->dim == 4)
            for (int k = 0; k < 4; k++) nn += sh->normal[k] * sh->normal[k];
        f->plen[i] = sqrt(nn);
    }
}

// Everything an image shares (free with frame_free).
static void frame_init(const ak_render_scene *s, frame *f) {
    frame_camera(s, f);
    frame_objects(s, f);
}

static void camera_ray(const frame *f, int width, int height, double px, double py,
                       double origin[4], double dir[4]) {
    double th = f->th;
    double aspect = (double)width / (double)height;
    double u = (2.0 * (px + 0.5) / width - 1.0) * th * aspect;
    double v = (1.0 - 2.0 * (py + 0.5) / height) * th;
    double len2 = 0.0;
    for (int i = 0; i < 4; i++) {
        origin[i] = f->origin[i];
        dir[i] = u * f->right[i] + v * f->up[i] - f->back[i];
        len2 += dir[i] * dir[i];
    }
    double inv = 1.0 / sqrt(len2);
    for (int i = 0; i < 4; i++) dir[i] *= inv;
}

void ak_render_camera_ray(const ak_render_scene *s, int width, int height, double px, double py,
                          double origin[4], double dir[4]) {
    frame f;
    frame_camera(s, &f);
    camera_ray(&f, width, height, px, py, origin, dir);
}

static double sdf_along_list(const ak_render_scene *s, const frame *plen, const int *list, int cnt,
                             const double o[4], const double v[4], double t) {
    double p[4];
    for (int i = 0; i < 4; i++) p[i] = o[i] + t * v[i];
    return scene_sdf_list(s, plen, list, cnt, p, NULL);
}

static bool trace_list(const ak_render_scene *s, const frame *plen, const int *list, int cnt,
                       const double o[4], const double dir[4], double *t_out, int *obj,
                       int *steps) {
    double t = 0.0;
    bool hit = false;
    int i = 0, which = -1;
    for (; i < AK_RT_MAX_STEPS; i++) {
        double p[4];
        for (int k = 0; k < 4; k++) p[k] = o[k] + t * dir[k];
        double d = scene_sdf_list(s, plen, list, cnt, p, &which);
        if (d < AK_RT_HIT_EPS * fmax(t, 1.0)) {
            hit = true;
            break;
        }
        t += d;
        if (t > AK_RT_MAX_DIST) break;
    }
    if (hit) {
        for (int k = 0; k < AK_RT_REFINE_STEPS; k++) {
            double h = AK_RT_NORMAL_H;
            double d = sdf_along_list(s, plen, list, cnt, o, dir, t);
            double slope = (sdf_along_list(s, plen, list, cnt, o, dir, t + h) -
                            sdf_along_list(s, plen, list, cnt, o, dir, t - h)) /
                           (2.0 * h);
            if (slope > -AK_RT_REFINE_MIN_SLOPE) break;
            double tn = t - d / slope;
            if (tn < 0.0) break;
            t = tn;
        }
        double p[4];
        for (int k = 0; k < 4; k++) p[k] = o[k] + t * dir[k];
        scene_sdf_list(s, plen, NULL, 0, p, &which);
    }
    *t_out = t;
    if (obj) *obj = hit ? which : -1;
    if (steps) *steps = i;
    return hit;
}

bool ak_render_trace(const ak_render_scene *s, const double o[4], const double dir[4],
                     double *t_out, int *obj, int *steps) {
    return trace_list(s, NULL, NULL, 0, o, dir, t_out, obj, steps);
}

static void normal_at(const ak_render_scene *s, const frame *plen, const double p[4], double n[4]) {
    const double h = AK_RT_NORMAL_H;
    double len2 = 0.0;
    for (int a = 0; a < 4; a++) {
        double q[4] = { p[0], p[1], p[2], p[3] };
        q[a] = p[a] + h;
        double dp = scene_sdf_list(s, plen, NULL, 0, q, NULL);
        q[a] = p[a] - h;
        double dm = scene_sdf_list(s, plen, NULL, 0, q, NULL);
        n[a] = (dp - dm) / (2.0 * h);
        len2 += n[a] * n[a];
    }
    double inv = len2 > 0 ? 1.0 / sqrt(len2) : 0.0;
    for (int a = 0; a < 4; a++) n[a] *= inv;
}

void ak_render_normal(const ak_render_scene *s, const double p[4], double n[4]) {
    normal_at(s, NULL, p, n);
}

// Early out of the shadow march (exact): a lower bound B of d(t') / t' over every later t' >= t
// for the whole scene, where d is the scene SDF along p + t' l (l unit). Per object:
// - a bounded object (ball c, radius r = the culling radius): d(t') >= |p(t') - c| - r >=
//   s + (t' - t) with s = (p(t) - c) . l - r, so for s >= 0, d(t')/t' >= min(s / t, 1);
// - a hyperplane: d(t') = d(t) + (n . l)(t' - t) exactly (n unit), so d(t')/t' >=
//   min(d(t) / t, n . l) when d(t) >= 0;
// - anything else (a convex shape's half-space bound): no bound.
// When K B >= res, no later step can lower res = min K d / t: the march stops with the same
// result it would reach at the distance cap (a margin covers rounding).
static double shadow_bound(const ak_render_scene *s, const double p[4], const double l[4],
                           double t) {
    double B = 1.0;
    for (int i = 0; i < s->nobj; i++) {
        const ak_render_object *o = &s->obj[i];
        double b;
        if (o->shape.type == AK_SHAPE_HYPERPLANE) {
            double nn = dot4(o->shape.normal, o->shape.normal), len = sqrt(nn);
            double d0 = (dot4(p, o->shape.normal) - o->shape.offset) / len;
            if (!(d0 >= 0.0)) return -1.0;
            b = fmin(d0 / t, dot4(o->shape.normal, l) / len);
        } else if (o->bound < INFINITY) {
            double e[4] = { p[0] - o->pose.pos[0], p[1] - o->pose.pos[1], p[2] - o->pose.pos[2],
                            p[3] - o->pose.pos[3] };
            double sd = dot4(e, l) - (o->bound * AK_RT_BOUND_SLACK + AK_RT_BOUND_SLACK_ABS);
            if (!(sd >= 0.0)) return -1.0;
            b = fmin(sd / t, 1.0);
        } else {
            return -1.0;
        }
        if (b < B) B = b;
    }
    return B - 1e-9;
}

static double soft_shadow(const ak_render_scene *s, const frame *plen, const double p[4],
                          const double l[4]) {
    double res = 1.0, t = AK_RT_SHADOW_TMIN;
    for (int i = 0; i < AK_RT_SHADOW_STEPS; i++) {
        double d = sdf_along_list(s, plen, NULL, 0, p, l, t);
        res = fmin(res, AK_RT_SHADOW_K * d / t);
        if (res < 1e-3 || t > AK_RT_SHADOW_MAX_DIST) break;
        t += fmin(fmax(d, AK_RT_SHADOW_STEP_MIN), AK_RT_SHADOW_STEP_MAX);
        if ((i & 3) == 3 && (!plen || plen->fast)) { // the early out, every fourth step
            double q[4];
            for (int k = 0; k < 4; k++) q[k] = p[k] + t * l[k];
            if (AK_RT_SHADOW_K * shadow_bound(s, q, l, t) >= res) break;
        }
    }
    return fmin(fmax(res, 0.0), 1.0);
}

double ak_render_soft_shadow(const ak_render_scene *s, const double p[4], const double l[4]) {
    return soft_shadow(s, NULL, p, l);
}

// Grid lines on a hyperplane: one family per world axis that lies (mostly) in the plane and
// varies across the camera's slice (in the slice w = const every point is on a w line).
// Lines widen with distance t (footprint AK_RT_GRID_FOOTPRINT per unit) and fade to keep the
// mean darkening, a cheap anti-aliasing.
static void grid_tint(const double ana[4], const ak_render_object *o, const double p[4], double t,
                      double albedo[3]) {
    static const double tint[4][3] = {
        { 0.45, 0.45, 0.45 }, { 0.45, 0.45, 0.45 }, { 0.45, 0.45, 0.45 }, { 0.30, 0.40, 0.95 }
    };
    double hw = fmax(AK_RT_GRID_HALF_WIDTH, AK_RT_GRID_FOOTPRINT * t);
    double amount = AK_RT_GRID_HALF_WIDTH / hw;
    for (int a = 0; a < 4; a++) {
        if (fabs(o->shape.normal[a]) > 0.5) continue;
        if (fabs(ana[a]) > AK_RT_GRID_MIN_SPAN) continue;
        double q = p[a] / AK_RT_GRID_SPACING;
        double f = fabs(q - floor(q + 0.5)) * AK_RT_GRID_SPACING;
        if (f < hw)
            for (int c = 0; c < 3; c++) albedo[c] *= 1.0 - amount * (1.0 - tint[a][c]);
    }
}

// ---- the fast path (ak_render_cpu): the same arithmetic on the compact objects -------------

// The scene SDF at o + t v: over list[0..cnt) when t is in [0, T] (fast_ray_objects), else over
// every object.
static inline double fast_along(const frame *f, const int *list, int cnt, double T,
                                const double o[4], const double v[4], double t, int *obj) {
    double p[4];
    for (int k = 0; k < 4; k++) p[k] = o[k] + t * v[k];
    if (t >= 0.0 && t <= T) return fast_sdf(f, list, cnt, p, obj);
    return fast_sdf(f, f->all, f->s->nobj, p, obj);
}

// trace_list on the fast path: the same steps, the same refinement, the same result.
static bool fast_trace(const frame *f, const int *list, int cnt, double T, const double o[4],
                       const double dir[4], double *t_out, int *obj) {
    double t = 0.0;
    bool hit = false;
    int which = -1;
    for (int i = 0; i < AK_RT_MAX_STEPS; i++) {
        double d = fast_along(f, list, cnt, T, o, dir, t, &which);
        if (d < AK_RT_HIT_EPS * (t > 1.0 ? t : 1.0)) { // fmax(t, 1), t >= 0
            hit = true;
            break;
        }
        t += d;
        if (t > AK_RT_MAX_DIST) break;
    }
    if (hit) {
        for (int k = 0; k < AK_RT_REFINE_STEPS; k++) {
            double h = AK_RT_NORMAL_H;
            double d = fast_along(f, list, cnt, T, o, dir, t, NULL);
            double slope = (fast_along(f, list, cnt, T, o, dir, t + h, NULL) -
                            fast_along(f, list, cnt, T, o, dir, t - h, NULL)) /
                           (2.0 * h);
            if (slope > -AK_RT_REFINE_MIN_SLOPE) break;
            double tn = t - d / slope;
            if (tn < 0.0) break;
            t = tn;
        }
        double p[4];
        for (int k = 0; k < 4; k++) p[k] = o[k] + t * dir[k];
        fast_sdf(f, f->all, f->s->nobj, p, &which);
    }
    *t_out = t;
    *obj = hit ? which : -1;
    return hit;
}

static void fast_normal(const frame *f, const double p[4], double n[4]) {
    const double h = AK_RT_NORMAL_H;
    double len2 = 0.0;
    for (int a = 0; a < 4; a++) {
        double q[4] = { p[0], p[1], p[2], p[3] };
        q[a] = p[a] + h;
        double dp = fast_sdf(f, f->all, f->s->nobj, q, NULL);
        q[a] = p[a] - h;
        double dm = fast_sdf(f, f->all, f->s->nobj, q, NULL);
        n[a] = (dp - dm) / (2.0 * h);
        len2 += n[a] * n[a];
    }
    double inv = len2 > 0 ? 1.0 / sqrt(len2) : 0.0;
    for (int a = 0; a < 4; a++) n[a] *= inv;
}

// The last shadow-march evaluation is at t <= SHADOW_MAX_DIST + SHADOW_STEP_MAX: the march
// evaluates at t, stops once t > SHADOW_MAX_DIST, and steps by at most SHADOW_STEP_MAX.
#define SHADOW_HORIZON (AK_RT_SHADOW_MAX_DIST + AK_RT_SHADOW_STEP_MAX)

// One object's term of the shadow bounds below at the march point p, t along l: false where
// there is no bound (p inside a hyperplane's half-space or inside a bounded object's ball, or an
// unbounded object).
static bool object_shadow_bound(const frame *f, int i, const double p[4], const double l[4],
                                double t, double *out) {
    const double H = SHADOW_HORIZON;
    const fobj *q = &f->fo[i];
    double b;
    if (q->kind == FK_APLANE || q->kind == FK_PLANE) {
        double d = fobj_sdf(f, q, i, p);
        if (!(d >= 0.0)) return false;
        double nl = dot4(q->n, l) / q->plen;
        b = d / t;
        if (H > t) {
            double bh = (d + nl * (H - t)) / H;
            if (bh < b) b = bh;
        }
    } else if (q->r < INFINITY) {
        double e[4] = { p[0] - q->c[0], p[1] - q->c[1], p[2] - q->c[2], p[3] - q->c[3] };
        double el = dot4(e, l), sd = el - q->r;
        if (sd >= 0.0) {
            b = sd / t < 1.0 ? sd / t : 1.0;
        } else {
            double h2 = dot4(e, e) - el * el;
            b = (sqrt(h2 > 0.0 ? h2 : 0.0) - q->r) / H;
            if (!(b > 0.0)) return false;
        }
    } else {
        return false;
    }
    *out = b;
    return true;
}

// shadow_bound over the objects of a shadow ray's list (exact for t' in [t, SHADOW_HORIZON],
// where the dropped objects never give the minimum), sharpened by the horizon H (each object's
// term is object_shadow_bound's):
// - a hyperplane: d(t')/t' = (d + nl (t' - t)) / t' is monotone in t', so its minimum is at an
//   end: min(d / t, (d + nl (H - t)) / H);
// - a bounded object moving away (s = (p - c) . l - r >= 0): min(s / t, 1) as in shadow_bound;
//   one ahead: d(t') >= h - r with h the distance from c to the line, so (h - r) / H when h > r.
static double fast_shadow_bound(const frame *f, const int *list, int cnt, const double p[4],
                                const double l[4], double t) {
    double B = 1.0;
    for (int k = 0; k < cnt; k++) {
        int i = list[k];
        double b;
        if (!object_shadow_bound(f, i, p, l, t, &b)) return -1.0;
        if (b < B) B = b;
    }
    return B - 1e-9;
}

// soft_shadow on the fast path: the same steps and the same factor; the objects of the shadow
// ray's list only, and the early out (fast_shadow_bound) tried at every step.
static double fast_shadow(const frame *f, const double p[4], const double l[4]) {
    int list[AK_RT_MAX_OBJECTS];
    double T;
    int cnt = fast_ray_objects(f, p, l, SHADOW_HORIZON, list, &T);
    const int *L = list;
    if (cnt < 0 || T < SHADOW_HORIZON) { // no list for the whole march: every object
        L = f->all;
        cnt = f->s->nobj;
    }
    double res = 1.0, t = AK_RT_SHADOW_TMIN;
    for (int i = 0; i < AK_RT_SHADOW_STEPS; i++) {
        double q[4];
        for (int k = 0; k < 4; k++) q[k] = p[k] + t * l[k];
        double d = fast_sdf(f, L, cnt, q, NULL);
        double r = AK_RT_SHADOW_K * d / t;
        res = r < res ? r : res; // fmin (no NaN here)
        if (res < 1e-3 || t > AK_RT_SHADOW_MAX_DIST) break;
        t += d < AK_RT_SHADOW_STEP_MIN   ? AK_RT_SHADOW_STEP_MIN
             : d > AK_RT_SHADOW_STEP_MAX ? AK_RT_SHADOW_STEP_MAX
                                         : d;
        for (int k = 0; k < 4; k++) q[k] = p[k] + t * l[k];
        if (AK_RT_SHADOW_K * fast_shadow_bound(f, L, cnt, q, l, t) >= res) break;
    }
    return fmin(fmax(res, 0.0), 1.0);
}

// The plane-only march in closed form. From t, with the plane's distance d > 0 at o + t v
// and nl = v . n in (-1, 0) (n unit), the march's step t += d multiplies the distance by
// q = 1 + nl (it is linear in t), so step j lies at t_j = ts - d q^j / -nl with ts = t + d / -nl
// the root. The march stops at the first j with d q^j < AK_RT_HIT_EPS max(t_j, 1), that is
// d q^j < e = AK_RT_HIT_EPS max(ts / (1 + AK_RT_HIT_EPS / -nl), 1). j from logarithms, then
// moved by one where rounding put it on the wrong side of e; *t_hit = t_j. Returns j (the
// steps taken before the one that hits), or -1 when it would exceed AK_RT_MAX_STEPS.
int ak_render_plane_steps(double t, double d, double nl, double *t_hit) {
    double ts = t + d / -nl, q = 1.0 + nl;
    double e = AK_RT_HIT_EPS * fmax(ts / (1.0 + AK_RT_HIT_EPS / -nl), 1.0);
    int j;
    if (d < e)
        j = 0;
    else if (q <= 0.0)
        j = 1; // nl = -1: the first step lands on the plane
    else {
        double x = ceil(log(e / d) / log(q));
        if (!(x < AK_RT_MAX_STEPS)) return -1;
        j = x < 1.0 ? 1 : (int)x;
        if (j > 1 && d * pow(q, j - 1) < e) j--;
        if (!(d * pow(q, j) < e)) j++;
    }
    if (j >= AK_RT_MAX_STEPS) return -1;
    *t_hit = ts - d * (j == 0 ? 1.0 : q <= 0.0 ? 0.0 : pow(q, j)) / -nl;
    return j;
}

// The normal at a hit p on object i (the nearest object there): the gradient of that object's
// SDF alone (trace.comp's normal_obj), in closed form for the 4D hyperplane (its normal), the
// hypersphere (p - c) and the hyperbox (outside: the rotation of max(|q| - b, 0) sign(q), q the
// body coordinates; inside: the nearest face's axis, the first of equal ones); central
// differences of its own SDF (T-Alg15, h) for the other shapes. The gradient of the scene SDF
// (fast_normal) up to O(h^2) except within about h of a box's edge or of a second object.
static void object_normal(const frame *f, int i, const double p[4], double n[4]) {
    const fobj *q = &f->fo[i];
    double g[4];
    if (q->kind == FK_APLANE || q->kind == FK_PLANE) {
        for (int k = 0; k < 4; k++) g[k] = q->n[k];
    } else if (q->kind == FK_SPHERE_ID || q->kind == FK_SPHERE) {
        for (int k = 0; k < 4; k++) g[k] = p[k] - q->c[k];
    } else if (q->kind == FK_BOX) {
        double e[4] = { p[0] - q->c[0], p[1] - q->c[1], p[2] - q->c[2], p[3] - q->c[3] };
        double b[4], w[4], m = -INFINITY;
        int am = 0;
        for (int j = 0; j < 4; j++) {
            const double *r = q->rt + 4 * j;
            b[j] = r[0] * e[0] + r[1] * e[1] + r[2] * e[2] + r[3] * e[3];
            double qq = fabs(b[j]) - q->ext[j];
            w[j] = qq;
            if (qq > m) m = qq, am = j;
        }
        for (int j = 0; j < 4; j++) {
            double s = b[j] > 0.0 ? 1.0 : b[j] < 0.0 ? -1.0 : 0.0;
            w[j] = (m > 0.0 ? fmax(w[j], 0.0) : j == am ? 1.0 : 0.0) * s;
        }
        for (int k = 0; k < 4; k++)
            g[k] =
                w[0] * q->rt[k] + w[1] * q->rt[4 + k] + w[2] * q->rt[8 + k] + w[3] * q->rt[12 + k];
    } else {
        const double h = AK_RT_NORMAL_H;
        for (int a = 0; a < 4; a++) {
            double x[4] = { p[0], p[1], p[2], p[3] };
            x[a] = p[a] + h;
            double dp = fobj_sdf(f, q, i, x);
            x[a] = p[a] - h;
            g[a] = (dp - fobj_sdf(f, q, i, x)) / (2.0 * h);
        }
    }
    double len2 = g[0] * g[0] + g[1] * g[1] + g[2] * g[2] + g[3] * g[3];
    double inv = len2 > 0 ? 1.0 / sqrt(len2) : 0.0;
    for (int a = 0; a < 4; a++) n[a] = g[a] * inv;
}

void ak_render_object_normal(const ak_render_scene *s, int i, const double p[4], double n[4]) {
    frame f;
    frame_init(s, &f);
    if (f.fo && i >= 0 && i < s->nobj)
        object_normal(&f, i, p, n);
    else
        ak_render_normal(s, p, n);
    frame_free(&f);
}

// ---- tight per-ray lists (issue 29, item 4): the shader's ray_list and marches, in double ----
// fast_ray_objects keeps every object that can beat the ground plane somewhere on the ray, so
// that the march takes the plain march's steps. The lists below keep less (as trace.comp does
// since issue 29): a primary ray keeps an object only over the chord [ta, tb] where the ray is
// inside its ball grown by the hit epsilon and 2.5 h (for the normal); a shadow ray only where
// the ball comes within t / K of the ray (elsewhere K d / t >= 1 >= res, so min(res, K d / t)
// is unchanged). Outside its chord the ray cannot meet the object, so the march steps over it,
// but never past the start of the next entry (the steps are clamped there). That changes where
// the marches sample (the hit within the epsilon, the penumbra's samples), not what they find:
// the images agree with ak_render_cpu_exact's (and the plain path's) within the golden rule
// (render.tracer.tight_vs_plain). Entries are sorted by ta; the first hyperplane is not an
// entry (it is evaluated at every step); other unbounded objects are entries over [0, T].
#define TL_MAX 32 // more entries: no tight list (the exact list of fast_ray_objects)

typedef struct tlist {
    int n;
    double T, grow; ///< the list holds for t in [0, T]; how much the balls were grown
    int i[TL_MAX];
    double a[TL_MAX], b[TL_MAX];
} tlist;

// g(t) = |o + t v - c| - r - cone t for u = t + b, w = o - c, b = w . v, h2 = |w|^2 - b^2.
static inline double tl_g(double t, double b, double h2, double r, double cone) {
    return sqrt((t + b) * (t + b) + h2) - r - cone * t;
}

// The list of the ray o + t v (v unit) for t in [0, T], T = tmax or where a downward ray is 1
// past the plane; cone 0 (primary ray) or 1 / K (shadow ray). False: no list (no hyperplane,
// the origin not above it, the ray along its normal, or more than TL_MAX entries).
static bool tight_list(const frame *f, const double o[4], const double v[4], double tmax,
                       double cone, tlist *L) {
    L->n = 0;
    L->T = L->grow = 0.0;
    if (f->plane < 0) return false;
    const fobj *P = &f->fo[f->plane];
    double d0 = fobj_sdf(f, P, f->plane, o), nl = dot4(v, P->n) / P->plen;
    if (!(d0 > 0.0) || !(nl > -1.0 + 1e-9) || !(nl < 1.0 - 1e-9)) return false;
    double T = tmax;
    if (nl < 0.0 && d0 / -nl + 1.0 < T) T = d0 / -nl + 1.0;
    double m = 1e-6 * (1.0 + T), wd = 1e-6 * (1.0 + T);
    double grow = cone > 0.0 ? 0.0 : AK_RT_HIT_EPS * (1.0 + T) + 2.5 * AK_RT_NORMAL_H;
    double c2 = 1.0 - cone * cone, cs = cone / sqrt(c2);
    int n = 0;
    for (int i = 0; i < f->s->nobj; i++) {
        if (i == f->plane) continue;
        const fobj *q = &f->fo[i];
        double ta = 0.0, tb = T;
        if (q->r < INFINITY) {
            // g convex: kept where g <= m; [ta, tb] from the roots of g = m, widened by wd and
            // checked (g > m at a point before the minimiser means g > m before that point)
            double r = q->r + grow;
            double w[4] = { o[0] - q->c[0], o[1] - q->c[1], o[2] - q->c[2], o[3] - q->c[3] };
            double b = dot4(w, v), h2 = fmax(dot4(w, w) - b * b, 0.0), h = sqrt(h2);
            double ts = fmin(fmax(-b + cs * h, 0.0), T); // g'(ts) = 0, clamped
            if (tl_g(ts, b, h2, r, cone) > m) continue;  // never near enough: dropped
            // roots of g = m: (1 - cone^2) u^2 - 2 A cone u + h2 - A^2 = 0, u = t + b
            double A = r + m - cone * b, disc = A * A - c2 * h2;
            if (disc > 0.0) {
                double sd = sqrt(disc);
                double t1 = (A * cone - sd) / c2 - b - wd, t2 = (A * cone + sd) / c2 - b + wd;
                if (t1 > 0.0 && t1 < ts && tl_g(t1, b, h2, r, cone) > m) ta = t1;
                if (t2 < T && t2 > ts && tl_g(t2, b, h2, r, cone) > m) tb = t2;
            }
        }
        if (n == TL_MAX) return false;
        int j = n; // insertion by ta, after the entries with an equal ta
        for (; j > 0 && L->a[j - 1] > ta; j--) {
            L->i[j] = L->i[j - 1];
            L->a[j] = L->a[j - 1];
            L->b[j] = L->b[j - 1];
        }
        L->i[j] = i;
        L->a[j] = ta;
        L->b[j] = tb;
        n++;
    }
    L->n = n;
    L->T = T;
    L->grow = grow;
    return true;
}

// The scene SDF at x = o + t v, t in [0, T]: the plane, then the entries that have started
// (ta <= t; *hi passes them) and not ended (tb >= t; *lo passes those in front that have).
// *lo and *hi only move forward: start both at 0 for any t. Ties go to the lower index.
static inline double tight_sdf(const frame *f, const tlist *L, const double x[4], double t, int *lo,
                               int *hi, int *obj) {
    while (*hi < L->n && L->a[*hi] <= t) (*hi)++;
    while (*lo < *hi && L->b[*lo] < t) (*lo)++;
    double best = fobj_sdf(f, &f->fo[f->plane], f->plane, x);
    int which = f->plane;
    for (int k = *lo; k < *hi; k++) {
        if (t > L->b[k]) continue;
        int i = L->i[k];
        double d = fobj_culled(f, i, x, best);
        if (d < best || (d == best && i < which)) { // T-E.union: min
            best = d;
            which = i;
        }
    }
    if (obj) *obj = which;
    return best;
}

// The scene SDF at o + t v: the list for t in [0, T], else every object.
static double tight_at(const frame *f, const tlist *L, const double o[4], const double v[4],
                       double t, int *obj) {
    double x[4];
    for (int k = 0; k < 4; k++) x[k] = o[k] + t * v[k];
    if (!(t >= 0.0 && t <= L->T)) return fast_sdf(f, f->all, f->s->nobj, x, obj);
    int lo = 0, hi = 0;
    return tight_sdf(f, L, x, t, &lo, &hi, obj);
}

// The march of fast_trace over a tight list: the steps clamped at the next entry's start,
// every object beyond T.
static bool tight_trace(const frame *f, const tlist *L, const double o[4], const double v[4],
                        double *t_out, int *obj) {
    double t = 0.0;
    bool hit = false, all = false;
    int which = -1, lo = 0, hi = 0;
    for (int i = 0; i < AK_RT_MAX_STEPS; i++) {
        double x[4], d;
        for (int k = 0; k < 4; k++) x[k] = o[k] + t * v[k];
        all = all || t > L->T;
        // The plane-only steps in closed form (trace.comp's): while no entry is active (lo ==
        // hi) and the next has not started, each step is the plane's distance alone; when the
        // plane's root comes before the next entry's start, T and the distance cap (no step is
        // then clamped, leaves the list or stops the march), ak_render_plane_steps gives the
        // step that hits and its t at once (docs/performance.md, issue 29 item 4, eighth round).
        if (!all && lo == hi) {
            const fobj *P = &f->fo[f->plane];
            double next = hi < L->n ? L->a[hi] : INFINITY;
            double dp = fobj_sdf(f, P, f->plane, x), nl = dot4(v, P->n) / P->plen, th;
            if (t < next && nl < 0.0 && dp > 0.0 && t + dp / -nl < next && t + dp / -nl <= L->T &&
                t + dp / -nl <= AK_RT_MAX_DIST) {
                int j = ak_render_plane_steps(t, dp, nl, &th);
                if (j < 0 || i + j + 1 > AK_RT_MAX_STEPS) break; // out of steps before the hit
                t = th;
                hit = true;
                which = f->plane;
                break;
            }
        }
        if (all)
            d = fast_sdf(f, f->all, f->s->nobj, x, &which);
        else
            d = tight_sdf(f, L, x, t, &lo, &hi, &which);
        if (d < AK_RT_HIT_EPS * (t > 1.0 ? t : 1.0)) {
            hit = true;
            break;
        }
        t += d;
        if (!all && hi < L->n && L->a[hi] < t) t = L->a[hi]; // not past the next entry's start
        if (t > AK_RT_MAX_DIST) break;
    }
    if (hit) {
        for (int k = 0; k < AK_RT_REFINE_STEPS; k++) { // fast_trace's refinement
            double h = AK_RT_NORMAL_H;
            double d = tight_at(f, L, o, v, t, NULL);
            double slope =
                (tight_at(f, L, o, v, t + h, NULL) - tight_at(f, L, o, v, t - h, NULL)) / (2.0 * h);
            if (slope > -AK_RT_REFINE_MIN_SLOPE) break;
            double tn = t - d / slope;
            if (tn < 0.0) break;
            t = tn;
        }
        tight_at(f, L, o, v, t, &which); // the object at the hit
    }
    *t_out = t;
    *obj = hit ? which : -1;
    return hit;
}

// fast_shadow_bound over a shadow ray's tight list: the plane (and other hyperplanes) as
// there; the entries from lo that have not ended (the dropped objects and the ended entries
// have K d / t' >= 1 >= res for every later t', so they cannot lower res).
static double tight_shadow_bound(const frame *f, const tlist *L, int lo, const double x[4],
                                 const double l[4], double t) {
    double B = 1.0;
    for (int k = lo - 1; k < L->n; k++) {
        int i = k < lo ? f->plane : L->i[k];
        if (k >= lo && t > L->b[k]) continue;
        double b;
        if (!object_shadow_bound(f, i, x, l, t, &b)) return -1.0;
        if (b < B) B = b;
    }
    return B - 1e-9;
}

// fast_shadow over a tight list (cone 1 / K) that holds for the whole march (else fast_shadow).
static double tight_shadow(const frame *f, const double p[4], const double l[4]) {
    tlist L;
    if (!tight_list(f, p, l, SHADOW_HORIZON, 1.0 / AK_RT_SHADOW_K, &L) || L.T < SHADOW_HORIZON)
        return fast_shadow(f, p, l);
    double res = 1.0, t = AK_RT_SHADOW_TMIN;
    int lo = 0, hi = 0;
    for (int i = 0; i < AK_RT_SHADOW_STEPS; i++) {
        double q[4];
        for (int k = 0; k < 4; k++) q[k] = p[k] + t * l[k];
        double d = tight_sdf(f, &L, q, t, &lo, &hi, NULL);
        double r = AK_RT_SHADOW_K * d / t;
        res = r < res ? r : res;
        if (res < 1e-3 || t > AK_RT_SHADOW_MAX_DIST) break;
        t += d < AK_RT_SHADOW_STEP_MIN   ? AK_RT_SHADOW_STEP_MIN
             : d > AK_RT_SHADOW_STEP_MAX ? AK_RT_SHADOW_STEP_MAX
                                         : d;
        if (hi < L.n && L.a[hi] < t) t = L.a[hi]; // not past the next entry's start
        for (int k = 0; k < 4; k++) q[k] = p[k] + t * l[k];
        if (AK_RT_SHADOW_K * tight_shadow_bound(f, &L, lo, q, l, t) >= res) break;
    }
    return fmin(fmax(res, 0.0), 1.0);
}

static void shade(const ak_render_scene *s, const frame *f, const double o[4], const double dir[4],
                  double rgb[3]) {
    double t;
    int obj, list[AK_RT_MAX_OBJECTS];
    bool hit;
    tlist L;
    if (f->fast && f->tight && tight_list(f, o, dir, AK_RT_MAX_DIST + 1.0, 0.0, &L)) {
        hit = tight_trace(f, &L, o, dir, &t, &obj);
    } else if (f->fast) {
        double T;
        int cnt = fast_ray_objects(f, o, dir, AK_RT_MAX_DIST + 1.0, list, &T);
        hit = cnt < 0 ? fast_trace(f, f->all, s->nobj, INFINITY, o, dir, &t, &obj)
                      : fast_trace(f, list, cnt, T, o, dir, &t, &obj);
    } else {
        hit = trace_list(s, f, NULL, 0, o, dir, &t, &obj, NULL);
    }
    if (!hit || obj < 0) {
        double up = fmax(dir[1], 0.0);
        for (int c = 0; c < 3; c++) rgb[c] = s->sky[c] * (1.0 - 0.35 * up);
        return;
    }
    const ak_render_object *ob = &s->obj[obj];
    double p[4], n[4];
    for (int k = 0; k < 4; k++) p[k] = o[k] + t * dir[k];
    if (f->fast && f->tight)
        object_normal(f, obj, p, n); // the hit object's gradient alone (trace.comp's normal_obj)
    else if (f->fast)
        fast_normal(f, p, n);
    else
        normal_at(s, f, p, n);
    double albedo[3] = { ob->color[0], ob->color[1], ob->color[2] };
    if (s->grid && ob->shape.type == AK_SHAPE_HYPERPLANE) grid_tint(f->ana, ob, p, t, albedo);
    double lin[3] = { s->ambient[0], s->ambient[1], s->ambient[2] };
    double lift = 4.0 * AK_RT_HIT_EPS * fmax(t, 1.0);
    double ps[4];
    for (int k = 0; k < 4; k++) ps[k] = p[k] + lift * n[k];
    for (int li = 0; li < s->nlight; li++) {
        double l[4];
        double ll = sqrt(dot4(s->light[li].dir, s->light[li].dir));
        for (int k = 0; k < 4; k++) l[k] = s->light[li].dir[k] / ll;
        double ndl = fmax(dot4(n, l), 0.0); // T-6.1 corrected: clamped at zero
        if (ndl <= 0.0) continue;
        double sh = !s->shadows ? 1.0
                    : f->fast   ? (f->tight ? tight_shadow(f, ps, l) : fast_shadow(f, ps, l))
                                : soft_shadow(s, f, ps, l);
        for (int c = 0; c < 3; c++) lin[c] += s->light[li].color[c] * ndl * sh;
    }
    for (int c = 0; c < 3; c++) rgb[c] = albedo[c] * lin[c];
}

void ak_render_shade(const ak_render_scene *s, const double o[4], const double dir[4],
                     double rgb[3]) {
    frame f;
    frame_init(s, &f);
    shade(s, &f, o, dir, rgb);
    frame_free(&f);
}

static unsigned char encode_pow(double c) {
    return (unsigned char)floor(pow(c, 1.0 / AK_RT_GAMMA) * 255.0 + 0.5);
}

// The encoding is a step function of c: enc_step[v] is the smallest double in [0, 1] that
// encodes to at least v (found once by bisection on the ordered bit patterns of doubles), so
// that encoding is a binary search instead of a pow per channel, with the same result.
static double enc_step[256];
static pthread_once_t enc_once = PTHREAD_ONCE_INIT;

static void enc_init(void) {
    enc_step[0] = 0.0;
    for (int v = 1; v < 256; v++) {
        uint64_t lo, hi; // encode(lo) < v <= encode(hi)
        double one = 1.0, zero = 0.0;
        memcpy(&lo, &zero, 8);
        memcpy(&hi, &one, 8);
        while (hi - lo > 1) {
            uint64_t mid = lo + (hi - lo) / 2;
            double c;
            memcpy(&c, &mid, 8);
            if (encode_pow(c) >= v)
                hi = mid;
            else
                lo = mid;
        }
        memcpy(&enc_step[v], &hi, 8);
    }
}

unsigned char ak_render_encode(double linear) {
    double c = fmin(fmax(linear, 0.0), 1.0);
    pthread_once(&enc_once, enc_init);
    int lo = 0, hi = 255; // largest v with enc_step[v] <= c
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (enc_step[mid] <= c)
            lo = mid;
        else
            hi = mid - 1;
    }
    return (unsigned char)lo;
}

static void render(const ak_render_scene *s, ak_render_image *img, bool fast, bool tight) {
    int w = img->width, h = img->height;
    frame f;
    if (fast) {
        frame_init(s, &f); // f.fast is false when out of memory: the plain paths
        f.tight = tight;
    } else
        frame_camera(s, &f), f.fast = false;
#pragma omp parallel for schedule(dynamic, 1)
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            double o[4], d[4], rgb[3];
            if (f.fast)
                camera_ray(&f, w, h, x, y, o, d);
            else
                ak_render_camera_ray(s, w, h, x, y, o, d); // the frame again for every pixel
            shade(s, &f, o, d, rgb);
            unsigned char *px = img->rgb + 3 * ((size_t)y * w + x);
            for (int c = 0; c < 3; c++)
                px[c] = fast ? ak_render_encode(rgb[c]) : encode_pow(fmin(fmax(rgb[c], 0.0), 1.0));
        }
    frame_free(&f);
}

void ak_render_cpu(const ak_render_scene *s, ak_render_image *img) { render(s, img, true, true); }

void ak_render_cpu_exact(const ak_render_scene *s, ak_render_image *img) {
    render(s, img, true, false);
}

void ak_render_cpu_plain(const ak_render_scene *s, ak_render_image *img) {
    render(s, img, false, false);
}

bool ak_render_image_compare(ak_render_diff *out, const ak_render_image *a,
                             const ak_render_image *b, int threshold, ak_render_image *diff_img) {
    memset(out, 0, sizeof *out);
    if (a->width != b->width || a->height != b->height) return false;
    long n = (long)a->width * a->height, over = 0;
    double sum = 0;
    for (long i = 0; i < n; i++) {
        int m = 0;
        for (int c = 0; c < 3; c++) {
            int d = abs((int)a->rgb[3 * i + c] - (int)b->rgb[3 * i + c]);
            sum += d;
            if (d > m) m = d;
        }
        if (m > out->max_abs) out->max_abs = m;
        if (m > threshold) over++;
        if (diff_img && diff_img->rgb) {
            unsigned char *px = diff_img->rgb + 3 * i;
            int g = (a->rgb[3 * i] + a->rgb[3 * i + 1] + a->rgb[3 * i + 2]) / 6;
            if (m > threshold)
                px[0] = 255, px[1] = 0, px[2] = 0;
            else if (m > 0)
                px[0] = 255, px[1] = 200, px[2] = (unsigned char)g;
            else
                px[0] = px[1] = px[2] = (unsigned char)g;
        }
    }
    out->npixels = n;
    out->frac_over = (double)over / n;
    out->mean_abs = sum / (3.0 * n);
    return true;
}
