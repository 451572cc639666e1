// The seccomp filter of the sandbox (issue 11): a classic BPF program, built here byte by byte, that bubblewrap
// loads (`--seccomp FD`) just before it runs the tool. It denies with EPERM the system calls a tool never needs and
// that only widen the kernel surface it can reach: namespaces, mounts, ptrace and cross-process memory access, the
// kernel keyring, eBPF, perf, kexec, kernel modules, io_uring, clock and host settings. clone() is denied only when
// it asks for a new namespace, so fork and threads work; clone3() answers ENOSYS, which makes libc fall back to
// clone() (its flags sit in memory the filter cannot read). Any other architecture (a 32-bit int 0x80 call on
// x86_64) kills the process, as do x32 calls.

/** Architectures the filter knows: the AUDIT_ARCH value of seccomp_data.arch and the numbers of the calls. */
export type SeccompArch = "x64" | "arm64";

const AUDIT_ARCH: Record<SeccompArch, number> = {
  x64: 0xc000003e, // AUDIT_ARCH_X86_64
  arm64: 0xc00000b7, // AUDIT_ARCH_AARCH64
};

/** System calls denied with EPERM, by name: x86_64 numbers, then the asm-generic ones aarch64 uses. */
const DENIED: Record<string, [x64: number, arm64: number]> = {
  setns: [308, 268],
  mount: [165, 40],
  umount2: [166, 39],
  pivot_root: [155, 41],
  chroot: [161, 51],
  fsopen: [430, 430],
  fsconfig: [431, 431],
  fsmount: [432, 432],
  fspick: [433, 433],
  move_mount: [429, 429],
  open_tree: [428, 428],
  mount_setattr: [442, 442],
  open_by_handle_at: [304, 265],
  name_to_handle_at: [303, 264],
  ptrace: [101, 117],
  process_vm_readv: [310, 270],
  process_vm_writev: [311, 271],
  keyctl: [250, 219],
  add_key: [248, 217],
  request_key: [249, 218],
  bpf: [321, 280],
  perf_event_open: [298, 241],
  userfaultfd: [323, 282],
  io_uring_setup: [425, 425],
  io_uring_enter: [426, 426],
  io_uring_register: [427, 427],
  kexec_load: [246, 104],
  kexec_file_load: [320, 294],
  init_module: [175, 105],
  finit_module: [313, 273],
  delete_module: [176, 106],
  swapon: [167, 224],
  swapoff: [168, 225],
  reboot: [169, 142],
  acct: [163, 89],
  syslog: [103, 116],
  quotactl: [179, 60],
  lookup_dcookie: [212, 18],
  settimeofday: [164, 170],
  clock_settime: [227, 112],
  clock_adjtime: [305, 266],
  adjtimex: [159, 171],
  sethostname: [170, 161],
  setdomainname: [171, 162],
  vhangup: [153, 58],
};
/** x86_64 only: raw port I/O. */
const DENIED_X64_ONLY: Record<string, number> = { iopl: 172, ioperm: 173, uselib: 134 };

/** Denied only with a CLONE_NEW* flag in their first argument. */
const NAMESPACE_CALLS: Record<SeccompArch, { clone: number; unshare: number; clone3: number }> = {
  x64: { clone: 56, unshare: 272, clone3: 435 },
  arm64: { clone: 220, unshare: 97, clone3: 435 },
};

/** CLONE_NEWTIME | CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET. */
export const CLONE_NAMESPACE_FLAGS = 0x80 | 0x20000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000 | 0x20000000 | 0x40000000;

const X32_SYSCALL_BIT = 0x40000000;
const EPERM = 1;
const ENOSYS = 38;

// struct seccomp_data: int nr; __u32 arch; __u64 instruction_pointer; __u64 args[6] (little-endian on both archs).
const OFFSET_NR = 0;
const OFFSET_ARCH = 4;
const OFFSET_ARG0_LOW = 16;

