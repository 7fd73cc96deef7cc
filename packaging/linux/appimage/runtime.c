/*
 * A type-2 AppImage runtime: the ELF program at the head of Dominoes-Desktop-*.AppImage, followed by the
 * SquashFS image of the AppDir.
 *
 * Upstream's runtime binary is only published on GitHub, which neither this project's machines nor its CI can
 * reach, so the runtime is built here from Debian's libsquashfuse (the library upstream's runtime is built on)
 * and libfuse3, linked statically so that the AppImage runs on any x86-64 Linux.
 *
 * It does what players and desktop tools expect of a type-2 runtime:
 *   - mounts the image with FUSE (fusermount3) and runs AppRun from it, unmounting when the game exits;
 *   - without FUSE, or with APPIMAGE_EXTRACT_AND_RUN=1 / --appimage-extract-and-run, extracts into a temporary
 *     folder, runs AppRun from there and removes the folder afterwards (kept with NO_CLEANUP=1);
 *   - --appimage-extract [PATH] unpacks into ./squashfs-root, --appimage-offset prints where the image starts,
 *     --appimage-version and --appimage-help;
 *   - sets APPIMAGE, APPDIR, ARGV0 and OWD for AppRun.
 * The magic bytes "AI\2" at offset 8 are written by build_appimage.sh after linking.
 */
#define _GNU_SOURCE
#define FUSE_USE_VERSION 32

/* First, so that its feature macros give way to _GNU_SOURCE when the system headers follow. */
#include "ll.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define RUNTIME_VERSION "dominoes-desktop-runtime 1"

/* Update information and signature slots that AppImage tools look for; left empty. */
__attribute__((section(".upd_info"), used)) static char update_info[1024];
__attribute__((section(".sha256_sig"), used)) static char signature[1024];
__attribute__((section(".sig_key"), used)) static char signature_key[8192];

static pid_t app_pid = -1;

static void die(const char *what) {
    fprintf(stderr, "AppImage runtime: %s: %s\n", what, strerror(errno));
    exit(EXIT_FAILURE);
}

/* The SquashFS image starts where the ELF file ends: after the section header table. */
static off_t image_offset(const char *path) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) die(path);
    Elf64_Ehdr header;
    if (pread(fd, &header, sizeof header, 0) != (ssize_t)sizeof header
        || memcmp(header.e_ident, ELFMAG, SELFMAG) != 0 || header.e_ident[EI_CLASS] != ELFCLASS64) {
        fprintf(stderr, "AppImage runtime: %s is not a 64-bit ELF file\n", path);
        exit(EXIT_FAILURE);
    }
    off_t offset = (off_t)header.e_shoff + (off_t)header.e_shentsize * header.e_shnum;
    char magic[4];
    if (pread(fd, magic, sizeof magic, offset) != (ssize_t)sizeof magic || memcmp(magic, "hsqs", 4) != 0) {
        fprintf(stderr, "AppImage runtime: no SquashFS image at offset %lld of %s\n", (long long)offset, path);
        exit(EXIT_FAILURE);
    }
    close(fd);
    return offset;
}

