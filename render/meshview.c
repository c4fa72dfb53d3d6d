// The slicing display (B-8slice) drawn through the same camera as the sphere tracer: every
// object's tetrahedral boundary mesh is cut by the camera's 3D slice, and the triangles are
// rasterised with a z-buffer over the traced ground and sky (flat Lambert shading, no shadows).
// Comparing it with the traced image shows both displays agree on the same slice.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ref/geom/mesh.h"
#include "render/tracer.h"

static double dot4(const double a[4], const double b[4]) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
}

int ak_render_object_slice(const ak_render_scene *s, int i, int k, double **tris_out,
                           double basis[12], double foot[4]) {
    const ak_render_object *ob = &s->obj[i];
    *tris_out = NULL;
    if (ob->shape.type == AK_SHAPE_HYPERPLANE) return 0;
    double right[4], up[4], back[4], ana[4];
    ak_render_camera_frame(&s->cam, right, up, back, ana);
    const double *cv = s->verts + 4 * ob->vert_first;
    // the hull's tetrahedra are computed from the vertices by brute force: not for the 120-cell
    if (ob->shape.type == AK_SHAPE_CONVEX && ob->shape.nverts > AK_RENDER_HULL_MAX_VERTS) return -1;
    int nt = ob->shape.type == AK_SHAPE_CONVEX
                 ? ak_mesh_hull_tets4(NULL, 0, cv, ob->shape.nverts, 1e-9)
                 : ak_mesh_radial4(NULL, 0, &ob->shape, k);
    if (nt <= 0) return nt;
    double *tets = malloc(sizeof(double) * 16 * (size_t)nt);
    if (!tets) return -1;
    if (ob->shape.type == AK_SHAPE_CONVEX)
        ak_mesh_hull_tets4(tets, nt, cv, ob->shape.nverts, 1e-9);
    else
        ak_mesh_radial4(tets, nt, &ob->shape, k);
    for (int q = 0; q < 4 * nt; q++) { // body to world
        double p[4], w[4];
        memcpy(p, tets + 4 * q, sizeof p);
        for (int r = 0; r < 4; r++) {
            w[r] = ob->pose.pos[r];
            for (int c = 0; c < 4; c++) w[r] += ob->pose.rot[r * 4 + c] * p[c];
        }
        memcpy(tets + 4 * q, w, sizeof w);
    }
    double c = 0;
    for (int r = 0; r < 4; r++) c += ana[r] * (s->cam.pos[r] + s->cam.slice * ana[r]);
    int ntri = ak_mesh_slice(NULL, 0, NULL, tets, nt, ana, c);
    double *tris = malloc(sizeof(double) * 9 * (size_t)(ntri > 0 ? ntri : 1));
    if (!tris) {
        free(tets);
        return -1;
    }
    ak_mesh_slice(tris, ntri, basis, tets, nt, ana, c);
    free(tets);
    double mm = dot4(ana, ana);
    for (int r = 0; r < 4; r++) foot[r] = c * ana[r] / mm;
    *tris_out = tris;
    return ntri;
}

