/**
 * The few pieces needed to hand-assemble a small WebAssembly module (no toolchain): LEB128, names,
 * sections, the opcodes our SIMD kernels use, and a locally typed view of the WebAssembly API (not
 * every tsconfig that reaches the engine has the DOM lib).
 */

/** Bytes per WebAssembly memory page. */
export const PAGE = 65536;

/** Value types. */
export const I32 = 0x7f;
export const F32 = 0x7d;
export const V128 = 0x7b;

/**
 * LEB128 encoding of an unsigned integer.
 * @param value a non-negative integer below 2^32
 */
export function leb(value: number): number[] {
  const out: number[] = [];
  let v = value >>> 0;
  do {
    let byte = v & 0x7f;
    v >>>= 7;
    if (v !== 0) byte |= 0x80;
    out.push(byte);
  } while (v !== 0);
  return out;
}

/**
 * Signed LEB128 encoding, as i32.const needs (an unsigned encoding of 64..127 would read back negative).
 * @param value an integer in the int32 range
 */
export function sleb(value: number): number[] {
  const out: number[] = [];
  let v = value | 0;
  for (;;) {
    const byte = v & 0x7f;
    v >>= 7;
    const done = (v === 0 && (byte & 0x40) === 0) || (v === -1 && (byte & 0x40) !== 0);
    out.push(done ? byte : byte | 0x80);
    if (done) return out;
  }
}

/**
 * A length-prefixed name (ASCII).
 * @param text the name
 */
export function name(text: string): number[] {
  return [text.length, ...Array.from(text, (c) => c.charCodeAt(0))];
}

/**
 * A module section.
 * @param id section id (1 type, 2 import, 3 function, 7 export, 10 code)
 * @param body the section's contents
 */
export function section(id: number, body: number[]): number[] {
  return [id, ...leb(body.length), ...body];
}

/** SIMD instruction: the 0xfd prefix and its LEB128 opcode. */
const simd = (code: number, ...immediates: number[]): number[] => [0xfd, ...leb(code), ...immediates];

/** Opcodes (with their immediates) used by the kernels. */
export const op = {
  get: (i: number) => [0x20, i],
  set: (i: number) => [0x21, i],
  tee: (i: number) => [0x22, i],
  i32: (v: number) => [0x41, ...sleb(v)],
  add: [0x6a],
  sub: [0x6b],
  mul: [0x6c],
  and: [0x71],
  or: [0x72],
  shl: [0x74],
  ctz: [0x68],
  eqz: [0x45],
  block: [0x02, 0x40],
  loop: [0x03, 0x40],
  if: [0x04, 0x40],
  br: (depth: number) => [0x0c, depth],
  brIf: (depth: number) => [0x0d, depth],
  end: [0x0b],
  i32Store: [0x36, 2, 0],
  f32Load: [0x2a, 2, 0],
  f32Store: [0x38, 2, 0],
  /** v128.load with 8-byte alignment hint and a byte offset. */
  load: (offset: number) => simd(0x00, 3, ...leb(offset)),
  /** v128.load, 16-byte aligned, no offset. */
  load128: simd(0x00, 4, 0),
  splat64: simd(0x0a, 3, 0),
  /** v128.load32_splat (a float32 from memory into all four lanes). */
  splat32: simd(0x09, 2, 0),
  store: (offset: number) => simd(0x0b, 3, ...leb(offset)),
  zero: simd(0x0c, ...new Array<number>(16).fill(0)),
  f32x4Splat: simd(0x13),
  f32x4ExtractLane: (lane: number) => simd(0x1f, lane),
  f32x4Le: simd(0x45),
  i32x4Bitmask: simd(0xa4),
  f32x4Add: simd(0xe4),
  f32x4Sub: simd(0xe5),
  f32x4Mul: simd(0xe6),
  f64x2Add: simd(0xf0),
  f64x2Mul: simd(0xf2),
};

/**
 * A whole module of one function that imports its memory as e.m and exports the function.
 * @param exportName the function's export name
 * @param params parameter types
 * @param results result types
 * @param locals extra locals as [count, type] runs
 * @param body the function's instructions (without the final end)
 */
export function singleFunctionModule(exportName: string, params: number[], results: number[], locals: [number, number][], body: number[]): Uint8Array<ArrayBuffer> {
  const code = [...leb(locals.length), ...locals.flatMap(([count, type]) => [...leb(count), type]), ...body, ...op.end];
  const bytes = [
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, [1, 0x60, ...leb(params.length), ...params, ...leb(results.length), ...results]),
    ...section(2, [1, ...name('e'), ...name('m'), 0x02, 0x00, 1]),
    ...section(3, [1, 0]),
    ...section(7, [1, ...name(exportName), 0x00, 0]),
    ...section(10, [1, ...leb(code.length), ...code]),
  ];
  return new Uint8Array(bytes);
}

/** The part of the WebAssembly API used here. */
export interface WasmApi {
  validate(bytes: Uint8Array<ArrayBuffer>): boolean;
  Module: new (bytes: Uint8Array<ArrayBuffer>) => WasmModule;
  Instance: new (module: WasmModule, imports: Record<string, Record<string, unknown>>) => { exports: Record<string, unknown> };
  Memory: new (descriptor: { initial: number }) => { buffer: ArrayBuffer };
}
export type WasmModule = { readonly __wasmModule?: never };

/** The runtime's WebAssembly, if any. */
export const wasmApi = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;

/**
 * The module built by `build`, compiled on first use and kept; null where WebAssembly (SIMD) is unavailable.
 * @param build returns the module's bytes
 */
export function lazyModule(build: () => Uint8Array<ArrayBuffer>): () => WasmModule | null {
  let compiled: WasmModule | null | undefined;
  return () => {
    if (compiled === undefined) {
      const bytes = build();
      compiled = wasmApi && wasmApi.validate(bytes) ? new wasmApi.Module(bytes) : null;
    }
    return compiled;
  };
}

/**
 * A byte count rounded up to 16 (v128 alignment).
 * @param bytes the count
 */
export const align16 = (bytes: number): number => Math.ceil(bytes / 16) * 16;

/**
 * Instantiates a single-function module with a fresh memory of at least `bytes` (throws beyond WebAssembly's limit).
 * @param module a module from lazyModule
 * @param bytes memory the caller lays out
 * @returns the memory's buffer and the module's exports
 */
export function instantiate(module: WasmModule, bytes: number): { buffer: ArrayBuffer; exports: Record<string, unknown> } {
  const api = wasmApi as WasmApi;
  const memory = new api.Memory({ initial: Math.max(1, Math.ceil(bytes / PAGE)) });
  const instance = new api.Instance(module, { e: { m: memory } });
  return { buffer: memory.buffer, exports: instance.exports };
}
