/// @file render_embed.h
/// A scene of any dimension as the 4D renderer draws it (render/ knows 4D shapes and poses only):
/// 3D bodies become 4D bodies that reach far along w (boxes and convex prisms), so that the
/// slice w = 0 is the 3D scene; 2D bodies become thin slabs about z = 0. Shared by `anakata
/// render` and `anakata view`.
#ifndef AK_VERIFY_RENDER_EMBED_H
#define AK_VERIFY_RENDER_EMBED_H

#include "engine/model.h"
#include "render/tracer.h" // render/: ak_render_scene (its scene.h, beside it)

#define AK_EMBED_W 1000.0    ///< 3D scenes: boxes and convex prisms reach this far along w
#define AK_EMBED_2D_HALF 0.1 ///< 2D scenes: bodies become slabs |z| <= this (z = 0 is the 2D scene)

/// Body b's pose in 4D (identity for a hyperplane, whose shape carries its placement).
ak_pose ak_embed_pose4(const ak_model *m, const ak_data *d, int b);

/// Embed *sh (of dimension dim) in 4D in place. Convex vertices of a 2D or 3D shape are written
/// to buf[*used ...] (cap vectors in all) and *used advances. Returns 0, -1 for a 2D shape type
/// that is not drawn (capsules, duocylinders), or -2 when buf has no room.
int ak_embed_shape4(int dim, ak_shape *sh, double (*buf)[4], int cap, int *used);

/// The scene's lights (model view), in 4D.
void ak_embed_lights(ak_render_scene *rs, const ak_model *m);

#endif
