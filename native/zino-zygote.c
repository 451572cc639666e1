// zino-zygote: starts sandboxed executions from inside one long-lived bubblewrap sandbox, each in namespaces of its
// own, so that an execution costs a clone and an exec instead of a whole bwrap (issue 14: on the 2-core test VM a
// fresh bwrap sandbox running `echo hi` took 5.1-5.3 ms of CPU, bash alone 1.3-1.5, this way 2.0).
//
// The sandbox it runs in (the "base", started by zino-exc) holds what every execution shares: the user namespace,
// the read-only system (/usr, the few /etc entries), /dev, and CAP_SYS_ADMIN and CAP_SETPCAP in that user namespace
// for this program alone. Each execution gets, as a bwrap sandbox of its own would:
//
//   new mount, PID, network, IPC and UTS namespaces (clone); mounts made private, so that nothing propagates back;
//   fresh size-capped tmpfs on /work, /tmp and /dev/shm; /proc of its own PID namespace; a devpts instance of its own
//   on /dev/pts (its pseudo-terminals, and /dev/ptmx through the base's link); its code directory bound read-only on
//   /code, and the directory of all executions and this program's file covered; the hostname; then,
//   in a child of that namespace's PID 1: its descriptors as 0, 1, 2, ..., every other one closed, a new session,
//   every capability dropped (bounding, ambient, effective, permitted, inheritable), no_new_privs, the seccomp
//   filter, and execve of its command with its environment in /work.
//
// What does not depend on the start message (the namespaces; private mounts, the tmpfs, /proc, /dev/pts, the hostname)
// is done ahead: after each start, a spare PID 1 is made and waits for the next start, which only binds its /code,
// covers what it must not see, resizes a tmpfs when the sizes differ, and runs the command (see "The spare" below).
//
// The PID 1 of each execution is this program's fork (a reaper, like bwrap's): it waits for the command, writes
// `{ "exit-code": N }` (128 + the signal for one killed by a signal) on the execution's status descriptor, the form
// bwrap's --json-status-fd has, and exits, which kills whatever the command left in its namespace.
//
// Protocol. Descriptor 3 is a SOCK_SEQPACKET socket to zino-exc; descriptor 4 the compiled seccomp program (read once
// at start; `--no-seccomp` as the only argument where exc has none for this architecture). Each message is a list of NUL-terminated fields:
//
//   start <id> <code dir name> <work bytes> <tmp bytes> <shm bytes> <status slot> <argc> <argv...> <envc> <env...>
//     with SCM_RIGHTS descriptors: those that become the command's 0, 1, 2, ..., except the one at <status slot>:
//     the execution's PID 1 writes the status there, and the command gets that number closed.
//   kill <id>
//     kills that execution's PID 1, and with it its namespace.
//
// A malformed or unservable start is refused: a line on this program's stderr and the command's, exit status 125 on
// its status descriptor when it has one, its descriptors closed. When the socket reaches EOF (zino-exc went away),
// every execution is killed and the program exits.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef SYS_close_range
#define SYS_close_range 436
#endif

#define CONTROL_FD 3
#define SECCOMP_FD 4
#define MAX_MESSAGE (64 * 1024)
#define MAX_FIELDS 512
#define MAX_FDS 32
#define MAX_EXECUTIONS 4096
#define EXECUTIONS_DIR "/.zino-executions"
#define ZYGOTE_FILE "/.zino-zygote"

struct execution {
  long id;
  pid_t pid;
};

static struct execution executions[MAX_EXECUTIONS];
static struct sock_fprog seccomp_program;
static int has_seccomp;
/** The zygote's SIGCHLD descriptor (closed in executions). */
static int children = -1;
/** In an execution's PID 1: the command's stderr, where a failed step is told as bwrap tells its own. */
static int call_stderr = -1;

static void say(const char *what, int err) {
  dprintf(2, "zino-zygote: %s%s%s\n", what, err ? ": " : "", err ? strerror(err) : "");
}

