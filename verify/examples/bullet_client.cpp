// A client for a real foreign 3D engine, Bullet (3.24, Debian libbullet-dev, double precision:
// pkg-config bullet-float64), written the way docs/compare.md tells a user to: it reads an
// anakata 3D scene (boxes, spheres, capsules, planes; scene3d.h), runs it in a
// btDiscreteDynamicsWorld and writes an anakata-trace/1 file with quaternion and world-frame
// axis-vector columns (qw,qx,qy,qz and wx,wy,wz) and a contacts column. It shares no code with
// anakata: cJSON reads the scene, Bullet does the physics.
//
//   bullet_client SCENE.json -o TRACE.csv [--duration T] [--dt H] [--no-gyroscopic]
//                 [--product] [--margin M] [--no-split-impulse]
//
// The settings that match anakata's scenes (docs/compare.md, "Bullet"):
// - materials combine as anakata's do: restitution by the maximum, friction by the geometric mean
//   (gCalculateCombinedRestitutionCallback / gCalculateCombinedFrictionCallback; Bullet's default
//   is the product of both, which gives e = 0.25 for two bodies of 0.5: --product keeps it);
// - restitution threshold: the scene's solver.restitution_threshold (Bullet's
//   m_restitutionVelocityThreshold, default 0.2 m/s), 0 for "method": "pga";
// - the scene's solver.iterations (m_numIterations) and baumgarte (m_erp2);
// - one step of exactly the scene's timestep per stepSimulation (maxSubSteps 0: no interpolation);
// - bodies never deactivate (DISABLE_DEACTIVATION) and have no damping;
// - masses and inertias from the scene (a box's, a sphere's and a capsule's exact principal
//   moments; Bullet's own capsule inertia is a box's approximation);
// - the gyroscopic term: Bullet's implicit body-frame integration
//   (BT_ENABLE_GYROSCOPIC_FORCE_IMPLICIT_BODY, one Newton step: first order); --no-gyroscopic
//   drops it.
// What is Bullet's by design: rigid contacts with split-impulse position correction, and
// speculative contact points (the collision margin, 0.04 m for convex shapes, plus the contact
// breaking threshold) whose velocity target is -separation/h: a body that approaches within a
// step is stopped at the surface, which absorbs part of the restitution; the friction pyramid.
// The contacts column counts the points of the body's persistent manifolds after the step
// (speculative points, at a positive distance, included).
#include <btBulletDynamicsCommon.h>

#include <BulletCollision/CollisionDispatch/btManifoldResult.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "scene3d.h"

static const char *prog = "bullet_client";

static btScalar combine_restitution_max(const btCollisionObject *a, const btCollisionObject *b) {
    return btMax(a->getRestitution(), b->getRestitution());
}

static btScalar combine_friction_geomean(const btCollisionObject *a, const btCollisionObject *b) {
    return btSqrt(a->getFriction() * b->getFriction());
}

static void usage() {
    std::fprintf(
        stderr,
        "usage: bullet_client SCENE.json -o TRACE.csv [--duration T] [--dt H] [--no-gyroscopic] "
        "[--product] [--margin M] [--no-split-impulse]\n");
    std::exit(2);
}

static double number_arg(const char *opt, const char *s) {
    char *end;
    double v = std::strtod(s, &end);
    if (end == s || *end || !std::isfinite(v))
        s3_die(prog, "%s: expected a number, got '%s'", opt, s);
    return v;
}

