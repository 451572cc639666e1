// zino-spawn: starts a child process with vfork semantics (clone with CLONE_VM | CLONE_VFORK), for zino-exc's
// tool processes (src/zino/exc/native-spawn.ts says why and when it is used).
//
// Node 20 starts every child with fork(): on a small VM that costs 5-7 ms of CPU per child, copying and then
// faulting the parent's page tables. A vfork child shares the parent's memory until it calls execve, so starting it
// costs about what the exec itself costs. glibc's posix_spawn works the same way, but it cannot drop to another
// user, which exc's sandboxes need, so the child's steps are written out here, each one a plain system call:
//
//   signal handlers back to their defaults, a new session (its own process group, like Node's `detached`),
//   the standard streams and extra descriptors moved into place, every other descriptor closed, the working
//   directory, the groups, group and user dropped (raw system calls: glibc's wrappers would signal the parent's
//   threads, whose memory the child shares), SIGKILL asked for when the parent dies, the signal mask emptied, then
//   execve.
//
// A step that fails leaves its errno in memory the parent reads once the child is gone, and the child exits 127:
// the parent then reaps it and throws an error naming the step and the errno, as Node's spawn reports ENOENT and the
// like.
//
// The exit is watched through a pidfd polled on Node's own event loop (uv_poll): no thread, no SIGCHLD handler, and
// libuv's own children are left alone. The callback gets (exit code, signal number), one of them -1.
//
// It also makes pipes and SOCK_SEQPACKET socket pairs, and sends a message with descriptors on such a socket
// (SCM_RIGHTS): how exc hands each execution's pipes to its sandbox zygote (native/zino-zygote.c).
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <node_api.h>
#include <sched.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <uv.h>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef SYS_close_range
#define SYS_close_range 436
#endif
#ifndef P_PIDFD
#define P_PIDFD 3
#endif

#define MAX_CHILD_FDS 64
#define CHILD_STACK_BYTES (64 * 1024)

struct child_args {
  const char *file;
  char *const *argv;
  char *const *envp;
  const char *cwd;
  long uid;
  long gid;
  pid_t parent;
  int fds[MAX_CHILD_FDS];
  int nfds;
  volatile int err;
  volatile const char *step;
};

static _Noreturn void child_fail(struct child_args *a, const char *step) {
  a->err = errno ? errno : EINVAL;
  a->step = step;
  _exit(127);
}

static int child_main(void *arg) {
  struct child_args *a = arg;
  for (int sig = 1; sig < NSIG; sig++) {
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigaction(sig, &dfl, NULL); // fails for SIGKILL, SIGSTOP and glibc's own signals: nothing to reset there
  }
  if (setsid() < 0) child_fail(a, "setsid");
  // Each descriptor is first copied above the target range, so that a source already sitting on a target number
  // is not overwritten before it is moved; dup2 then clears close-on-exec on the targets, and close_range drops the
  // copies with everything else.
  int moved[MAX_CHILD_FDS];
  for (int i = 0; i < a->nfds; i++) {
    moved[i] = fcntl(a->fds[i], F_DUPFD_CLOEXEC, a->nfds);
    if (moved[i] < 0) child_fail(a, "dup");
  }
  for (int i = 0; i < a->nfds; i++)
    if (dup2(moved[i], i) < 0) child_fail(a, "dup2");
  if (syscall(SYS_close_range, (unsigned)a->nfds, ~0U, 0) < 0) {
    long max = sysconf(_SC_OPEN_MAX);
    if (max < 0 || max > 65536) max = 65536;
    for (long fd = a->nfds; fd < max; fd++) close((int)fd);
  }
  if (a->cwd && chdir(a->cwd) < 0) child_fail(a, "chdir");
  if ((a->gid >= 0 || a->uid >= 0) && syscall(SYS_setgroups, 0, NULL) < 0 && geteuid() == 0) {
    // Dropping from root must drop root's supplementary groups too (group 0 would stay otherwise); as another user
    // setgroups fails, and there are no such groups to drop.
    child_fail(a, "setgroups");
  }
  if (a->gid >= 0 && syscall(SYS_setgid, (gid_t)a->gid) < 0) child_fail(a, "setgid");
  if (a->uid >= 0 && syscall(SYS_setuid, (uid_t)a->uid) < 0) child_fail(a, "setuid");
  // The child is killed when the process that started it dies, even by SIGKILL: nothing of an execution outlives
  // zino-exc (a sandbox's bwrap takes its whole PID namespace with it). Asked after the drop, which clears it; a
  // parent that died before the ask is caught by getppid. It survives execve, but for a set-user-ID program (a
  // setuid bwrap, whose --die-with-parent does the same).
  if (syscall(SYS_prctl, PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) < 0) child_fail(a, "prctl");
  if ((pid_t)syscall(SYS_getppid) != a->parent) {
    errno = ESRCH;
    child_fail(a, "getppid");
  }
  sigset_t none;
  sigemptyset(&none);
  if (syscall(SYS_rt_sigprocmask, SIG_SETMASK, &none, NULL, NSIG / 8) < 0) child_fail(a, "sigprocmask");
  execve(a->file, a->argv, a->envp);
  child_fail(a, "exec");
}