// BPF opcodes (linux/filter.h).
const LD_W_ABS = 0x00 | 0x00 | 0x20; // BPF_LD | BPF_W | BPF_ABS
const JEQ_K = 0x05 | 0x10; // BPF_JMP | BPF_JEQ | BPF_K
const JGE_K = 0x05 | 0x30; // BPF_JMP | BPF_JGE | BPF_K
const JSET_K = 0x05 | 0x40; // BPF_JMP | BPF_JSET | BPF_K
const RET_K = 0x06; // BPF_RET | BPF_K

const RET_ALLOW = 0x7fff0000;
const RET_ERRNO = 0x00050000;
const RET_KILL_PROCESS = 0x80000000;

interface Instruction {
  code: number;
  jt: number;
  jf: number;
  k: number;
}

/** The architecture of this Node process in seccomp terms, or undefined when the filter has no table for it. */
export function seccompArch(arch: string = process.arch): SeccompArch | undefined {
  return arch === "x64" || arch === "arm64" ? arch : undefined;
}

/** The denied call numbers of an architecture (tests use them to check the table has no duplicates). */
export function deniedSyscalls(arch: SeccompArch): number[] {
  const index = arch === "x64" ? 0 : 1;
  const numbers = Object.values(DENIED).map((pair) => pair[index]);
  return arch === "x64" ? [...numbers, ...Object.values(DENIED_X64_ONLY)] : numbers;
}

/**
 * The program as bwrap reads it: struct sock_filter {u16 code; u8 jt; u8 jf; u32 k} in native (little-endian)
 * order, one after the other. Jumps are relative to the next instruction; the program stays far under the 255
 * instructions a conditional jump can skip.
 */
export function seccompProgram(arch: SeccompArch): Buffer {
  const denied = deniedSyscalls(arch);
  const calls = NAMESPACE_CALLS[arch];
  const program: Instruction[] = [];
  const add = (code: number, k: number, jt = 0, jf = 0) => program.push({ code, jt, jf, k });
  // The targets are at the end; their indexes are known once the checks are counted.
  const checks = 3 + (arch === "x64" ? 1 : 0) + denied.length + 3 + 1;
  const namespaceCheck = checks;
  const retDeny = namespaceCheck + 3;
  const retNoSys = retDeny + 1;
  const retKill = retNoSys + 1;
  const to = (target: number) => target - program.length - 1;

  add(LD_W_ABS, OFFSET_ARCH);
  add(JEQ_K, AUDIT_ARCH[arch], 0, to(retKill));
  add(LD_W_ABS, OFFSET_NR);
  if (arch === "x64") add(JGE_K, X32_SYSCALL_BIT, to(retKill), 0);
  for (const nr of denied) add(JEQ_K, nr, to(retDeny), 0);
  add(JEQ_K, calls.clone, to(namespaceCheck), 0);
  add(JEQ_K, calls.unshare, to(namespaceCheck), 0);
  add(JEQ_K, calls.clone3, to(retNoSys), 0);
  add(RET_K, RET_ALLOW);
  if (program.length !== namespaceCheck) throw new Error("seccomp program layout is inconsistent");
  add(LD_W_ABS, OFFSET_ARG0_LOW);
  add(JSET_K, CLONE_NAMESPACE_FLAGS, to(retDeny), 0);
  add(RET_K, RET_ALLOW);
  add(RET_K, RET_ERRNO | EPERM);
  add(RET_K, RET_ERRNO | ENOSYS);
  add(RET_K, RET_KILL_PROCESS);

  const bytes = Buffer.alloc(program.length * 8);
  program.forEach((insn, i) => {
    if (insn.jt > 255 || insn.jf > 255 || insn.jt < 0 || insn.jf < 0) throw new Error("seccomp jump out of range");
    bytes.writeUInt16LE(insn.code, i * 8);
    bytes.writeUInt8(insn.jt, i * 8 + 2);
    bytes.writeUInt8(insn.jf, i * 8 + 3);
    bytes.writeUInt32LE(insn.k >>> 0, i * 8 + 4);
  });
  return bytes;
}