bool ak_render_mesh_view(const ak_render_scene *s, ak_render_image *img, int k, int *ids) {
    const int W = img->width, H = img->height;
    double right[4], up[4], back[4], ana[4];
    ak_render_camera_frame(&s->cam, right, up, back, ana);
    double org[4];
    for (int r = 0; r < 4; r++) org[r] = s->cam.pos[r] + s->cam.slice * ana[r];
    double th = tan(0.5 * s->cam.fov_deg * M_PI / 180.0), aspect = (double)W / H;
    double *zbuf = malloc(sizeof(double) * (size_t)W * H);
    ak_render_scene *bg = malloc(sizeof *bg);
    if (!zbuf || !bg) {
        free(zbuf);
        free(bg);
        return false;
    }
    // Background: the scene's hyperplanes only, traced without shadows; depth = camera z.
    *bg = *s;
    bg->nobj = 0;
    bg->shadows = false;
    for (int i = 0; i < s->nobj; i++)
        if (s->obj[i].shape.type == AK_SHAPE_HYPERPLANE) bg->obj[bg->nobj++] = s->obj[i];
#pragma omp parallel for schedule(dynamic, 4)
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            double o[4], d[4], rgb[3], t;
            int obj;
            ak_render_camera_ray(bg, W, H, x, y, o, d);
            ak_render_shade(bg, o, d, rgb);
            double z = INFINITY;
            if (ak_render_trace(bg, o, d, &t, &obj, NULL)) z = -t * dot4(d, back);
            zbuf[(size_t)y * W + x] = z;
            if (ids) ids[(size_t)y * W + x] = -1;
            for (int c = 0; c < 3; c++)
                img->rgb[3 * ((size_t)y * W + x) + c] = ak_render_encode(rgb[c]);
        }
    free(bg);
    for (int i = 0; i < s->nobj; i++) {
        double *tris, basis[12], foot[4];
        int ntri = ak_render_object_slice(s, i, k, &tris, basis, foot);
        if (ntri <= 0) {
            free(tris);
            continue;
        }
        const ak_render_object *ob = &s->obj[i];
        for (int t = 0; t < ntri; t++) {
            double sx[3], sy[3], iz[3], n4[4] = { 0, 0, 0, 0 };
            int ok = 1;
            const double *T = tris + 9 * t;
            double e1[3], e2[3], n3[3];
            for (int q = 0; q < 3; q++) e1[q] = T[3 + q] - T[q], e2[q] = T[6 + q] - T[q];
            n3[0] = e1[1] * e2[2] - e1[2] * e2[1];
            n3[1] = e1[2] * e2[0] - e1[0] * e2[2];
            n3[2] = e1[0] * e2[1] - e1[1] * e2[0];
            for (int r = 0; r < 4; r++)
                n4[r] = n3[0] * basis[r] + n3[1] * basis[4 + r] + n3[2] * basis[8 + r];
            double nl = sqrt(dot4(n4, n4));
            if (!(nl > 0)) continue;
            for (int r = 0; r < 4; r++) n4[r] /= nl;
            for (int v = 0; v < 3; v++) {
                double x4[4], rel[4];
                for (int r = 0; r < 4; r++) {
                    x4[r] = foot[r] + T[3 * v] * basis[r] + T[3 * v + 1] * basis[4 + r] +
                            T[3 * v + 2] * basis[8 + r];
                    rel[r] = x4[r] - org[r];
                }
                double zc = -dot4(rel, back);
                if (zc < 1e-2) ok = 0;
                sx[v] = (dot4(rel, right) / zc / (th * aspect) + 1.0) * 0.5 * W - 0.5;
                sy[v] = (1.0 - dot4(rel, up) / zc / th) * 0.5 * H - 0.5;
                iz[v] = 1.0 / zc;
            }
            if (!ok) continue;
            // Flat Lambert shading (T-6.1, clamped), no shadows.
            double lin[3] = { s->ambient[0], s->ambient[1], s->ambient[2] };
            for (int li = 0; li < s->nlight; li++) {
                double l[4], ll = sqrt(dot4(s->light[li].dir, s->light[li].dir));
                for (int r = 0; r < 4; r++) l[r] = s->light[li].dir[r] / ll;
                double ndl = fmax(dot4(n4, l), 0.0);
                for (int c = 0; c < 3; c++) lin[c] += s->light[li].color[c] * ndl;
            }
            unsigned char px[3];
            for (int c = 0; c < 3; c++) px[c] = ak_render_encode(ob->color[c] * lin[c]);
            double area = (sx[1] - sx[0]) * (sy[2] - sy[0]) - (sx[2] - sx[0]) * (sy[1] - sy[0]);
            if (fabs(area) < 1e-12) continue;
            int x0 = (int)fmax(0, floor(fmin(sx[0], fmin(sx[1], sx[2])))),
                x1 = (int)fmin(W - 1, ceil(fmax(sx[0], fmax(sx[1], sx[2]))));
            int y0 = (int)fmax(0, floor(fmin(sy[0], fmin(sy[1], sy[2])))),
                y1 = (int)fmin(H - 1, ceil(fmax(sy[0], fmax(sy[1], sy[2]))));
            for (int y = y0; y <= y1; y++)
                for (int x = x0; x <= x1; x++) {
                    double w0 = ((sx[1] - x) * (sy[2] - y) - (sx[2] - x) * (sy[1] - y)) / area;
                    double w1 = ((sx[2] - x) * (sy[0] - y) - (sx[0] - x) * (sy[2] - y)) / area;
                    double w2 = 1.0 - w0 - w1;
                    if (w0 < 0 || w1 < 0 || w2 < 0) continue;
                    double z = 1.0 / (w0 * iz[0] + w1 * iz[1] + w2 * iz[2]);
                    size_t idx = (size_t)y * W + x;
                    if (z >= zbuf[idx]) continue;
                    zbuf[idx] = z;
                    if (ids) ids[idx] = i;
                    memcpy(img->rgb + 3 * idx, px, 3);
                }
        }
        free(tris);
    }
    free(zbuf);
    return true;
}
