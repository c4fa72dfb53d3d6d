/// @file hodges_mc_published.h
/// Hodges, "Game Physics: The Next Week", ch. 14 (G-14), transcribed as printed: the Random class
/// (a static std::mt19937 seeded with 0 and std::uniform_real_distribution<float>(0.0f, 1.0f)),
/// Pi_MonteCarlo, CalculateCenterOfMassMonteCarlo and CalculateInertiaTensorMonteCarlo, in single
/// precision with their loops and sample counts (10000), and ch. 5's IsExternal and
/// DistanceFromTriangle that they call. The C++ library's generator is reproduced in C: the
/// 32-bit Mersenne Twister (its 10000th output from the default seed 5489 is 4123659995, the
/// C++ standard's own check value) and libstdc++'s generate_canonical<float>, which takes one
/// 32-bit output, converts it to float (round to nearest), divides by 2^32 in float and returns
/// the largest float below 1 where that rounds to 1. Nothing here is used by the engine.
#ifndef AK_REF_PUBLISHED_HODGES_MC_PUBLISHED_H
#define AK_REF_PUBLISHED_HODGES_MC_PUBLISHED_H

#include <stdint.h>

/// std::mt19937's state.
typedef struct ak_pub_g14_rng {
    uint32_t mt[624];
    int idx;
} ak_pub_g14_rng;

/// std::mt19937 g(seed).
void ak_pub_g14_seed(ak_pub_g14_rng *g, uint32_t seed);
/// g(): the next 32-bit output.
uint32_t ak_pub_g14_next(ak_pub_g14_rng *g);
/// Random::Get(): std::uniform_real_distribution<float>(0.0f, 1.0f)(g) as libstdc++ computes it.
float ak_pub_g14_get(ak_pub_g14_rng *g);

/// Pi_MonteCarlo(numSamples) as printed (float xx, yy; x2 + y2 < 1.0f; 4.0f * float(counter) /
/// float(numSamples)), drawing from g.
float ak_pub_g14_pi(ak_pub_g14_rng *g, int numSamples);

/// A hull as the book passes it: points and triangles (indices a, b, c, wound outwards).
typedef struct ak_pub_g14_hull {
    const float (*pts)[3];
    int npts;
    const int (*tris)[3];
    int ntris;
} ak_pub_g14_hull;

/// CalculateCenterOfMassMonteCarlo as printed: numSamples = 10000 points pt = mins + Get() * width
/// per axis (x, y, z in that order) in the hull's bounds, those IsExternal skipped, cm += pt in
/// float, cm /= (float)sampleCount. Returns sampleCount.
int ak_pub_g14_center_of_mass(ak_pub_g14_rng *g, float cm[3], const ak_pub_g14_hull *h);
/// CalculateInertiaTensorMonteCarlo as printed: 10000 new points, the kept ones taken relative to
/// cm, the six printed sums (and the three mirrored ones) in float, tensor *= 1.0f /
/// (float)sampleCount; the tensor of unit mass, row-major. Returns sampleCount.
int ak_pub_g14_inertia(ak_pub_g14_rng *g, float tensor[9], const ak_pub_g14_hull *h,
                       const float cm[3]);

#endif
