/**
 * The sandbox's seccomp filter, as the classic BPF program bubblewrap loads with
 * `--seccomp FD` (no libseccomp needed): a deny list on top of the namespaces, so that
 * code which finds a way around them still cannot make new namespaces, trace other
 * processes, reach kernel keyrings, load BPF or kernel modules, mount, or open perf
 * events. Everything else is allowed: Python, subprocesses, threads and multiprocessing
 * work as usual.
 *
 * The kernel runs the program on every system call with `struct seccomp_data`
 * ({ int nr; u32 arch; u64 instruction_pointer; u64 args[6] }) as its input. The program:
 *
 *   1. loads `arch`; a call made through any ABI but x86_64 or aarch64 (i386's int 0x80
 *      on an x86_64 host, with its other numbering) kills the process;
 *   2. on x86_64, refuses x32 numbers (bit 30 set), whose numbering differs again;
 *   3. loads `nr` and answers EPERM for every call on the deny list;
 *   4. answers ENOSYS for clone3, whose flags sit in memory the filter cannot read, so
 *      that glibc falls back to clone;
 *   5. for clone, loads the low half of args[0] (the flags) and answers EPERM when any
 *      CLONE_NEW* bit is set;
 *   6. allows the rest.
 */

// Instruction classes and modes (linux/bpf_common.h).
const BPF_LD_W_ABS = 0x00 | 0x00 | 0x20; // BPF_LD | BPF_W | BPF_ABS
const BPF_JMP_JEQ_K = 0x05 | 0x10 | 0x00; // BPF_JMP | BPF_JEQ | BPF_K
const BPF_JMP_JGE_K = 0x05 | 0x30 | 0x00; // BPF_JMP | BPF_JGE | BPF_K
const BPF_JMP_JSET_K = 0x05 | 0x40 | 0x00; // BPF_JMP | BPF_JSET | BPF_K
const BPF_RET_K = 0x06 | 0x00; // BPF_RET | BPF_K

// Return values (linux/seccomp.h) and errno values.
const SECCOMP_RET_KILL_PROCESS = 0x80000000;
const SECCOMP_RET_ERRNO = 0x00050000;
const SECCOMP_RET_ALLOW = 0x7fff0000;
const EPERM = 1;
const ENOSYS = 38;

// Offsets into struct seccomp_data (little-endian: the low word of args[0] comes first).
const OFFSET_NR = 0;
const OFFSET_ARCH = 4;
const OFFSET_ARG0_LOW = 16;

const AUDIT_ARCH_X86_64 = 0xc000003e;
const AUDIT_ARCH_AARCH64 = 0xc00000b7;
const X32_SYSCALL_BIT = 0x40000000;

/**
 * CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER |
 * CLONE_NEWPID | CLONE_NEWNET. (CLONE_NEWTIME, 0x80, is in clone's exit-signal byte and
 * reachable only through unshare and clone3, both refused whole.)
 */
export const CLONE_NEW_FLAGS = 0x00020000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000 | 0x20000000 | 0x40000000;

/** The refused calls, by name, with their numbers on each architecture. */
const DENIED: Record<string, { x86_64: number; aarch64: number }> = {
  unshare: { x86_64: 272, aarch64: 97 },
  setns: { x86_64: 308, aarch64: 268 },
  ptrace: { x86_64: 101, aarch64: 117 },
  process_vm_readv: { x86_64: 310, aarch64: 270 },
  process_vm_writev: { x86_64: 311, aarch64: 271 },
  kcmp: { x86_64: 312, aarch64: 272 },
  add_key: { x86_64: 248, aarch64: 217 },
  request_key: { x86_64: 249, aarch64: 218 },
  keyctl: { x86_64: 250, aarch64: 219 },
  bpf: { x86_64: 321, aarch64: 280 },
  perf_event_open: { x86_64: 298, aarch64: 241 },
  userfaultfd: { x86_64: 323, aarch64: 282 },
  mount: { x86_64: 165, aarch64: 40 },
  umount2: { x86_64: 166, aarch64: 39 },
  pivot_root: { x86_64: 155, aarch64: 41 },
  chroot: { x86_64: 161, aarch64: 51 },
  open_tree: { x86_64: 428, aarch64: 428 },
  move_mount: { x86_64: 429, aarch64: 429 },
  fsopen: { x86_64: 430, aarch64: 430 },
  fsconfig: { x86_64: 431, aarch64: 431 },
  fsmount: { x86_64: 432, aarch64: 432 },
  fspick: { x86_64: 433, aarch64: 433 },
  mount_setattr: { x86_64: 442, aarch64: 442 },
  kexec_load: { x86_64: 246, aarch64: 104 },
  kexec_file_load: { x86_64: 320, aarch64: 294 },
  init_module: { x86_64: 175, aarch64: 105 },
  finit_module: { x86_64: 313, aarch64: 273 },
  delete_module: { x86_64: 176, aarch64: 106 },
  io_uring_setup: { x86_64: 425, aarch64: 425 },
  io_uring_enter: { x86_64: 426, aarch64: 426 },
  io_uring_register: { x86_64: 427, aarch64: 427 },
  open_by_handle_at: { x86_64: 304, aarch64: 265 },
  name_to_handle_at: { x86_64: 303, aarch64: 264 },
  reboot: { x86_64: 169, aarch64: 142 },
  swapon: { x86_64: 167, aarch64: 224 },
  swapoff: { x86_64: 168, aarch64: 225 },
  acct: { x86_64: 163, aarch64: 89 },
  syslog: { x86_64: 103, aarch64: 116 },
  lookup_dcookie: { x86_64: 212, aarch64: 18 },
  // x86_64 only (-1: no such call on aarch64): I/O port privileges, the a.out loader.
  iopl: { x86_64: 172, aarch64: -1 },
  ioperm: { x86_64: 173, aarch64: -1 },
  uselib: { x86_64: 134, aarch64: -1 },
};
const CLONE = { x86_64: 56, aarch64: 220 };
const CLONE3 = { x86_64: 435, aarch64: 435 };