static void load_seccomp(void) {
  struct stat st;
  if (fstat(SECCOMP_FD, &st) < 0) {
    say("no seccomp program on descriptor 4 (--no-seccomp runs without one)", errno);
    exit(2);
  }
  if (st.st_size <= 0 || st.st_size % sizeof(struct sock_filter) != 0 || st.st_size > 4096 * 8) {
    say("the seccomp program has a wrong size", 0);
    exit(2);
  }
  struct sock_filter *filter = malloc(st.st_size);
  if (!filter || pread(SECCOMP_FD, filter, st.st_size, 0) != st.st_size) {
    say("cannot read the seccomp program", errno);
    exit(2);
  }
  close(SECCOMP_FD);
  seccomp_program.len = st.st_size / sizeof(struct sock_filter);
  seccomp_program.filter = filter;
  has_seccomp = 1;
}

/** Parses a decimal field in [0, max]; -1 when it is not one. */
static long number(const char *text, long max) {
  if (!text || !*text) return -1;
  char *end;
  errno = 0;
  long value = strtol(text, &end, 10);
  if (errno || *end || value < 0 || value > max) return -1;
  return value;
}

/** A single path component that names a directory entry: no slash, not "." or "..". */
static int plain_name(const char *name) {
  return *name && !strchr(name, '/') && strcmp(name, ".") != 0 && strcmp(name, "..") != 0 && strlen(name) < 200;
}

static _Noreturn void fail(int report_fd, const char *step) {
  int err = errno;
  dprintf(2, "zino-zygote: %s: %s\n", step, strerror(err));
  if (call_stderr >= 0) dprintf(call_stderr, "zino-zygote: %s: %s\n", step, strerror(err));
  if (report_fd >= 0) dprintf(report_fd, "{ \"exit-code\": 125 }\n");
  _exit(125);
}

static void tmpfs(const char *path, long bytes, const char *mode, int status_fd) {
  char options[64];
  snprintf(options, sizeof options, "size=%ld,mode=%s", bytes, mode);
  if (mount("tmpfs", path, "tmpfs", MS_NOSUID | MS_NODEV, options) < 0) fail(status_fd, path);
}

/** The command's own steps, in a child of the execution's PID 1: descriptors, capabilities, filter, exec. */
static _Noreturn void run_command(int *fds, int nfds, int status_slot, char **argv, char **envp) {
  sigset_t none;
  sigemptyset(&none);
  for (int sig = 1; sig < NSIG; sig++) signal(sig, SIG_DFL);
  sigprocmask(SIG_SETMASK, &none, NULL);
  if (setsid() < 0) fail(-1, "setsid");
  int moved[MAX_FDS];
  for (int i = 0; i < nfds; i++) {
    moved[i] = fcntl(fds[i], F_DUPFD_CLOEXEC, nfds);
    if (moved[i] < 0) fail(-1, "dup");
  }
  for (int i = 0; i < nfds; i++)
    if (dup2(moved[i], i) < 0) fail(-1, "dup2");
  call_stderr = 2; // the command's stderr, now in place (the number it came on may be another descriptor by now)
  if (syscall(SYS_close_range, (unsigned)nfds, ~0U, 0) < 0) fail(-1, "close_range");
  close(status_slot);
  if (chdir("/work") < 0) fail(-1, "chdir");
  for (int cap = 0; cap <= CAP_LAST_CAP; cap++)
    if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) < 0 && errno != EINVAL) fail(-1, "capbset");
  if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) < 0) fail(-1, "ambient");
  struct __user_cap_header_struct header = {_LINUX_CAPABILITY_VERSION_3, 0};
  struct __user_cap_data_struct data[2];
  memset(data, 0, sizeof data);
  if (syscall(SYS_capset, &header, data) < 0) fail(-1, "capset");
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0) fail(-1, "no_new_privs");
  if (has_seccomp && prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &seccomp_program) < 0) fail(-1, "seccomp");
  execve(argv[0], argv, envp);
  fail(-1, "exec");
}

/**
 * What every execution's PID 1 does before its command is known: the mounts and hostname that do not depend on the
 * start message (the tmpfs get `sizes`, changed later if the message asks for others). Run ahead by a spare, or on
 * the start's path when there is none; `status_fd` is -1 in a spare, which has no status descriptor yet.
 */