int main(int argc, char **argv) {
    const char *scene_path = nullptr, *out = nullptr;
    double duration = -1, dt = -1, margin = -1;
    bool gyro = true, product = false, split = true;
    for (int i = 1; i < argc; i++) {
        if (!std::strcmp(argv[i], "-o") && i + 1 < argc)
            out = argv[++i];
        else if (!std::strcmp(argv[i], "--duration") && i + 1 < argc)
            duration = number_arg("--duration", argv[++i]);
        else if (!std::strcmp(argv[i], "--dt") && i + 1 < argc)
            dt = number_arg("--dt", argv[++i]);
        else if (!std::strcmp(argv[i], "--margin") && i + 1 < argc)
            margin = number_arg("--margin", argv[++i]);
        else if (!std::strcmp(argv[i], "--no-gyroscopic"))
            gyro = false;
        else if (!std::strcmp(argv[i], "--product"))
            product = true;
        else if (!std::strcmp(argv[i], "--no-split-impulse"))
            split = false;
        else if (argv[i][0] != '-' && !scene_path)
            scene_path = argv[i];
        else
            usage();
    }
    if (!scene_path || !out) usage();
    s3_scene sc;
    s3_load(prog, scene_path, &sc);
    if (dt <= 0) dt = sc.timestep;
    if (duration < 0) duration = sc.duration;

    if (!product) {
        gCalculateCombinedRestitutionCallback = combine_restitution_max;
        gCalculateCombinedFrictionCallback = combine_friction_geomean;
    }
    btDefaultCollisionConfiguration config;
    btCollisionDispatcher dispatcher(&config);
    btDbvtBroadphase broadphase;
    btSequentialImpulseConstraintSolver solver;
    btDiscreteDynamicsWorld world(&dispatcher, &broadphase, &solver, &config);
    world.setGravity(btVector3(sc.gravity[0], sc.gravity[1], sc.gravity[2]));
    btContactSolverInfo &info = world.getSolverInfo();
    info.m_numIterations = sc.iterations;
    info.m_restitutionVelocityThreshold = sc.restitution_threshold;
    info.m_erp2 = sc.baumgarte;
    info.m_splitImpulse = split;

    std::vector<btCollisionShape *> shapes;
    std::vector<btRigidBody *> rbs(sc.nbody, nullptr);
    for (int i = 0; i < sc.nbody; i++) {
        s3_body *b = &sc.bodies[i];
        btCollisionShape *shape;
        if (b->type == S3_PLANE)
            shape = new btStaticPlaneShape(btVector3(b->normal[0], b->normal[1], b->normal[2]),
                                           b->offset);
        else if (b->type == S3_BOX)
            shape = new btBoxShape(btVector3(b->half[0], b->half[1], b->half[2]));
        else if (b->type == S3_SPHERE)
            shape = new btSphereShape(b->radius);
        else
            shape = new btCapsuleShape(b->radius,
                                       2 * b->half_length); // along the local y axis, as anakata's
        if (margin >= 0 && b->type != S3_PLANE) shape->setMargin(margin);
        shapes.push_back(shape);
        btTransform tr;
        tr.setIdentity();
        tr.setOrigin(btVector3(b->x[0], b->x[1], b->x[2]));
        tr.setRotation(
            btQuaternion(b->q[1], b->q[2], b->q[3], b->q[0])); // Bullet's order is (x, y, z, w)
        double mass = b->fixed ? 0 : b->mass;
        btVector3 inertia(0, 0, 0);
        if (!b->fixed) inertia = btVector3(b->inertia[0], b->inertia[1], b->inertia[2]);
        btRigidBody::btRigidBodyConstructionInfo ci(mass, nullptr, shape, inertia);
        ci.m_startWorldTransform = tr;
        ci.m_friction = b->friction;
        ci.m_restitution = b->restitution;
        ci.m_linearDamping = 0;
        ci.m_angularDamping = 0;
        btRigidBody *rb = new btRigidBody(ci);
        rb->setUserIndex(i);
        if (!b->fixed) {
            rb->setLinearVelocity(btVector3(b->v[0], b->v[1], b->v[2]));
            rb->setAngularVelocity(btVector3(b->w[0], b->w[1], b->w[2])); // world frame
            rb->setActivationState(DISABLE_DEACTIVATION);
            rb->setFlags(gyro ? BT_ENABLE_GYROSCOPIC_FORCE_IMPLICIT_BODY : 0);
        }
        world.addRigidBody(rb);
        rbs[i] = rb;
    }

    FILE *f = std::fopen(out, "w");
    if (!f) s3_die(prog, "%s: cannot write the trace", out);
    std::fprintf(
        f,
        "# format: anakata-trace/1\n# scene: %s\n# dim: 3\n# timestep: %.17g\n"
        "# integrator: bullet-3.24-btDiscreteDynamicsWorld%s%s\n# version: bullet_client 1\n",
        scene_path, dt, gyro ? "" : "-no-gyroscopic", product ? "-product" : "");
    std::fprintf(f, "step,t,body,x0,x1,x2,v0,v1,v2,qw,qx,qy,qz,wx,wy,wz,contacts\n");
    std::vector<int> contacts(sc.nbody, 0);
    long total = 0;
    auto write_rows = [&](long step, double t) {
        for (int i = 0; i < sc.nbody; i++) {
            if (sc.bodies[i].fixed) continue;
            const btRigidBody *rb = rbs[i];
            const btTransform &tr = rb->getCenterOfMassTransform();
            btVector3 x = tr.getOrigin(), v = rb->getLinearVelocity(), w = rb->getAngularVelocity();
            btQuaternion q = tr.getRotation();
            std::fprintf(f,
                         "%ld,%.17g,%s,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,"
                         "%.17g,%.17g,"
                         "%.17g,%d\n",
                         step, t, sc.bodies[i].name, x.x(), x.y(), x.z(), v.x(), v.y(), v.z(),
                         q.w(), q.x(), q.y(), q.z(), w.x(), w.y(), w.z(), contacts[i]);
        }
    };
    write_rows(0, 0);
    long steps = std::lround(duration / dt);
    for (long s = 1; s <= steps; s++) {
        world.stepSimulation(dt, 0); // one step of exactly dt
        std::fill(contacts.begin(), contacts.end(), 0);
        for (int m = 0; m < dispatcher.getNumManifolds(); m++) {
            btPersistentManifold *pm = dispatcher.getManifoldByIndexInternal(m);
            int n = pm->getNumContacts();
            contacts[pm->getBody0()->getUserIndex()] += n;
            contacts[pm->getBody1()->getUserIndex()] += n;
            total += n;
        }
        write_rows(s, s * dt);
    }
    if (std::fclose(f) != 0) s3_die(prog, "%s: cannot write the trace", out);
    std::fprintf(stderr, "bullet_client: %s: %ld steps of %g s, %ld contact points in all -> %s\n",
                 scene_path, steps, dt, total, out);
    for (int i = sc.nbody - 1; i >= 0; i--) {
        world.removeRigidBody(rbs[i]);
        delete rbs[i];
    }
    for (btCollisionShape *s : shapes) delete s;
    free(sc.bodies);
    return 0;
}
