/// @file collide_published.h
/// Torres (2022) Ch. 4 collision tests transcribed as printed (placeholder, filled below).
#ifndef AK_PUBLISHED_COLLIDE_H
#define AK_PUBLISHED_COLLIDE_H
#endif