static void prepare_namespaces(const long sizes[3], int status_fd) {
  // Its parent is outside its PID namespace, so no getppid check is possible; were the zygote gone already, the
  // base sandbox's own PID 1 would be gone too, and this whole namespace with it.
  if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) < 0) fail(status_fd, "pdeathsig");
  if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0) fail(status_fd, "private mounts");
  tmpfs("/work", sizes[0], "0755", status_fd);
  tmpfs("/tmp", sizes[1], "1777", status_fd);
  tmpfs("/dev/shm", sizes[2], "1777", status_fd);
  if (mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) < 0) fail(status_fd, "/proc");
  // Pseudo-terminals of its own, as bwrap's --dev gives each sandbox (the base's /dev/ptmx is a link to pts/ptmx):
  // in the base's devpts, shared by every execution of the same user, one could open and type into another's.
  if (mount("devpts", "/dev/pts", "devpts", MS_NOSUID | MS_NOEXEC, "newinstance,ptmxmode=0666,mode=620") < 0)
    fail(status_fd, "/dev/pts");
  if (sethostname("zino-sandbox", 12) < 0) fail(status_fd, "hostname");
}

/** A tmpfs of a spare resized to what the start message asks, when it differs from what the spare mounted. */
static void resize_tmpfs(const char *path, long bytes, long prepared, int status_fd) {
  if (bytes == prepared) return;
  char options[64];
  snprintf(options, sizeof options, "size=%ld", bytes);
  if (mount(NULL, path, NULL, MS_REMOUNT | MS_NOSUID | MS_NODEV, options) < 0) fail(status_fd, path);
}

/** PID 1 of an execution, its namespaces prepared: its code and covers, then the command, reaped and reported. */
static _Noreturn void run_execution(const char *code_dir, int status_slot, int *fds, int nfds, char **argv, char **envp) {
  int status_fd = fds[status_slot];
  char source[300];
  snprintf(source, sizeof source, "%s/%s/code", EXECUTIONS_DIR, code_dir);
  if (mount(source, "/code", NULL, MS_BIND, NULL) < 0) fail(status_fd, "/code");
  if (mount(NULL, "/code", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV, NULL) < 0)
    fail(status_fd, "/code read-only");
  // Covered rather than unmounted: bwrap's --disable-userns leaves the base in a user namespace below the one owning
  // its mounts, so the kernel locks them in every mount namespace made from there. A cover made here is not locked,
  // and the command, without CAP_SYS_ADMIN, can never remove it. (This program's file is a copy in the base's root:
  // /dev/null is bound on it.)
  if (mount("tmpfs", EXECUTIONS_DIR, "tmpfs", MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, "size=4k,mode=0") < 0)
    fail(status_fd, EXECUTIONS_DIR);
  if (mount("/dev/null", ZYGOTE_FILE, NULL, MS_BIND, NULL) < 0) fail(status_fd, ZYGOTE_FILE);
  pid_t command = fork();
  if (command < 0) fail(status_fd, "fork");
  if (command == 0) run_command(fds, nfds, status_slot, argv, envp);
  for (int i = 0; i < nfds; i++)
    if (i != status_slot) close(fds[i]);
  call_stderr = -1;
  for (;;) {
    int status;
    pid_t done = waitpid(-1, &status, 0);
    if (done < 0 && errno == EINTR) continue;
    if (done < 0) fail(status_fd, "waitpid");
    if (done != command) continue; // an orphan of the command's, reaped
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    dprintf(status_fd, "{ \"exit-code\": %d }\n", code);
    _exit(code);
  }
}

static struct execution *slot_of(long id) {
  for (int i = 0; i < MAX_EXECUTIONS; i++)
    if (executions[i].pid > 0 && executions[i].id == id) return &executions[i];
  return NULL;
}

static struct execution *free_slot(void) {
  for (int i = 0; i < MAX_EXECUTIONS; i++)
    if (executions[i].pid <= 0) return &executions[i];
  return NULL;
}

/**
 * A start message refused: said on this program's stderr and, where the message has them, on the command's stderr
 * (descriptor 2 of its table) and as exit status 125 on its status descriptor, so that exc answers instead of waiting.
 */
static void refuse(const char *why, int *fds, int nfds, long status_slot) {
  say(why, 0);
  if (nfds > 2 && status_slot != 2) dprintf(fds[2], "zino-zygote: %s\n", why);
  if (status_slot >= 0 && status_slot < nfds) dprintf(fds[status_slot], "{ \"exit-code\": 125 }\n");
}

