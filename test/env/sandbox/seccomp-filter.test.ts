/**
 * The seccomp program, run on a small classic-BPF interpreter here (the kernel's rules:
 * 32-bit loads from struct seccomp_data, forward jumps, RET ends), so each decision is
 * checked without a sandbox; test/security/sandbox-syscalls.test.ts checks the kernel
 * enforces it.
 */
import { describe, expect, it } from "vitest";
import { assemble, CLONE_NEW_FLAGS, DENIED_SYSCALLS, seccompProgram } from "../../../src/env/sandbox/seccomp-filter.js";

const X86_64 = 0xc000003e;
const AARCH64 = 0xc00000b7;
const I386 = 0x40000003;
const ALLOW = 0x7fff0000;
const EPERM = 0x00050001;
const ENOSYS = 0x00050026;
const KILL = 0x80000000;

function run(program: Buffer, data: { nr: number; arch: number; args?: number[] }): number {
  const input = Buffer.alloc(64);
  input.writeInt32LE(data.nr, 0);
  input.writeUInt32LE(data.arch, 4);
  (data.args ?? []).forEach((a, i) => input.writeUInt32LE(a >>> 0, 16 + 8 * i));
  let acc = 0;
  for (let pc = 0; pc < program.length / 8; pc++) {
    const code = program.readUInt16LE(pc * 8);
    const jt = program.readUInt8(pc * 8 + 2);
    const jf = program.readUInt8(pc * 8 + 3);
    const k = program.readUInt32LE(pc * 8 + 4);
    if (code === 0x20) acc = input.readUInt32LE(k);
    else if (code === 0x06) return k;
    else if (code === 0x15) pc += acc === k ? jt : jf;
    else if (code === 0x35) pc += acc >= k ? jt : jf;
    else if (code === 0x45) pc += (acc & k) !== 0 ? jt : jf;
    else throw new Error(`unknown opcode ${code}`);
  }
  throw new Error("fell off the end of the program");
}

describe("seccomp filter", () => {
  const program = seccompProgram();

  it("refuses namespace, trace, keyring, bpf, mount and module calls on x86_64 with EPERM, and allows ordinary ones", () => {
    for (const nr of [272, 308, 101, 248, 249, 250, 321, 165, 166, 155, 298, 246, 175, 313]) expect(run(program, { nr, arch: X86_64 }), String(nr)).toBe(EPERM);
    for (const nr of [0, 1, 2, 57, 59, 60, 231, 39, 62]) expect(run(program, { nr, arch: X86_64 }), String(nr)).toBe(ALLOW);
  });

  it("clone passes unless a CLONE_NEW* flag is set; clone3 answers ENOSYS so glibc falls back", () => {
    const thread = 0x3d0f00; // CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD | ...
    expect(run(program, { nr: 56, arch: X86_64, args: [thread] })).toBe(ALLOW);
    expect(run(program, { nr: 56, arch: X86_64, args: [17] })).toBe(ALLOW); // fork: SIGCHLD only
    for (const bit of [0x10000000, 0x20000000, 0x40000000, 0x00020000, 0x02000000, 0x04000000, 0x08000000]) {
      expect(run(program, { nr: 56, arch: X86_64, args: [17 | bit] }), bit.toString(16)).toBe(EPERM);
    }
    expect(CLONE_NEW_FLAGS).toBe(0x7e020000);
    expect(run(program, { nr: 435, arch: X86_64 })).toBe(ENOSYS);
  });

  it("kills calls through another ABI (i386 on x86_64) and refuses x32 numbers", () => {
    expect(run(program, { nr: 20, arch: I386 })).toBe(KILL);
    expect(run(program, { nr: 0x40000000 + 272, arch: X86_64 })).toBe(EPERM);
    expect(run(program, { nr: 0x40000000, arch: X86_64 })).toBe(EPERM);
  });

  it("applies the aarch64 numbering on aarch64", () => {
    expect(run(program, { nr: 97, arch: AARCH64 })).toBe(EPERM); // unshare
    expect(run(program, { nr: 117, arch: AARCH64 })).toBe(EPERM); // ptrace
    expect(run(program, { nr: 220, arch: AARCH64, args: [0x10000000] })).toBe(EPERM); // clone(CLONE_NEWUSER)
    expect(run(program, { nr: 220, arch: AARCH64, args: [17] })).toBe(ALLOW);
    expect(run(program, { nr: 63, arch: AARCH64 })).toBe(ALLOW); // read
    expect(run(program, { nr: 272, arch: AARCH64 })).toBe(EPERM); // kcmp there, unshare on x86_64
  });

  it("names what it refuses, and the assembler refuses bad jumps", () => {
    expect(DENIED_SYSCALLS).toEqual(expect.arrayContaining(["unshare", "setns", "ptrace", "keyctl", "add_key", "request_key", "bpf", "mount", "umount2", "pivot_root", "perf_event_open", "kexec_load", "init_module"]));
    expect(() => assemble([{ jump: 0x15, k: 0, then: "nowhere" }, { ret: 0 }])).toThrow(/unknown label/);
    expect(() => assemble([{ label: "back" }, { ret: 0 }, { jump: 0x15, k: 0, then: "back" }])).toThrow(/out of range/);
  });
});
