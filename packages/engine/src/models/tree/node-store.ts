/**
 * The tree builder's storage: the growing flat node arrays that become a FlatTree, and the best-first frontier (a
 * max-heap of nodes keyed by the impurity improvement of their best split).
 */
import type { FlatTree } from './flat-tree.ts';

/** A node's chosen split. */
export interface Split {
  feature: number;
  /** First position (in the node's range) that goes right. */
  position: number;
  threshold: number;
  /** Weighted impurity decrease, scikit-learn's impurity_improvement. */
  improvement: number;
}

/** Growable flat node arrays. */
export class NodeStore {
  count = 0;
  private capacity = 64;
  start = new Int32Array(this.capacity);
  end = new Int32Array(this.capacity);
  depth = new Int32Array(this.capacity);
  weight = new Float64Array(this.capacity);
  impurity = new Float64Array(this.capacity);
  feature = new Int32Array(this.capacity).fill(-1);
  threshold = new Float64Array(this.capacity);
  left = new Int32Array(this.capacity).fill(-1);
  right = new Int32Array(this.capacity).fill(-1);
  counts: Float64Array;

  constructor(private readonly nClasses: number) {
    this.counts = new Float64Array(this.capacity * nClasses);
  }

  add(start: number, end: number, depth: number, counts: Float64Array, weight: number, impurity: number): number {
    if (this.count === this.capacity) this.grow();
    const id = this.count++;
    this.start[id] = start;
    this.end[id] = end;
    this.depth[id] = depth;
    this.weight[id] = weight;
    this.impurity[id] = impurity;
    this.counts.set(counts.subarray(0, this.nClasses), id * this.nClasses);
    return id;
  }

  setSplit(node: number, feature: number, threshold: number, left: number, right: number): void {
    this.feature[node] = feature;
    this.threshold[node] = threshold;
    this.left[node] = left;
    this.right[node] = right;
  }

  private grow(): void {
    const size = this.capacity * 2;
    const growInt = (a: Int32Array, fill = 0) => {
      const b = new Int32Array(size).fill(fill);
      b.set(a);
      return b;
    };
    const growFloat = (a: Float64Array, length: number) => {
      const b = new Float64Array(length);
      b.set(a);
      return b;
    };
    this.start = growInt(this.start);
    this.end = growInt(this.end);
    this.depth = growInt(this.depth);
    this.feature = growInt(this.feature, -1);
    this.left = growInt(this.left, -1);
    this.right = growInt(this.right, -1);
    this.weight = growFloat(this.weight, size);
    this.impurity = growFloat(this.impurity, size);
    this.threshold = growFloat(this.threshold, size);
    this.counts = growFloat(this.counts, size * this.nClasses);
    this.capacity = size;
  }

  /** Trims the arrays and turns class weights into probabilities. */
  finish(importances: Float64Array): FlatTree {
    const n = this.count;
    const k = this.nClasses;
    const value = this.counts.slice(0, n * k);
    for (let node = 0; node < n; node++) {
      let total = 0;
      for (let c = 0; c < k; c++) total += value[node * k + c];
      if (total > 0) for (let c = 0; c < k; c++) value[node * k + c] /= total;
    }
    return {
      nodeCount: n,
      nClasses: k,
      feature: this.feature.slice(0, n),
      threshold: this.threshold.slice(0, n),
      left: this.left.slice(0, n),
      right: this.right.slice(0, n),
      value,
      nodeSamples: Int32Array.from(this.end.subarray(0, n), (e, i) => e - this.start[i]),
      depth: this.depth.slice(0, n),
      importances,
    };
  }
}

/** Max-heap of frontier nodes keyed by impurity improvement (best-first growth). */
export class MaxHeap {
  private readonly items: { key: number; node: number; split: Split }[] = [];
  get size(): number {
    return this.items.length;
  }
  push(key: number, node: number, split: Split): void {
    const items = this.items;
    items.push({ key, node, split });
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(i, parent)) break;
      [items[i], items[parent]] = [items[parent], items[i]];
      i = parent;
    }
  }
  pop(): { node: number; split: Split } {
    const items = this.items;
    const top = items[0];
    const last = items.pop() as (typeof items)[number];
    if (items.length > 0) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let best = i;
        if (l < items.length && this.before(l, best)) best = l;
        if (r < items.length && this.before(r, best)) best = r;
        if (best === i) break;
        [items[i], items[best]] = [items[best], items[i]];
        i = best;
      }
    }
    return top;
  }
  /** Larger improvement first; on ties the older node (smaller id) first, for determinism. */
  private before(a: number, b: number): boolean {
    const x = this.items[a];
    const y = this.items[b];
    return x.key > y.key || (x.key === y.key && x.node < y.node);
  }
}