/** A start message read into its parts; the strings point into the message. */
struct start_request {
  long id;
  const char *code_dir;
  long sizes[3];
  long status_slot;
  char *argv[257 + 1];
  char *envp[256 + 1];
};

/** Reads a start message's fields after "start" into `request`; NULL when well formed, else why it is refused. */
static const char *parse_start(char **fields, int nfields, int nfds, struct start_request *request) {
  request->status_slot = nfields > 5 ? number(fields[5], nfds - 1) : -1;
  if (nfields < 8 || nfds < 1) return "refused: a start message lacks fields or descriptors";
  request->id = number(fields[0], 1L << 52);
  request->code_dir = fields[1];
  for (int i = 0; i < 3; i++) request->sizes[i] = number(fields[2 + i], 1L << 40);
  long argc = number(fields[6], 256);
  if (request->id < 0 || !plain_name(fields[1]) || request->sizes[0] <= 0 || request->sizes[1] <= 0 ||
      request->sizes[2] <= 0 || request->status_slot < 0 || argc < 1 || 7 + argc >= nfields)
    return "refused: a malformed start message";
  long envc = number(fields[7 + argc], 256);
  if (envc < 0 || 8 + argc + envc != nfields || fields[7][0] != '/') return "refused: a malformed start message";
  for (long i = 0; i < argc; i++) request->argv[i] = fields[7 + i];
  request->argv[argc] = NULL;
  for (long i = 0; i < envc; i++) request->envp[i] = fields[8 + argc + i];
  request->envp[envc] = NULL;
  return NULL;
}

#define EXECUTION_NAMESPACES (CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS)

// The spare: the next execution's PID 1, made ahead (issue 14's sandboxed tool turn). Its namespaces, private mounts,
// tmpfs, /proc, /dev/pts and hostname cost about as much as the command itself (clone of five namespaces and six
// mounts), so they are done while nothing waits: after each start, once its descriptors are closed, a spare is made
// with that start's tmpfs sizes, and the next start is handed to it over a socket pair instead of being cloned.
// A spare serves one execution only, exactly as a clone made on the start's path would. One that fails to prepare
// or dies unused turns spares off for good: every start then clones on its path, as without them.
static pid_t spare_pid = -1;
static int spare_socket = -1;
static long spare_sizes[3];
/** A start was served (its sizes are the spare's), and no spare has failed. */
static int spare_wanted;
static int spare_broken;

static int read_message(int socket, char *buffer, char **fields, int *nfields, int *fds, int *nfds);

/** The last message read from exc (an execution's argv and environment among them). */
static char exc_message[MAX_MESSAGE + 1];

/** In a spare: waits for its start message, then runs it as the execution's PID 1. */
static _Noreturn void serve_as_spare(void) {
  static char buffer[MAX_MESSAGE + 1];
  char *fields[MAX_FIELDS];
  int fds[MAX_FDS], nfields = 0, nfds = 0;
  int got;
  do got = read_message(CONTROL_FD, buffer, fields, &nfields, fds, &nfds);
  while (got < 0);
  if (got == 0) _exit(0); // the zygote went away without using it
  // The zygote hands over the start message it received and checked, "start" included.
  struct start_request request = {.status_slot = -1};
  const char *why = nfields < 1 || strcmp(fields[0], "start") != 0 ? "refused: a spare got no start message"
                                                                    : parse_start(fields + 1, nfields - 1, nfds, &request);
  if (why) {
    refuse(why, fds, nfds, request.status_slot);
    _exit(125);
  }
  int status_fd = fds[request.status_slot];
  if (nfds > 2 && request.status_slot != 2) call_stderr = fds[2];
  close(CONTROL_FD);
  resize_tmpfs("/work", request.sizes[0], spare_sizes[0], status_fd);
  resize_tmpfs("/tmp", request.sizes[1], spare_sizes[1], status_fd);
  resize_tmpfs("/dev/shm", request.sizes[2], spare_sizes[2], status_fd);
  run_execution(request.code_dir, (int)request.status_slot, fds, nfds, request.argv, request.envp);
}

