/**
 * The hot loop of Euclidean brute force in hand-assembled WebAssembly SIMD: for one query q and 16
 * training rows per step, the approximate reduced distance a = |x|^2 - 2 q.x in float32 (four vectors
 * of four lanes, four independent sums), and the rows whose a is at most a limit are written out (row
 * and a). Rows are stored centred and feature-major in blocks of 16, so four loads bring the same
 * feature of 16 rows.
 *
 * float32 makes a approximate: callers widen the limit by a proven rounding bound and rank the rows it
 * lets through by their exact float64 distance (euclidean-brute.ts).
 */
import { align16, instantiate, lazyModule, F32, I32, op, singleFunctionModule, V128, type WasmModule } from '../wasm/assembler.ts';

/** Rows per SIMD step (four vectors of four float32 lanes). */
export const BLOCK_ROWS = 16;
const VECTORS = BLOCK_ROWS / 4;

/**
 * scan(q, data, norms, blocks, dims, limit, outRow, outValue, row, scratch) -> count. For `blocks`
 * blocks of 16 rows from byte address data (row r of a block has feature f at f * 64 + 4 r) with
 * squared norms at `norms` (16 per block), writes each row whose a <= limit to outRow / outValue and
 * returns how many were written; `row` is the number of the first block's first row, `scratch` 64
 * bytes of working space.
 */
function moduleBytes(): Uint8Array<ArrayBuffer> {
  const [Q, DATA, NORMS, BLOCKS, DIMS, LIMIT, OUT_ROW, OUT_VALUE, ROW, SCRATCH] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  const [COUNT, P, QP, F, MASK, LANE] = [10, 11, 12, 13, 14, 15];
  const ACC = 16; // four accumulators, 16..19
  const [LIM, QV] = [20, 21];
  const body: number[] = [];
  body.push(...op.get(LIMIT), ...op.f32x4Splat, ...op.set(LIM));
  body.push(...op.block, ...op.loop);
  body.push(...op.get(BLOCKS), ...op.eqz, ...op.brIf(1));
  for (let v = 0; v < VECTORS; v++) body.push(...op.zero, ...op.set(ACC + v));
  body.push(...op.get(DATA), ...op.set(P), ...op.get(Q), ...op.set(QP), ...op.get(DIMS), ...op.set(F));
  // acc[v] += splat(q[f]) * rows[f][4v..4v+3], feature by feature: four independent dependency chains.
  body.push(...op.loop);
  body.push(...op.get(QP), ...op.splat32, ...op.set(QV));
  for (let v = 0; v < VECTORS; v++) {
    body.push(...op.get(ACC + v), ...op.get(QV), ...op.get(P), ...op.load(16 * v), ...op.f32x4Mul, ...op.f32x4Add, ...op.set(ACC + v));
  }
  body.push(...op.get(P), ...op.i32(4 * BLOCK_ROWS), ...op.add, ...op.set(P));
  body.push(...op.get(QP), ...op.i32(4), ...op.add, ...op.set(QP));
  body.push(...op.get(F), ...op.i32(1), ...op.sub, ...op.tee(F), ...op.brIf(0), ...op.end);
  body.push(...op.get(P), ...op.set(DATA));
  // a = norms - 2 acc into scratch; one bit per row with a <= limit.
  for (let v = 0; v < VECTORS; v++) {
    body.push(...op.get(SCRATCH), ...op.get(NORMS), ...op.load(16 * v), ...op.get(ACC + v), ...op.get(ACC + v), ...op.f32x4Add, ...op.f32x4Sub, ...op.store(16 * v));
  }
  body.push(...op.i32(0), ...op.set(MASK));
  for (let v = 0; v < VECTORS; v++) {
    body.push(...op.get(SCRATCH), ...op.load(16 * v), ...op.get(LIM), ...op.f32x4Le, ...op.i32x4Bitmask, ...op.i32(4 * v), ...op.shl, ...op.get(MASK), ...op.or, ...op.set(MASK));
  }
  // Write out each set bit's row and a (rare once the limit is tight).
  body.push(...op.block, ...op.loop);
  body.push(...op.get(MASK), ...op.eqz, ...op.brIf(1));
  body.push(...op.get(MASK), ...op.ctz, ...op.set(LANE));
  body.push(...op.get(OUT_ROW), ...op.get(COUNT), ...op.i32(2), ...op.shl, ...op.add, ...op.get(ROW), ...op.get(LANE), ...op.add, ...op.i32Store);
  body.push(...op.get(OUT_VALUE), ...op.get(COUNT), ...op.i32(2), ...op.shl, ...op.add);
  body.push(...op.get(SCRATCH), ...op.get(LANE), ...op.i32(2), ...op.shl, ...op.add, ...op.f32Load, ...op.f32Store);
  body.push(...op.get(COUNT), ...op.i32(1), ...op.add, ...op.set(COUNT));
  body.push(...op.get(MASK), ...op.get(MASK), ...op.i32(1), ...op.sub, ...op.and, ...op.set(MASK));
  body.push(...op.br(0), ...op.end, ...op.end);
  body.push(...op.get(NORMS), ...op.i32(4 * BLOCK_ROWS), ...op.add, ...op.set(NORMS));
  body.push(...op.get(ROW), ...op.i32(BLOCK_ROWS), ...op.add, ...op.set(ROW));
  body.push(...op.get(BLOCKS), ...op.i32(1), ...op.sub, ...op.set(BLOCKS));
  body.push(...op.br(0), ...op.end, ...op.end);
  body.push(...op.get(COUNT));
  return singleFunctionModule('scan', [I32, I32, I32, I32, I32, F32, I32, I32, I32, I32], [I32], [[6, I32], [6, V128]], body);
}

