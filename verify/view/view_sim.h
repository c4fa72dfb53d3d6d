/// @file view_sim.h
/// The simulation behind `anakata view`: one loaded scene, its state, a kept history for
/// stepping back, a drag spring, and the JSON the page reads (state, explain, render pack).
/// No HTTP here (view_server.c), so that the unit tests can drive it directly.
#ifndef AK_VIEW_SIM_H
#define AK_VIEW_SIM_H

#include <stdbool.h>
#include <stddef.h>

typedef struct ak_view_sim ak_view_sim;

/// Load a scene file. docs_dir (for the formula verdicts) may be NULL. NULL with err on failure
/// (the file, the field and what was expected, from the scene loader; 2D..4D only).
ak_view_sim *ak_view_sim_open(const char *path, const char *docs_dir, char *err, size_t errlen);
void ak_view_sim_free(ak_view_sim *s);

/// Replay a trace (docs/trace-format.md) instead of simulating: the scene (its shapes) is
/// scene_path, or else the trace's "scene" entry as a path, under source_root, or as
/// source_root/scenes/<its file name>. Bodies are matched by name; bodies the trace does not
/// list stay as the scene puts them. When source_root/verify/reference/<scene>.csv exists, the
/// reference's bodies are drawn as pale ghosts at the nearest reference time. Stepping moves
/// through the trace's recorded steps; there is no history, contact or drag in a replay.
ak_view_sim *ak_view_sim_open_trace(const char *trace_path, const char *scene_path,
                                    const char *source_root, const char *docs_dir, char *err,
                                    size_t errlen);

/// Step n times (history kept). 0, or -1 with err (a world step failed; the state stays at the
/// last good step).
int ak_view_sim_step(ak_view_sim *s, long n, char *err, size_t errlen);
/// Step back up to n steps from the kept history; returns the steps taken back.
long ak_view_sim_back(ak_view_sim *s, long n);
/// Back to the scene's initial state (history cleared).
void ak_view_sim_reset(ak_view_sim *s);
/// Go to the step nearest time t: back through the history, or forward by stepping. 0 or -1.
int ak_view_sim_set_time(ak_view_sim *s, double t, char *err, size_t errlen);
/// Drag: a spring pulling body b's centroid towards the world point target (acceleration
/// k (target - x) - c v, k = AK_VIEW_DRAG_K, c = AK_VIEW_DRAG_C) on the following steps;
/// b < 0 releases. Returns false for a fixed body or a bad index.
bool ak_view_sim_drag(ak_view_sim *s, int b, const double target[4]);

#define AK_VIEW_DRAG_K 60.0 ///< 1/s^2
#define AK_VIEW_DRAG_C 10.0 ///< 1/s (about critical damping for k = 60: 2 sqrt(k) = 15.5)

double ak_view_sim_time(const ak_view_sim *s);
double ak_view_sim_dt(const ak_view_sim *s);
long ak_view_sim_steps(const ak_view_sim *s);
int ak_view_sim_dim(const ak_view_sim *s);
int ak_view_sim_nbody(const ak_view_sim *s);
const char *ak_view_sim_path(const ak_view_sim *s);

/// JSON texts (malloc'd, caller frees; NULL on allocation failure):
/// the scene (title, dim, bodies with names and shapes, dt, camera, lights, render pack),
char *ak_view_sim_scene_json(const ak_view_sim *s);
/// the state (step, t, energy, momentum, every body's x, v, rotor, world and body-frame omega,
/// kinetic energy; the render objects' poses),
char *ak_view_sim_state_json(const ak_view_sim *s);
/// one body's state: {"index", "name", "shape", "fixed", "mass", "x", "v", "rotor", "omega",
/// "omega_body", "kinetic"}; NULL for a bad index,
char *ak_view_sim_body_json(const ak_view_sim *s, int b);
/// the explain record of the last step (contacts, narrowphase method per pair, impulses,
/// energy, momentum, formula IDs per stage with their docs entry and verdict),
char *ak_view_sim_explain_json(const ak_view_sim *s);
/// the body under a ray (origin, unit direction, 4D world), by the CPU tracer on the current
/// state: {"body": index or -1, "t": ..., "point": [...]},
char *ak_view_sim_pick_json(const ak_view_sim *s, const double o[4], const double dir[4]);
/// sample points about every object with the C scene SDF there (render/tracer.c over ref/sdf),
/// for the WebGL SDF check: {"points": [[x,y,z,w]...], "dist": [...], "objects": pack}.
char *ak_view_sim_sdf_probe_json(const ak_view_sim *s, int npoints);

/// The current state drawn by the CPU reference tracer (render/tracer.c, double) through a
/// camera given by its frame (as the page's: origin, right, up, back, ana; vertical fov in
/// degrees), the same rays as ak_render_camera_ray: {"width":..,"height":..,"rgb": base64 of
/// width x height x 3 bytes, rows top down}. For the check of the WebGL view against it.
/// NULL for sizes outside 1..AK_VIEW_CPU_MAX_PIXELS.
char *ak_view_sim_render_cpu_json(const ak_view_sim *s, const double origin[4],
                                  const double right[4], const double up[4], const double back[4],
                                  const double ana[4], double fov_deg, int width, int height);
#define AK_VIEW_CPU_MAX_PIXELS (320 * 240)

#endif