/** Makes a spare with the last start's sizes; called with no message's descriptors open, so that it holds none. */
static void make_spare(void) {
  int pair[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) < 0) {
    say("cannot make a spare's socket", errno);
    spare_broken = 1;
    return;
  }
  pid_t pid = (pid_t)syscall(SYS_clone, EXECUTION_NAMESPACES | SIGCHLD, NULL, NULL, NULL, 0);
  if (pid == 0) {
    if (dup2(pair[1], CONTROL_FD) < 0) _exit(125);
    // Everything else the zygote holds (its SIGCHLD descriptor, the pair's other end) is closed.
    if (syscall(SYS_close_range, (unsigned)CONTROL_FD + 1, ~0U, 0) < 0) _exit(125);
    // Nothing of the start before it stays in its memory (it is the PID 1 of someone else's execution).
    memset(exc_message, 0, sizeof exc_message);
    prepare_namespaces(spare_sizes, -1);
    serve_as_spare();
  }
  close(pair[1]);
  if (pid < 0) {
    say("cannot make a spare execution's namespaces", errno);
    close(pair[0]);
    spare_broken = 1;
    return;
  }
  spare_pid = pid;
  spare_socket = pair[0];
}

/** The spare leaves the zygote's hands: handed its execution, or gone. */
static void drop_spare(void) {
  close(spare_socket);
  spare_socket = -1;
  spare_pid = -1;
}

/** Hands a start message (its bytes and descriptors) to the spare; its PID 1, or -1 when it cannot take it. */
static pid_t hand_to_spare(const char *message, size_t length, int *fds, int nfds) {
  if (spare_pid < 0) return -1;
  char control[CMSG_SPACE(sizeof(int) * MAX_FDS)];
  memset(control, 0, sizeof control);
  struct iovec iov = {(void *)message, length};
  struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = control, .msg_controllen = CMSG_SPACE(sizeof(int) * nfds)};
  struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
  c->cmsg_level = SOL_SOCKET;
  c->cmsg_type = SCM_RIGHTS;
  c->cmsg_len = CMSG_LEN(sizeof(int) * nfds);
  memcpy(CMSG_DATA(c), fds, sizeof(int) * nfds);
  pid_t pid = spare_pid;
  ssize_t sent;
  do sent = sendmsg(spare_socket, &msg, MSG_NOSIGNAL);
  while (sent < 0 && errno == EINTR);
  drop_spare();
  if (sent == (ssize_t)length) return pid;
  say("a spare execution could not take its start; it is killed and no more are made", sent < 0 ? errno : 0);
  kill(pid, SIGKILL);
  spare_broken = 1;
  return -1;
}

/** Handles one `start` message: its fields after "start", and its descriptors (the command's table). */
static void start(char **fields, int nfields, int *fds, int nfds) {
  struct start_request request;
  const char *why = parse_start(fields, nfields, nfds, &request);
  if (why) return refuse(why, fds, nfds, request.status_slot);
  struct execution *slot = free_slot();
  if (!slot || slot_of(request.id))
    return refuse("refused: too many executions, or an id in use", fds, nfds, request.status_slot);
  const char *last = fields[nfields - 1];
  pid_t pid = hand_to_spare(fields[-1], (size_t)(last + strlen(last) + 1 - fields[-1]), fds, nfds);
  if (pid < 0) pid = (pid_t)syscall(SYS_clone, EXECUTION_NAMESPACES | SIGCHLD, NULL, NULL, NULL, 0);
  if (pid < 0) {
    char message[200];
    snprintf(message, sizeof message, "cannot make an execution's namespaces: %s", strerror(errno));
    return refuse(message, fds, nfds, request.status_slot);
  }
  if (pid == 0) {
    close(CONTROL_FD);
    close(children);
    int status_fd = fds[request.status_slot];
    if (nfds > 2 && request.status_slot != 2) call_stderr = fds[2];
    prepare_namespaces(request.sizes, status_fd);
    run_execution(request.code_dir, (int)request.status_slot, fds, nfds, request.argv, request.envp);
  }
  slot->id = request.id;
  slot->pid = pid;
  memcpy(spare_sizes, request.sizes, sizeof spare_sizes);
  spare_wanted = 1;
}

