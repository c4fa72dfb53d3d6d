// A growable NUL-terminated string (see strbuf.h).
#include "verify/common/strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool reserve(ak_strbuf *b, size_t more) {
    if (b->oom) return false;
    if (b->n + more + 1 <= b->cap) return true;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->n + more + 1) cap *= 2;
    char *q = realloc(b->p, cap);
    if (!q) {
        b->oom = true;
        return false;
    }
    b->p = q;
    b->cap = cap;
    return true;
}

void ak_strbuf_add(ak_strbuf *b, const char *text, size_t len) {
    if (!reserve(b, len)) return;
    memcpy(b->p + b->n, text, len);
    b->n += len;
    b->p[b->n] = '\0';
}

void ak_strbuf_printf(ak_strbuf *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (k < 0) {
        b->oom = true;
        return;
    }
    if (!reserve(b, (size_t)k)) return;
    va_start(ap, fmt);
    vsnprintf(b->p + b->n, b->cap - b->n, fmt, ap);
    va_end(ap);
    b->n += (size_t)k;
}

void ak_strbuf_sink(const char *text, unsigned size, void *buf) { ak_strbuf_add(buf, text, size); }

char *ak_strbuf_done(ak_strbuf *b) {
    if (b->oom || !b->p) {
        free(b->p);
        b->p = NULL;
        return NULL;
    }
    return b->p;
}