/** The names of the refused calls (for the run manifest and tests). */
export const DENIED_SYSCALLS = Object.keys(DENIED);

type Arch = "x86_64" | "aarch64";

/** One instruction; jumps name labels, resolved to forward offsets by `assemble`. */
type Op =
  | { load: number }
  | { jump: number; k: number; then: string; else?: string }
  | { ret: number }
  | { label: string };

const load = (offset: number): Op => ({ load: offset });
const ifEq = (k: number, then: string, otherwise?: string): Op => ({ jump: BPF_JMP_JEQ_K, k, then, else: otherwise });
const ifGe = (k: number, then: string): Op => ({ jump: BPF_JMP_JGE_K, k, then });
const ifSet = (k: number, then: string): Op => ({ jump: BPF_JMP_JSET_K, k, then });
const ret = (value: number): Op => ({ ret: value });
const label = (name: string): Op => ({ label: name });

/**
 * Turns `ops` into `struct sock_filter` entries ({ u16 code; u8 jt; u8 jf; u32 k },
 * little-endian). A jump offset counts the instructions skipped after the jump, so
 * classic BPF only jumps forward, at most 255 places: both are checked.
 */
export function assemble(ops: Op[]): Buffer {
  const code = ops.filter((op) => !("label" in op));
  const at = new Map<string, number>();
  let index = 0;
  for (const op of ops) {
    if ("label" in op) {
      if (at.has(op.label)) throw new Error(`seccomp: label ${op.label} defined twice`);
      at.set(op.label, index);
    } else index += 1;
  }
  const out = Buffer.alloc(code.length * 8);
  code.forEach((op, i) => {
    let c: number;
    let jt = 0;
    let jf = 0;
    let k: number;
    if ("load" in op) {
      c = BPF_LD_W_ABS;
      k = op.load;
    } else if ("ret" in op) {
      c = BPF_RET_K;
      k = op.ret;
    } else if ("jump" in op) {
      c = op.jump;
      k = op.k;
      const offset = (name: string | undefined): number => {
        if (name === undefined) return 0;
        const target = at.get(name);
        if (target === undefined) throw new Error(`seccomp: unknown label ${name}`);
        const d = target - (i + 1);
        if (d < 0 || d > 255) throw new Error(`seccomp: jump to ${name} out of range (${d})`);
        return d;
      };
      jt = offset(op.then);
      jf = offset(op.else);
    } else throw new Error("seccomp: bad instruction");
    out.writeUInt16LE(c, i * 8);
    out.writeUInt8(jt, i * 8 + 2);
    out.writeUInt8(jf, i * 8 + 3);
    out.writeUInt32LE(k >>> 0, i * 8 + 4);
  });
  return out;
}

function archBlock(arch: Arch): Op[] {
  const p = (name: string) => `${arch}:${name}`;
  const ops: Op[] = [load(OFFSET_NR)];
  if (arch === "x86_64") ops.push(ifGe(X32_SYSCALL_BIT, p("eperm")));
  for (const numbers of Object.values(DENIED)) if (numbers[arch] >= 0) ops.push(ifEq(numbers[arch], p("eperm")));
  ops.push(ifEq(CLONE3[arch], p("enosys")), ifEq(CLONE[arch], p("clone")), ret(SECCOMP_RET_ALLOW));
  ops.push(label(p("clone")), load(OFFSET_ARG0_LOW), ifSet(CLONE_NEW_FLAGS, p("eperm")), ret(SECCOMP_RET_ALLOW));
  ops.push(label(p("eperm")), ret(SECCOMP_RET_ERRNO | EPERM), label(p("enosys")), ret(SECCOMP_RET_ERRNO | ENOSYS));
  return ops;
}

/** The whole filter program, ready to hand to bwrap. */
export function seccompProgram(): Buffer {
  return assemble([
    load(OFFSET_ARCH),
    ifEq(AUDIT_ARCH_X86_64, "x86_64", "not-x86_64"),
    label("not-x86_64"),
    ifEq(AUDIT_ARCH_AARCH64, "aarch64", "kill"),
    label("kill"),
    ret(SECCOMP_RET_KILL_PROCESS),
    label("x86_64"),
    ...archBlock("x86_64"),
    label("aarch64"),
    ...archBlock("aarch64"),
  ]);
}