// ---- N-API helpers ----

#define CHECK(call)                                                                                                    \
  do {                                                                                                                 \
    if ((call) != napi_ok) goto fail;                                                                                  \
  } while (0)

// Throws an Error with `errno` (negative, as Node's own errors have it) and `syscall` (the step that failed);
// native-spawn.ts names its `code` (ENOENT, EACCES, ...) from the errno.
static napi_value throw_errno(napi_env env, int err, const char *step, const char *file) {
  char message[512];
  snprintf(message, sizeof message, "%s %s: %s", step, file ? file : "", strerror(err));
  napi_value msg, error, errno_value, step_value;
  napi_create_string_utf8(env, message, NAPI_AUTO_LENGTH, &msg);
  napi_create_error(env, NULL, msg, &error);
  napi_create_int32(env, -err, &errno_value);
  napi_set_named_property(env, error, "errno", errno_value);
  napi_create_string_utf8(env, step, NAPI_AUTO_LENGTH, &step_value);
  napi_set_named_property(env, error, "syscall", step_value);
  napi_throw(env, error);
  return NULL;
}

static char *string_of(napi_env env, napi_value value) {
  size_t length = 0;
  if (napi_get_value_string_utf8(env, value, NULL, 0, &length) != napi_ok) return NULL;
  char *text = malloc(length + 1);
  if (!text) return NULL;
  if (napi_get_value_string_utf8(env, value, text, length + 1, &length) != napi_ok) {
    free(text);
    return NULL;
  }
  if (strlen(text) != length) { // a NUL inside the string: execve would cut it there
    free(text);
    return NULL;
  }
  return text;
}

/** A NULL-terminated array of the strings of a JS array; NULL when it is not an array of strings. */
static char **strings_of(napi_env env, napi_value array) {
  uint32_t n = 0;
  if (napi_get_array_length(env, array, &n) != napi_ok || n > 1u << 20) return NULL;
  char **out = calloc(n + 1, sizeof *out);
  if (!out) return NULL;
  for (uint32_t i = 0; i < n; i++) {
    napi_value item;
    if (napi_get_element(env, array, i, &item) != napi_ok || !(out[i] = string_of(env, item))) {
      for (uint32_t j = 0; j < i; j++) free(out[j]);
      free(out);
      return NULL;
    }
  }
  return out;
}

static void free_strings(char **strings) {
  if (!strings) return;
  for (char **s = strings; *s; s++) free(*s);
  free(strings);
}

// ---- exit watching ----

struct watch {
  uv_poll_t poll;
  int pidfd;
  pid_t pid;
  napi_env env;
  napi_ref callback;
  napi_async_context context;
};