static void kill_execution(char **fields, int nfields) {
  long id = nfields == 1 ? number(fields[0], 1L << 52) : -1;
  struct execution *slot = id < 0 ? NULL : slot_of(id);
  if (slot) kill(slot->pid, SIGKILL);
}

static void reap(void) {
  for (;;) {
    pid_t done = waitpid(-1, NULL, WNOHANG);
    if (done <= 0) return;
    if (done == spare_pid) {
      say("a spare execution died unused; no more are made", 0);
      drop_spare();
      spare_broken = 1;
    }
    for (int i = 0; i < MAX_EXECUTIONS; i++)
      if (executions[i].pid == done) executions[i].pid = 0;
  }
}

/**
 * Reads one message from `socket` into `buffer`, split into NUL-terminated `fields`, with its descriptors: 1 when one
 * was read (no fields when it was too long or not NUL-terminated), 0 at EOF, -1 when interrupted.
 */
static int read_message(int socket, char *buffer, char **fields, int *nfields, int *fds, int *nfds) {
  char control[CMSG_SPACE(sizeof(int) * MAX_FDS)];
  struct iovec iov = {buffer, MAX_MESSAGE};
  struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = control, .msg_controllen = sizeof control};
  ssize_t length = recvmsg(socket, &msg, MSG_CMSG_CLOEXEC);
  *nfields = *nfds = 0;
  if (length < 0) return errno == EINTR || errno == EAGAIN ? -1 : 0;
  if (length == 0) return 0;
  for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
    if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) continue;
    int count = (int)((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
    for (int i = 0; i < count && *nfds < MAX_FDS; i++) memcpy(&fds[(*nfds)++], CMSG_DATA(c) + i * sizeof(int), sizeof(int));
  }
  int truncated = (msg.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) != 0;
  if (!truncated && buffer[length - 1] == '\0') {
    for (char *p = buffer; p < buffer + length && *nfields < MAX_FIELDS; p += strlen(p) + 1) fields[(*nfields)++] = p;
  }
  return 1;
}

/** Reads and handles one message from exc; 0 at EOF. */
static int receive(void) {
  char *fields[MAX_FIELDS];
  int fds[MAX_FDS], nfields, nfds;
  int got = read_message(CONTROL_FD, exc_message, fields, &nfields, fds, &nfds);
  if (got <= 0) return got < 0;
  if (nfields == 0) say("refused: a message too long or not NUL-terminated", 0);
  else if (strcmp(fields[0], "start") == 0) start(fields + 1, nfields - 1, fds, nfds);
  else if (strcmp(fields[0], "kill") == 0) kill_execution(fields + 1, nfields - 1);
  else say("refused: an unknown message", 0);
  for (int i = 0; i < nfds; i++) close(fds[i]);
  return 1;
}

int main(int argc, char **argv) {
  // Without a filter only when told (exc found none for this architecture), never because descriptor 4 is missing.
  if (!(argc == 2 && strcmp(argv[1], "--no-seccomp") == 0)) load_seccomp();
  sigset_t child;
  sigemptyset(&child);
  sigaddset(&child, SIGCHLD);
  sigprocmask(SIG_BLOCK, &child, NULL);
  children = signalfd(-1, &child, SFD_CLOEXEC | SFD_NONBLOCK);
  if (children < 0) {
    say("signalfd", errno);
    return 2;
  }
  struct pollfd watched[2] = {{CONTROL_FD, POLLIN, 0}, {children, POLLIN, 0}};
  for (;;) {
    if (spare_pid < 0 && spare_wanted && !spare_broken) make_spare();
    if (poll(watched, 2, -1) < 0) {
      if (errno == EINTR) continue;
      say("poll", errno);
      break;
    }
    if (watched[1].revents) {
      struct signalfd_siginfo info;
      while (read(children, &info, sizeof info) > 0) {
      }
      reap();
    }
    if (watched[0].revents && !receive()) break;
  }
  if (spare_pid > 0) kill(spare_pid, SIGKILL);
  for (int i = 0; i < MAX_EXECUTIONS; i++)
    if (executions[i].pid > 0) kill(executions[i].pid, SIGKILL);
  return 0;
}
