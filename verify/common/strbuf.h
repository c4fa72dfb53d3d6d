/// @file strbuf.h
/// A growable NUL-terminated string: the JSON and HTML the report and the viewer write. After an
/// allocation failure the buffer only remembers it (oom) and ak_strbuf_done returns NULL.
#ifndef AK_VERIFY_STRBUF_H
#define AK_VERIFY_STRBUF_H

#include <stdbool.h>
#include <stddef.h>

typedef struct ak_strbuf {
    char *p;
    size_t n, cap;
    bool oom;
} ak_strbuf;

/// Append len bytes of text.
void ak_strbuf_add(ak_strbuf *b, const char *text, size_t len);
/// Append formatted text.
void ak_strbuf_printf(ak_strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/// The same as ak_strbuf_add with md4c's output-callback signature (MD_CHAR is char, MD_SIZE
/// unsigned): pass it to md_html with the buffer as userdata.
void ak_strbuf_sink(const char *text, unsigned size, void *buf);
/// The string (the caller frees it), or NULL (and the buffer freed) after an allocation failure
/// or when nothing was written.
char *ak_strbuf_done(ak_strbuf *b);

#endif
