// PNG output and input through libpng (8-bit RGB).
#include <png.h>
#include <stdio.h>
#include <stdlib.h>

#include "render/tracer.h"

bool ak_render_png_write(const char *path, const ak_render_image *img, char *err, size_t errlen) {
    FILE *f = fopen(path, "wb");
    if (!f) {
        snprintf(err, errlen, "cannot open %s for writing", path);
        return false;
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        fclose(f);
        snprintf(err, errlen, "libpng failed writing %s", path);
        return false;
    }
    png_init_io(png, f);
    png_set_IHDR(png, info, (png_uint_32)img->width, (png_uint_32)img->height, 8,
                 PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int y = 0; y < img->height; y++) png_write_row(png, img->rgb + (size_t)y * img->width * 3);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    if (fclose(f) != 0) {
        snprintf(err, errlen, "error closing %s", path);
        return false;
    }
    return true;
}

bool ak_render_png_read(const char *path, ak_render_image *img, char *err, size_t errlen) {
    img->rgb = NULL;
    img->width = img->height = 0;
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot open %s", path);
        return false;
    }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    unsigned char *volatile buf = NULL;
    if (!png || !info || setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        fclose(f);
        free(buf);
        snprintf(err, errlen, "libpng failed reading %s", path);
        return false;
    }
    png_init_io(png, f);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    int ct = png_get_color_type(png, info), bd = png_get_bit_depth(png, info);
    if (bd == 16) png_set_strip_16(png);
    if (ct == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (ct == PNG_COLOR_TYPE_GRAY || ct == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (ct & PNG_COLOR_MASK_ALPHA) png_set_strip_alpha(png);
    png_read_update_info(png, info);
    if (w == 0 || h == 0 || w > 16384 || h > 16384 || png_get_rowbytes(png, info) != w * 3) {
        png_destroy_read_struct(&png, &info, NULL);
        fclose(f);
        snprintf(err, errlen, "%s: unsupported PNG layout", path);
        return false;
    }
    buf = malloc((size_t)w * h * 3);
    if (!buf) longjmp(png_jmpbuf(png), 1);
    for (png_uint_32 y = 0; y < h; y++) png_read_row(png, buf + (size_t)y * w * 3, NULL);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    fclose(f);
    img->rgb = buf;
    img->width = (int)w;
    img->height = (int)h;
    return true;
}