static int write_all(int fd, const char *data, size_t size) {
    while (size > 0) {
        ssize_t written = write(fd, data, size);
        if (written < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        data += written;
        size -= (size_t)written;
    }
    return 0;
}

static int extract_file(sqfs *fs, sqfs_inode *inode, const char *dest, mode_t mode) {
    static char buffer[1 << 17];
    unlink(dest);
    int fd = open(dest, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
    if (fd < 0) return -1;
    sqfs_off_t position = 0, total = (sqfs_off_t)inode->xtra.reg.file_size;
    while (position < total) {
        sqfs_off_t size = total - position < (sqfs_off_t)sizeof buffer ? total - position : (sqfs_off_t)sizeof buffer;
        if (sqfs_read_range(fs, inode, position, &size, buffer) != SQFS_OK || size <= 0
            || write_all(fd, buffer, (size_t)size) != 0) {
            close(fd);
            return -1;
        }
        position += size;
    }
    return close(fd);
}

/* An entry under `prefix`, or one of the folders that lead to it. */
static int wanted(const char *path, const char *prefix) {
    size_t length = strlen(path);
    return strncmp(path, prefix, strlen(prefix)) == 0
        || (strncmp(prefix, path, length) == 0 && prefix[length] == '/');
}

/* Unpack the entries whose path starts with `prefix` (all when it is empty) into `root`. */
static int extract(const char *appimage, off_t offset, const char *root, const char *prefix) {
    int fd = open(appimage, O_RDONLY | O_CLOEXEC);
    if (fd < 0) die(appimage);
    sqfs fs;
    if (sqfs_init(&fs, fd, (size_t)offset) != SQFS_OK) {
        fprintf(stderr, "AppImage runtime: the SquashFS image of %s cannot be read\n", appimage);
        return -1;
    }
    if (mkdir(root, 0755) != 0 && errno != EEXIST) die(root);
    sqfs_traverse traverse;
    if (sqfs_traverse_open(&traverse, &fs, sqfs_inode_root(&fs)) != SQFS_OK) return -1;
    sqfs_err err = SQFS_OK;
    int failures = 0;
    char dest[PATH_MAX];
    while (sqfs_traverse_next(&traverse, &err)) {
        if (traverse.dir_end || !wanted(traverse.path, prefix)) continue;
        sqfs_inode inode;
        if (sqfs_inode_get(&fs, &inode, sqfs_dentry_inode(&traverse.entry)) != SQFS_OK) {
            failures++;
            continue;
        }
        if (snprintf(dest, sizeof dest, "%s/%s", root, traverse.path) >= (int)sizeof dest) {
            failures++;
            continue;
        }
        mode_t mode = inode.base.mode & 07777;
        int ok = 0;
        switch (inode.base.inode_type) {
        case SQUASHFS_DIR_TYPE:
        case SQUASHFS_LDIR_TYPE:
            /* Owner-writable while extracting, whatever the image says, so the folder can be filled. */
            ok = (mkdir(dest, mode | 0700) == 0 || errno == EEXIST) ? 0 : -1;
            break;
        case SQUASHFS_REG_TYPE:
        case SQUASHFS_LREG_TYPE:
            ok = extract_file(&fs, &inode, dest, mode);
            break;
        case SQUASHFS_SYMLINK_TYPE:
        case SQUASHFS_LSYMLINK_TYPE: {
            char target[PATH_MAX];
            size_t size = sizeof target;
            unlink(dest);
            ok = (sqfs_readlink(&fs, &inode, target, &size) == SQFS_OK && symlink(target, dest) == 0) ? 0 : -1;
            break;
        }
        default:  /* devices, fifos and sockets have no place in an AppDir */
            break;
        }
        if (ok != 0) {
            fprintf(stderr, "AppImage runtime: cannot extract %s: %s\n", dest, strerror(errno));
            failures++;
        }
    }
    sqfs_traverse_close(&traverse);
    sqfs_destroy(&fs);
    close(fd);
    return (err == SQFS_OK && failures == 0) ? 0 : -1;
}

static int remove_tree(const char *path) {
    struct stat info;
    if (lstat(path, &info) != 0) return -1;
    if (S_ISDIR(info.st_mode)) {
        /* rm -rf also copes with folders the game made read-only */
        pid_t pid = fork();
        if (pid == 0) {
            execlp("rm", "rm", "-rf", "--", path, (char *)NULL);
            _exit(127);
        }
        int status = 0;
        return (pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0) ? 0 : -1;
    }
    return unlink(path);
}

static void forward_signal(int sig) {
    if (app_pid > 0) kill(app_pid, sig);
}

/* Start AppRun from `appdir` with the environment AppImages promise, wait for it and return its exit status. */
static int run_app(const char *appimage, const char *appdir, int argc, char **argv) {
    char apprun[PATH_MAX], cwd[PATH_MAX];
    snprintf(apprun, sizeof apprun, "%s/AppRun", appdir);
    setenv("APPIMAGE", appimage, 1);
    setenv("APPDIR", appdir, 1);
    setenv("ARGV0", argv[0], 1);
    if (getcwd(cwd, sizeof cwd) != NULL) setenv("OWD", cwd, 1);
    app_pid = fork();
    if (app_pid < 0) die("fork");
    if (app_pid == 0) {
        char **args = calloc((size_t)argc + 1, sizeof *args);
        if (args == NULL) _exit(127);
        args[0] = apprun;
        for (int i = 1; i < argc; i++) args[i] = argv[i];
        execv(apprun, args);
        fprintf(stderr, "AppImage runtime: cannot start %s: %s\n", apprun, strerror(errno));
        _exit(127);
    }
    signal(SIGTERM, forward_signal);
    signal(SIGHUP, forward_signal);
    signal(SIGINT, SIG_IGN); /* the terminal sends it to the game too */
    int status = 0;
    while (waitpid(app_pid, &status, 0) < 0) {
        if (errno != EINTR) die("waitpid");
    }
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    return 128 + WTERMSIG(status);
}

static char *temporary_folder(const char *pattern) {
    const char *tmp = getenv("TMPDIR");
    char *path = NULL;
    if (asprintf(&path, "%s/%s", tmp && *tmp ? tmp : "/tmp", pattern) < 0 || mkdtemp(path) == NULL) die("mkdtemp");
    return path;
}

static int extract_and_run(const char *appimage, off_t offset, int argc, char **argv) {
    char *root = temporary_folder("appimage_extracted_XXXXXX");
    if (extract(appimage, offset, root, "") != 0) {
        remove_tree(root);
        return EXIT_FAILURE;
    }
    int code = run_app(appimage, root, argc, argv);
    const char *keep = getenv("NO_CLEANUP");
    if (!(keep && strcmp(keep, "1") == 0)) remove_tree(root);
    free(root);
    return code;
}

static void *serve(void *session) {
    fuse_session_loop((struct fuse_session *)session);
    return NULL;
}

static int fuse_usable(void) {
    const char *extract = getenv("APPIMAGE_EXTRACT_AND_RUN");
    if (extract && strcmp(extract, "1") == 0) return 0;
    if (access("/dev/fuse", R_OK | W_OK) != 0) return 0;
    return geteuid() == 0 || access("/bin/fusermount3", X_OK) == 0 || access("/usr/bin/fusermount3", X_OK) == 0;
}

/* Mount the image read-only, run AppRun from the mount, unmount; -1 when the mount itself failed. */
static int mount_and_run(const char *appimage, off_t offset, int argc, char **argv) {
    char *mountpoint = temporary_folder(".mount_dominoesXXXXXX");
    sqfs_ll *ll = sqfs_ll_open(appimage, (size_t)offset);
    if (ll == NULL) {
        rmdir(mountpoint);
        return -1;
    }
    struct fuse_lowlevel_ops ops;
    memset(&ops, 0, sizeof ops);
    ops.getattr = sqfs_ll_op_getattr;
    ops.opendir = sqfs_ll_op_opendir;
    ops.releasedir = sqfs_ll_op_releasedir;
    ops.readdir = sqfs_ll_op_readdir;
    ops.lookup = sqfs_ll_op_lookup;
    ops.open = sqfs_ll_op_open;
    ops.create = sqfs_ll_op_create;
    ops.release = sqfs_ll_op_release;
    ops.read = sqfs_ll_op_read;
    ops.readlink = sqfs_ll_op_readlink;
    ops.listxattr = sqfs_ll_op_listxattr;
    ops.getxattr = sqfs_ll_op_getxattr;
    ops.forget = sqfs_ll_op_forget;
    ops.statfs = stfs_ll_op_statfs;
    char *fuse_argv[] = {argv[0], "-o", "ro,nodev,nosuid", NULL};
    struct fuse_args args = FUSE_ARGS_INIT(3, fuse_argv);
    sqfs_ll_chan channel;
    if (sqfs_ll_mount(&channel, mountpoint, &args, &ops, sizeof ops, ll) != SQFS_OK) {
        sqfs_ll_destroy(ll);
        free(ll);
        rmdir(mountpoint);
        return -1;
    }
    int session_fd = fuse_session_fd(channel.session);
    fcntl(session_fd, F_SETFD, fcntl(session_fd, F_GETFD) | FD_CLOEXEC); /* the game must not hold the mount */
    pthread_t server;
    if (pthread_create(&server, NULL, serve, channel.session) != 0) die("pthread_create");
    int code = run_app(appimage, mountpoint, argc, argv);
    fuse_session_exit(channel.session);
    fuse_session_unmount(channel.session); /* ends the kernel connection, so the serving loop returns */
    pthread_join(server, NULL);
    fuse_session_destroy(channel.session);
    sqfs_ll_destroy(ll);
    free(ll);
    rmdir(mountpoint);
    free(mountpoint);
    return code;
}

int main(int argc, char **argv) {
    char appimage[PATH_MAX];
    const char *target = getenv("TARGET_APPIMAGE");
    if (target != NULL) {
        if (realpath(target, appimage) == NULL) die(target);
    } else {
        ssize_t size = readlink("/proc/self/exe", appimage, sizeof appimage - 1);
        if (size < 0) die("/proc/self/exe");
        appimage[size] = '\0';
    }
    off_t offset = image_offset(appimage);

    if (argc > 1 && strncmp(argv[1], "--appimage-", 11) == 0) {
        const char *option = argv[1] + 11;
        if (strcmp(option, "offset") == 0) {
            printf("%lld\n", (long long)offset);
            return EXIT_SUCCESS;
        }
        if (strcmp(option, "version") == 0) {
            printf("%s\n", RUNTIME_VERSION);
            return EXIT_SUCCESS;
        }
        if (strcmp(option, "extract") == 0) {
            return extract(appimage, offset, "squashfs-root", argc > 2 ? argv[2] : "") == 0 ? EXIT_SUCCESS
                                                                                         : EXIT_FAILURE;
        }
        if (strcmp(option, "extract-and-run") == 0) {
            argv[1] = argv[0];
            return extract_and_run(appimage, offset, argc - 1, argv + 1);
        }
        if (strcmp(option, "help") != 0) fprintf(stderr, "AppImage runtime: unknown option %s\n", argv[1]);
        printf("Options of this AppImage (anything else goes to the game):\n"
               "  --appimage-extract [PATH]   unpack (the entries under PATH) into ./squashfs-root\n"
               "  --appimage-extract-and-run  run without FUSE, from a temporary folder\n"
               "  --appimage-offset           print where the SquashFS image starts\n"
               "  --appimage-version          print the runtime's version\n"
               "Environment: APPIMAGE_EXTRACT_AND_RUN=1 always runs without FUSE; NO_CLEANUP=1 keeps the folder.\n");
        return strcmp(option, "help") == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
    }

    if (fuse_usable()) {
        int code = mount_and_run(appimage, offset, argc, argv);
        if (code >= 0) return code;
        fprintf(stderr, "AppImage runtime: FUSE mount failed; running from a temporary folder instead\n");
    }
    return extract_and_run(appimage, offset, argc, argv);
}