static void watch_closed(uv_handle_t *handle) {
  struct watch *w = handle->data;
  close(w->pidfd);
  free(w);
}

static void child_exited(uv_poll_t *poll, int status, int events) {
  (void)status;
  (void)events;
  struct watch *w = poll->data;
  siginfo_t info;
  memset(&info, 0, sizeof info);
  if (waitid((idtype_t)P_PIDFD, (id_t)w->pidfd, &info, WEXITED | WNOHANG) < 0) {
    if (errno == EINTR || errno == EAGAIN) return;
  } else if (info.si_pid == 0) {
    return; // woken before the exit: wait for the next readiness
  }
  uv_poll_stop(poll);
  int code = -1, signal = -1;
  if (info.si_code == CLD_EXITED) code = info.si_status;
  else if (info.si_code == CLD_KILLED || info.si_code == CLD_DUMPED) signal = info.si_status;
  else code = 127; // waitid itself failed: reaped elsewhere; say the child is gone

  napi_env env = w->env;
  napi_handle_scope scope;
  napi_open_handle_scope(env, &scope);
  napi_value callback, recv, args[2];
  napi_get_reference_value(env, w->callback, &callback);
  napi_get_global(env, &recv); // napi_make_callback wants an object as `this`
  napi_create_int32(env, code, &args[0]);
  napi_create_int32(env, signal, &args[1]);
  napi_value result;
  if (napi_make_callback(env, w->context, recv, callback, 2, args, &result) == napi_pending_exception) {
    napi_value exception;
    napi_get_and_clear_last_exception(env, &exception);
    napi_fatal_exception(env, exception);
  }
  napi_close_handle_scope(env, scope);
  napi_delete_reference(env, w->callback);
  napi_async_destroy(env, w->context);
  uv_close((uv_handle_t *)poll, watch_closed);
}

// ---- spawn(file, argv, envp, cwd, uid, gid, fds, onExit) -> pid ----
// fds: the descriptors the child gets as 0, 1, 2, ... (this process keeps its own copies; close them after).

// The vfork child's stack, one per thread that spawns (the thread waits while its child uses it).
static __thread char *child_stack;