/** The compiled module, or null where WebAssembly SIMD is unavailable. */
const scanModule = lazyModule(moduleBytes);

/**
 * Centred training rows in WASM memory (float32, blocks of 16, padded with rows of infinite norm that
 * no finite limit admits), with room for the queries and for every row as output.
 */
export class SimdScanner {
  /** The queries scan() reads: row-major queryRows * dims float32 values, centred like the rows. */
  readonly queries: Float32Array;
  /** scan() results: rows and their approximate a, the first `count` entries. */
  readonly outRow: Int32Array;
  readonly outValue: Float32Array;
  /** Number of blocks of 16 rows. */
  readonly blocks: number;
  private readonly scanFn: (q: number, data: number, norms: number, blocks: number, dims: number, limit: number, outRow: number, outValue: number, row: number, scratch: number) => number;
  private readonly queryAt: number;
  private readonly scratchAt: number;
  private readonly normsAt: number;
  private readonly dataAt: number;
  private readonly outRowAt: number;
  private readonly outValueAt: number;

  private constructor(
    readonly dims: number,
    rows: number,
    queryRows: number,
    module: WasmModule,
  ) {
    this.blocks = Math.ceil(rows / BLOCK_ROWS);
    const padded = this.blocks * BLOCK_ROWS;
    this.queryAt = 0;
    this.scratchAt = align16(queryRows * dims * 4);
    this.normsAt = this.scratchAt + 4 * BLOCK_ROWS;
    this.dataAt = this.normsAt + padded * 4;
    this.outRowAt = this.dataAt + padded * dims * 4;
    this.outValueAt = this.outRowAt + padded * 4;
    const bytes = this.outValueAt + padded * 4;
    const { buffer, exports } = instantiate(module, bytes);
    this.scanFn = exports.scan as SimdScanner['scanFn'];
    this.queries = new Float32Array(buffer, this.queryAt, queryRows * dims);
    this.outRow = new Int32Array(buffer, this.outRowAt, padded);
    this.outValue = new Float32Array(buffer, this.outValueAt, padded);
    new Float32Array(buffer, this.normsAt, padded).fill(Infinity);
  }

  /**
   * Copies centred rows into WASM memory, or returns null without WebAssembly SIMD (or memory for it).
   * @param centred row-major rows * dims values, already centred
   * @param squaredNorms |row|^2 of each centred row (float64; stored as float32)
   * @param rows number of rows
   * @param dims features per row (at least 1)
   * @param queryRows room for this many queries
   */
  static create(centred: Float64Array, squaredNorms: Float64Array, rows: number, dims: number, queryRows: number): SimdScanner | null {
    const module = scanModule();
    if (!module || dims === 0) return null;
    let scanner: SimdScanner;
    try {
      scanner = new SimdScanner(dims, rows, queryRows, module);
    } catch {
      return null; // beyond WebAssembly's memory limit: the scalar path needs no extra memory
    }
    const memory = scanner.queries.buffer;
    const data = new Float32Array(memory, scanner.dataAt, scanner.blocks * BLOCK_ROWS * dims);
    const norms = new Float32Array(memory, scanner.normsAt, rows);
    for (let r = 0; r < rows; r++) {
      const at = Math.floor(r / BLOCK_ROWS) * BLOCK_ROWS * dims + (r % BLOCK_ROWS);
      for (let f = 0; f < dims; f++) data[at + f * BLOCK_ROWS] = centred[r * dims + f];
      norms[r] = squaredNorms[r];
    }
    return scanner;
  }

  /**
   * Scans blocks [from, to) with query q; returns how many rows had a <= limit (in outRow / outValue).
   * @param q the query's row in `queries`
   * @param from first block
   * @param to one past the last block
   * @param limit float32 threshold (rows of the padding never pass a finite one)
   */
  scan(q: number, from: number, to: number, limit: number): number {
    const blockBytes = BLOCK_ROWS * this.dims * 4;
    return this.scanFn(
      this.queryAt + q * this.dims * 4,
      this.dataAt + from * blockBytes,
      this.normsAt + from * BLOCK_ROWS * 4,
      to - from,
      this.dims,
      limit,
      this.outRowAt,
      this.outValueAt,
      from * BLOCK_ROWS,
      this.scratchAt,
    );
  }
}
