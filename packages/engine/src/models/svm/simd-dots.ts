/**
 * Dot products of one row with many rows in WebAssembly SIMD, the kernel's hot loop. The rows are
 * stored feature-major in blocks of 16 rows, so one 128-bit lane pair holds two neighbouring rows
 * and each lane sums its own row feature by feature in order: the same roundings as libsvm's scalar
 * loop, twice per instruction. The module is a dozen hand-assembled instructions
 * (no toolchain); without WebAssembly SIMD, callers fall back to the scalar JavaScript loop.
 */

import { align16, instantiate, lazyModule, I32, op, singleFunctionModule, V128, type WasmModule } from '../wasm/assembler.ts';

/** Rows per call of the WASM loop body (8 accumulators of 2 lanes). */
export const SIMD_BLOCK = 16;

/**
 * dots(x, data, stride, cols, blocks, out): for `blocks` consecutive blocks of 16 rows starting at
 * byte address `data` (within a block, row r's feature f at f * stride + 8 r; a block spans
 * cols * 128 bytes), out[r] = sum_f x[f] * row_r[f].
 */
function moduleBytes(): Uint8Array<ArrayBuffer> {
  const [X, DATA, STRIDE, COLS, BLOCKS, OUT, F, P, XP] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
  const ACC = 9;
  const V = 17;
  const body: number[] = [];
  body.push(...op.block, ...op.loop);
  body.push(...op.get(BLOCKS), ...op.eqz, ...op.brIf(1));
  for (let k = 0; k < 8; k++) body.push(...op.zero, ...op.set(ACC + k));
  body.push(...op.get(DATA), ...op.set(P), ...op.get(X), ...op.set(XP), ...op.get(COLS), ...op.set(F));
  body.push(...op.loop);
  body.push(...op.get(XP), ...op.splat64, ...op.set(V));
  for (let k = 0; k < 8; k++) {
    body.push(...op.get(ACC + k), ...op.get(V), ...op.get(P), ...op.load(16 * k), ...op.f64x2Mul, ...op.f64x2Add, ...op.set(ACC + k));
  }
  body.push(...op.get(P), ...op.get(STRIDE), ...op.add, ...op.set(P));
  body.push(...op.get(XP), ...op.i32(8), ...op.add, ...op.set(XP));
  body.push(...op.get(F), ...op.i32(1), ...op.sub, ...op.set(F));
  body.push(...op.get(F), ...op.brIf(0), ...op.end);
  for (let k = 0; k < 8; k++) body.push(...op.get(OUT), ...op.get(ACC + k), ...op.store(16 * k));
  body.push(...op.get(DATA), ...op.get(COLS), ...op.i32(128), ...op.mul, ...op.add, ...op.set(DATA));
  body.push(...op.get(OUT), ...op.i32(128), ...op.add, ...op.set(OUT));
  body.push(...op.get(BLOCKS), ...op.i32(1), ...op.sub, ...op.set(BLOCKS));
  body.push(...op.br(0), ...op.end, ...op.end);
  return singleFunctionModule('dots', [I32, I32, I32, I32, I32, I32], [], [[3, I32], [9, V128]], body);
}

/** The compiled module, or null where WebAssembly SIMD is unavailable. */
const simdModule = lazyModule(moduleBytes);

/**
 * Rows held in WASM memory in blocks of 16, feature-major inside a block (the 16 rows' feature 0,
 * then their feature 1...): the SIMD loop reads two neighbouring rows per load, and exchanging two
 * rows touches two compact regions rather than one cache line per feature across the whole data.
 */
export class SimdRows {
  /** Row r's feature f is at data[blockStart(r) + 16 f]. */
  readonly data: Float64Array;
  /** The row the next multiply() uses (cols values). */
  readonly x: Float64Array;
  /** multiply() results, one per row. */
  readonly out: Float64Array;
  private readonly dots: (x: number, data: number, stride: number, cols: number, blocks: number, out: number) => void;
  private readonly xAt: number;
  private readonly dataAt: number;
  private readonly outAt: number;

  /**
   * @param count number of rows
   * @param cols features per row
   * @param module the compiled SIMD module
   */
  private constructor(
    readonly count: number,
    readonly cols: number,
    module: WasmModule,
  ) {
    const blocks = Math.ceil(count / SIMD_BLOCK);
    this.xAt = 0;
    this.outAt = align16(cols * 8);
    this.dataAt = this.outAt + align16(blocks * SIMD_BLOCK * 8);
    const bytes = this.dataAt + blocks * SIMD_BLOCK * cols * 8;
    const { buffer, exports } = instantiate(module, bytes);
    this.dots = exports.dots as SimdRows['dots'];
    this.x = new Float64Array(buffer, this.xAt, cols);
    this.out = new Float64Array(buffer, this.outAt, count);
    this.data = new Float64Array(buffer, this.dataAt, blocks * SIMD_BLOCK * cols);
  }

  /** Index of row r's feature 0 in data. @param r the row */
  private start(r: number): number {
    return (r >> 4) * this.cols * SIMD_BLOCK + (r & (SIMD_BLOCK - 1));
  }

  /**
   * Copies rows into WASM memory, or returns null without WebAssembly SIMD (or memory for it).
   * @param source row-major values
   * @param count number of rows
   * @param cols features per row
   */
  static create(source: Float64Array, count: number, cols: number): SimdRows | null {
    const module = simdModule();
    if (!module || cols === 0) return null;
    let rows: SimdRows;
    try {
      rows = new SimdRows(count, cols, module);
    } catch {
      return null; // more than WebAssembly's 4 GB: the scalar path needs no extra memory
    }
    const { data } = rows;
    for (let r = 0; r < count; r++) {
      const at = rows.start(r);
      for (let f = 0; f < cols; f++) data[at + f * SIMD_BLOCK] = source[r * cols + f];
    }
    return rows;
  }

  /**
   * out[t] = x . row_t for t in from..to-1, each sum in feature order.
   * @param from first row
   * @param to one past the last row
   */
  multiply(from: number, to: number): void {
    let t = from;
    const aligned = Math.min(to, (from + SIMD_BLOCK - 1) & ~(SIMD_BLOCK - 1));
    for (; t < aligned; t++) this.scalar(t);
    const blocks = Math.floor((to - t) / SIMD_BLOCK);
    if (blocks > 0) {
      this.dots(this.xAt, this.dataAt + this.start(t) * 8, SIMD_BLOCK * 8, this.cols, blocks, this.outAt + t * 8);
      t += blocks * SIMD_BLOCK;
    }
    for (; t < to; t++) this.scalar(t);
  }

  /** out[t] without SIMD, same order of operations. */
  private scalar(t: number): void {
    const { cols, x, data } = this;
    const at = this.start(t);
    let s = 0;
    for (let f = 0; f < cols; f++) s += x[f] * data[at + f * SIMD_BLOCK];
    this.out[t] = s;
  }

  /** Exchanges rows i and j. @param i a row @param j another */
  swap(i: number, j: number): void {
    const { data, cols } = this;
    const a = this.start(i);
    const b = this.start(j);
    for (let f = 0, o = 0; f < cols; f++, o += SIMD_BLOCK) {
      const v = data[a + o];
      data[a + o] = data[b + o];
      data[b + o] = v;
    }
  }

  /** Sets x to row i. @param i the row */
  load(i: number): void {
    const { data, cols, x } = this;
    const at = this.start(i);
    for (let f = 0; f < cols; f++) x[f] = data[at + f * SIMD_BLOCK];
  }
}