static napi_value spawn(napi_env env, napi_callback_info info) {
  size_t argc = 8;
  napi_value argv[8];
  napi_value result = NULL;
  struct child_args a;
  memset(&a, 0, sizeof a);
  char *file = NULL, *cwd = NULL;
  char **args = NULL, **envp = NULL;
  struct watch *w = NULL;
  int polled = 0;
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  if (argc < 8) {
    napi_throw_type_error(env, "EINVAL", "spawn(file, argv, envp, cwd, uid, gid, fds, onExit)");
    return NULL;
  }
  file = string_of(env, argv[0]);
  args = strings_of(env, argv[1]);
  envp = strings_of(env, argv[2]);
  cwd = string_of(env, argv[3]);
  int64_t uid, gid;
  uint32_t nfds = 0;
  napi_valuetype callback_type;
  if (!file || !args || !envp || !cwd || napi_get_value_int64(env, argv[4], &uid) != napi_ok ||
      napi_get_value_int64(env, argv[5], &gid) != napi_ok || napi_get_array_length(env, argv[6], &nfds) != napi_ok ||
      nfds > MAX_CHILD_FDS || napi_typeof(env, argv[7], &callback_type) != napi_ok || callback_type != napi_function) {
    napi_throw_type_error(env, "EINVAL", "spawn: strings without NUL characters, numbers, at most 64 descriptors and a callback");
    goto done;
  }
  for (uint32_t i = 0; i < nfds; i++) {
    napi_value item;
    int32_t fd;
    CHECK(napi_get_element(env, argv[6], i, &item));
    CHECK(napi_get_value_int32(env, item, &fd));
    a.fds[i] = fd;
  }
  a.nfds = (int)nfds;
  a.file = file;
  a.argv = args;
  a.envp = envp;
  a.cwd = cwd;
  a.uid = (long)uid;
  a.gid = (long)gid;
  a.parent = getpid();

  if (!child_stack) {
    void *stack = mmap(NULL, CHILD_STACK_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
    if (stack == MAP_FAILED) {
      throw_errno(env, errno, "mmap", file);
      goto done;
    }
    child_stack = stack;
  }
  // Every signal is blocked while the child shares this memory: a handler of this process must not run on the
  // child's stack. The child sets its handlers back to the defaults, then empties its mask, before execve.
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &old);
  pid_t pid = clone(child_main, child_stack + CHILD_STACK_BYTES, CLONE_VM | CLONE_VFORK | SIGCHLD, &a);
  int clone_errno = errno;
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  if (pid < 0) {
    throw_errno(env, clone_errno, "clone", file);
    goto done;
  }
  if (a.err) {
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    const char *step = (const char *)a.step;
    throw_errno(env, a.err, step, strcmp(step, "chdir") == 0 ? cwd : file);
    goto done;
  }

  w = calloc(1, sizeof *w);
  int pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
  if (!w || pidfd < 0) {
    // Cannot watch it: it must not run unwatched.
    int err = w ? errno : ENOMEM;
    kill(-pid, SIGKILL);
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (pidfd >= 0) close(pidfd);
    free(w);
    throw_errno(env, err, "pidfd_open", file);
    goto done;
  }
  w->pidfd = pidfd;
  w->pid = pid;
  w->env = env;
  uv_loop_t *loop;
  napi_value resource_name;
  CHECK(napi_get_uv_event_loop(env, &loop));
  CHECK(napi_create_reference(env, argv[7], 1, &w->callback));
  CHECK(napi_create_string_utf8(env, "zino-spawn", NAPI_AUTO_LENGTH, &resource_name));
  CHECK(napi_async_init(env, NULL, resource_name, &w->context));
  if (uv_poll_init(loop, &w->poll, pidfd) != 0) goto fail;
  w->poll.data = w;
  polled = 1;
  if (uv_poll_start(&w->poll, UV_READABLE, child_exited) != 0) goto fail;
  CHECK(napi_create_int32(env, pid, &result));
  goto done;

fail:
  // The child was started but cannot be watched (or its pid not returned): it must not run unwatched.
  if (w && w->pid > 0) {
    kill(-w->pid, SIGKILL);
    int status;
    while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (w->callback) napi_delete_reference(env, w->callback);
    if (w->context) napi_async_destroy(env, w->context);
    if (polled) uv_close((uv_handle_t *)&w->poll, watch_closed); // closes the pidfd and frees w once libuv lets go
    else {
      close(w->pidfd);
      free(w);
    }
  }
  napi_throw_error(env, "ESPAWN", "zino-spawn: cannot start or watch the child");
done:
  free(file);
  free(cwd);
  free_strings(args);
  free_strings(envp);
  return result;
}

// ---- pipe() -> [read end, write end], both close-on-exec ----

/** [ends[0], ends[1]] as a JavaScript array. */
static napi_value pair_of(napi_env env, const int ends[2]) {
  napi_value result, first, second;
  napi_create_array_with_length(env, 2, &result);
  napi_create_int32(env, ends[0], &first);
  napi_create_int32(env, ends[1], &second);
  napi_set_element(env, result, 0, first);
  napi_set_element(env, result, 1, second);
  return result;
}

static napi_value make_pipe(napi_env env, napi_callback_info info) {
  (void)info;
  int ends[2];
  if (pipe2(ends, O_CLOEXEC) < 0) return throw_errno(env, errno, "pipe", NULL);
  return pair_of(env, ends);
}

// ---- socketpair() -> [a, b]: a SOCK_SEQPACKET pair, both close-on-exec (zino-exc's end and the zygote's) ----

static napi_value make_socketpair(napi_env env, napi_callback_info info) {
  (void)info;
  int ends[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, ends) < 0) return throw_errno(env, errno, "socketpair", NULL);
  return pair_of(env, ends);
}

