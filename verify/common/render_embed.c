// A scene of any dimension as the 4D renderer draws it (see render_embed.h).
#include "verify/common/render_embed.h"

ak_pose ak_embed_pose4(const ak_model *m, const ak_data *d, int b) {
    ak_pose p4 = ak_pose_identity(4);
    if (m->bodies[b].shape.type == AK_SHAPE_HYPERPLANE) return p4;
    const int dim = m->dim;
    ak_pose p = ak_body_pose(m, d, b);
    for (int i = 0; i < dim; i++) {
        p4.pos[i] = p.pos[i];
        for (int j = 0; j < dim; j++) p4.rot[i * 4 + j] = p.rot[i * dim + j];
    }
    return p4;
}

int ak_embed_shape4(int dim, ak_shape *sh, double (*buf)[4], int cap, int *used) {
    if (dim == 2) {
        if (sh->type == AK_SHAPE_HYPERSPHERE) {
            double r = sh->radius;
            sh->type = AK_SHAPE_DUOCYLINDER;
            sh->radii[0] = r;
            sh->radii[1] = AK_EMBED_2D_HALF;
        } else if (sh->type == AK_SHAPE_HYPERBOX) {
            sh->half_extents[2] = AK_EMBED_2D_HALF;
            sh->half_extents[3] = AK_EMBED_W;
        } else if (sh->type == AK_SHAPE_HYPERPLANE) {
            sh->normal[2] = sh->normal[3] = 0.0;
        } else if (sh->type == AK_SHAPE_CONVEX) {
            if (*used + 4 * sh->nverts > cap) return -2;
            double(*q)[4] = buf + *used;
            for (int v = 0; v < sh->nverts; v++)
                for (int side = 0; side < 4; side++) {
                    double *o = q[4 * v + side];
                    o[0] = sh->verts[v * 2], o[1] = sh->verts[v * 2 + 1];
                    o[2] = side & 1 ? AK_EMBED_2D_HALF : -AK_EMBED_2D_HALF;
                    o[3] = side & 2 ? AK_EMBED_W : -AK_EMBED_W;
                }
            sh->verts = &q[0][0];
            sh->nverts *= 4;
            *used += sh->nverts;
        } else {
            return -1;
        }
    } else if (dim == 3) {
        if (sh->type == AK_SHAPE_HYPERBOX) sh->half_extents[3] = AK_EMBED_W;
        if (sh->type == AK_SHAPE_HYPERPLANE) sh->normal[3] = 0.0;
        if (sh->type == AK_SHAPE_CONVEX) {
            if (*used + 2 * sh->nverts > cap) return -2;
            double(*q)[4] = buf + *used;
            for (int v = 0; v < sh->nverts; v++)
                for (int side = 0; side < 2; side++) {
                    double *o = q[2 * v + side];
                    for (int i = 0; i < 3; i++) o[i] = sh->verts[v * 3 + i];
                    o[3] = side ? AK_EMBED_W : -AK_EMBED_W;
                }
            sh->verts = &q[0][0];
            sh->nverts *= 2;
            *used += sh->nverts;
        }
    }
    sh->dim = 4;
    return 0;
}

void ak_embed_lights(ak_render_scene *rs, const ak_model *m) {
    const ak_view *v = &m->view;
    if (v->nlight <= 0) return;
    rs->nlight = v->nlight;
    for (int l = 0; l < v->nlight; l++) {
        for (int i = 0; i < 4; i++) rs->light[l].dir[i] = i < m->dim ? v->light_dir[l][i] : 0.0;
        if (m->dim == 2) rs->light[l].dir[2] = 1.0; // light the slabs' faces towards the camera
        for (int c = 0; c < 3; c++)
            rs->light[l].color[c] = v->light_intensity[l] * (c == 0 ? 0.95 : c == 1 ? 0.92 : 0.85);
    }
}
