/* A full disk for one file, for disk_full_test.sh: an LD_PRELOAD library that makes writes
 * to files whose name (the last part of the path) contains $ENOSPC_MATCH fail with ENOSPC
 * once $ENOSPC_AFTER bytes went to them, in this process and in every child that inherits
 * the environment (latexmk, xelatex, xdvipdfmx). With ENOSPC_FSYNC=1 the writes succeed and
 * fsync fails instead, as on a file system that allocates late. Files opened with fopen
 * are given a stream of our own (fopencookie) whose writes come through here, since glibc's
 * stdio writes without calling write() through the PLT. Compiled by the test:
 *   cc -shared -fPIC -o enospc.so enospc_shim.c -ldl */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

#define MAX_FD 4096
static char watched[MAX_FD];
static long long written_so_far;

static const char* env(const char* name) {
    const char* value = getenv(name);
    return value && *value ? value : NULL;
}

static int matches(const char* path) {
    const char* match = env("ENOSPC_MATCH");
    if (!match || !path)
        return 0;
    const char* base = strrchr(path, '/');
    return strstr(base ? base + 1 : path, match) != NULL;
}

static void watch(int fd, const char* path, int flags) {
    if (fd >= 0 && fd < MAX_FD)
        watched[fd] = (flags & (O_WRONLY | O_RDWR)) && matches(path);
}

#define REAL(name) static __typeof__(name)* real_##name; \
    if (!real_##name) real_##name = (__typeof__(name)*)dlsym(RTLD_NEXT, #name)

/* How many of `count` bytes to `fd` may be written; -1 (errno ENOSPC) when none. */
static ssize_t allowed(int fd, size_t count) {
    if (fd < 0 || fd >= MAX_FD || !watched[fd] || env("ENOSPC_FSYNC"))
        return (ssize_t)count;
    const char* after = env("ENOSPC_AFTER");
    const long long limit = after ? atoll(after) : 0;
    if (written_so_far >= limit) {
        errno = ENOSPC;
        return -1;
    }
    if ((long long)count > limit - written_so_far)
        count = (size_t)(limit - written_so_far);
    return (ssize_t)count;
}

static int open_mode_flags(int flags, va_list args, mode_t* mode) {
    *mode = (flags & (O_CREAT | O_TMPFILE)) ? (mode_t)va_arg(args, int) : 0;
    return flags;
}

int open(const char* path, int flags, ...) {
    REAL(open);
    va_list args;
    va_start(args, flags);
    mode_t mode;
    open_mode_flags(flags, args, &mode);
    va_end(args);
    const int fd = real_open(path, flags, mode);
    watch(fd, path, flags);
    return fd;
}

int open64(const char* path, int flags, ...) {
    REAL(open64);
    va_list args;
    va_start(args, flags);
    mode_t mode;
    open_mode_flags(flags, args, &mode);
    va_end(args);
    const int fd = real_open64(path, flags, mode);
    watch(fd, path, flags);
    return fd;
}

int openat(int dir, const char* path, int flags, ...) {
    REAL(openat);
    va_list args;
    va_start(args, flags);
    mode_t mode;
    open_mode_flags(flags, args, &mode);
    va_end(args);
    const int fd = real_openat(dir, path, flags, mode);
    watch(fd, path, flags);
    return fd;
}

int creat(const char* path, mode_t mode) {
    return open(path, O_WRONLY | O_CREAT | O_TRUNC, mode);
}

int close(int fd) {
    REAL(close);
    if (fd >= 0 && fd < MAX_FD)
        watched[fd] = 0;
    return real_close(fd);
}

ssize_t write(int fd, const void* data, size_t count) {
    REAL(write);
    const ssize_t may = allowed(fd, count);
    if (may < 0)
        return -1;
    const ssize_t done = real_write(fd, data, (size_t)may);
    if (done > 0 && fd < MAX_FD && watched[fd])
        written_so_far += done;
    return done;
}

ssize_t pwrite(int fd, const void* data, size_t count, off_t offset) {
    REAL(pwrite);
    const ssize_t may = allowed(fd, count);
    if (may < 0)
        return -1;
    const ssize_t done = real_pwrite(fd, data, (size_t)may, offset);
    if (done > 0 && fd < MAX_FD && watched[fd])
        written_so_far += done;
    return done;
}

ssize_t pwrite64(int fd, const void* data, size_t count, off64_t offset) {
    return pwrite(fd, data, count, (off_t)offset);
}

ssize_t writev(int fd, const struct iovec* parts, int n) {
    ssize_t total = 0;
    for (int i = 0; i < n; ++i) {
        const ssize_t done = write(fd, parts[i].iov_base, parts[i].iov_len);
        if (done < 0)
            return total > 0 ? total : -1;
        total += done;
        if ((size_t)done < parts[i].iov_len)
            break;
    }
    return total;
}

static int failing_sync(int fd) {
    if (env("ENOSPC_FSYNC") && fd >= 0 && fd < MAX_FD && watched[fd]) {
        errno = ENOSPC;
        return 1;
    }
    return 0;
}

int fsync(int fd) {
    REAL(fsync);
    if (failing_sync(fd))
        return -1;
    return real_fsync(fd);
}

int fdatasync(int fd) {
    REAL(fdatasync);
    if (failing_sync(fd))
        return -1;
    return real_fdatasync(fd);
}

/* fopen'd files: a stream of our own over the real one's descriptor. */
static ssize_t cookie_read(void* cookie, char* data, size_t count) {
    return read(fileno((FILE*)cookie), data, count);
}
static ssize_t cookie_write(void* cookie, const char* data, size_t count) {
    const ssize_t done = write(fileno((FILE*)cookie), data, count);
    return done < 0 ? -1 : done;
}
static int cookie_seek(void* cookie, off64_t* offset, int whence) {
    const off64_t at = lseek64(fileno((FILE*)cookie), *offset, whence);
    if (at < 0)
        return -1;
    *offset = at;
    return 0;
}
static int cookie_close(void* cookie) {
    REAL(fclose);
    const int fd = fileno((FILE*)cookie);
    if (fd >= 0 && fd < MAX_FD)
        watched[fd] = 0;
    return real_fclose((FILE*)cookie);
}

static FILE* wrap(FILE* real, const char* path, const char* mode) {
    if (!real || !matches(path) || !strpbrk(mode, "wa+"))
        return real;
    const int fd = fileno(real);
    if (fd >= 0 && fd < MAX_FD)
        watched[fd] = 1;
    cookie_io_functions_t io = {cookie_read, cookie_write, cookie_seek, cookie_close};
    FILE* stream = fopencookie(real, mode, io);
    return stream ? stream : real;
}

FILE* fopen(const char* path, const char* mode) {
    REAL(fopen);
    return wrap(real_fopen(path, mode), path, mode);
}

FILE* fopen64(const char* path, const char* mode) {
    REAL(fopen64);
    return wrap(real_fopen64(path, mode), path, mode);
}