#define MAX_SENT_FDS 32

// ---- send(socket, bytes, fds): one message on a SOCK_SEQPACKET socket, the descriptors passed with it ----
// (SCM_RIGHTS; the receiver gets copies, the caller still closes its own). Non-blocking: a full socket throws EAGAIN.

static napi_value send_with_fds(napi_env env, napi_callback_info info) {
  size_t argc = 3;
  napi_value argv[3];
  int32_t sock;
  void *bytes;
  size_t length;
  uint32_t count;
  int fds[MAX_SENT_FDS];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  if (argc < 3) goto fail;
  CHECK(napi_get_value_int32(env, argv[0], &sock));
  CHECK(napi_get_buffer_info(env, argv[1], &bytes, &length));
  CHECK(napi_get_array_length(env, argv[2], &count));
  if (count > MAX_SENT_FDS) goto fail;
  for (uint32_t i = 0; i < count; i++) {
    napi_value item;
    CHECK(napi_get_element(env, argv[2], i, &item));
    CHECK(napi_get_value_int32(env, item, &fds[i]));
  }
  {
    char control[CMSG_SPACE(sizeof(int) * MAX_SENT_FDS)];
    memset(control, 0, sizeof control);
    struct iovec iov = {bytes, length};
    struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1};
    if (count > 0) {
      msg.msg_control = control;
      msg.msg_controllen = CMSG_SPACE(sizeof(int) * count);
      struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
      c->cmsg_level = SOL_SOCKET;
      c->cmsg_type = SCM_RIGHTS;
      c->cmsg_len = CMSG_LEN(sizeof(int) * count);
      memcpy(CMSG_DATA(c), fds, sizeof(int) * count);
    }
    if (sendmsg(sock, &msg, MSG_NOSIGNAL | MSG_DONTWAIT) < 0) return throw_errno(env, errno, "sendmsg", NULL);
  }
  return NULL;
fail:
  napi_throw_type_error(env, NULL, "send(socket, buffer, fds) takes a descriptor, a Buffer and at most 32 descriptors");
  return NULL;
}

// ---- probe() -> "" when this kernel has what spawn needs (pidfd_open: Linux 5.3, waitid on a pidfd: 5.4), else why

static napi_value probe(napi_env env, napi_callback_info info) {
  (void)info;
  const char *reason = "";
  int pidfd = (int)syscall(SYS_pidfd_open, getpid(), 0);
  if (pidfd < 0) {
    reason = "this kernel has no pidfd_open (Linux 5.3 or later is needed)";
  } else {
    siginfo_t si;
    // On this process itself: ECHILD where waitid takes a pidfd, EINVAL where it does not.
    if (waitid((idtype_t)P_PIDFD, (id_t)pidfd, &si, WEXITED | WNOHANG) < 0 && errno == EINVAL)
      reason = "this kernel's waitid takes no pidfd (Linux 5.4 or later is needed)";
    close(pidfd);
  }
  napi_value result;
  napi_create_string_utf8(env, reason, NAPI_AUTO_LENGTH, &result);
  return result;
}

static napi_value init(napi_env env, napi_value exports) {
  napi_property_descriptor properties[] = {
      {"probe", NULL, probe, NULL, NULL, NULL, napi_default, NULL},
      {"spawn", NULL, spawn, NULL, NULL, NULL, napi_default, NULL},
      {"pipe", NULL, make_pipe, NULL, NULL, NULL, napi_default, NULL},
      {"socketpair", NULL, make_socketpair, NULL, NULL, NULL, napi_default, NULL},
      {"send", NULL, send_with_fds, NULL, NULL, NULL, napi_default, NULL},
  };
  napi_define_properties(env, exports, sizeof properties / sizeof properties[0], properties);
  return exports;
}

NAPI_MODULE(NODE_GYP_MODULE_NAME, init)
