/**
 * libsvm's SMO solver for  min 0.5 a'Qa + p'a  s.t.  y'a = const, 0 <= a_i <= C_i  (Fan, Chen & Lin
 * 2005): second-order working-set selection (WSS3), shrinking with gradient reconstruction, the
 * stopping rule m(a) - M(a) <= eps, and libsvm's rho. Every step follows libsvm's order of
 * operations so the solution matches libsvm's, not merely solves the same problem.
 */
import type { QMatrix } from './q-matrix.ts';

const LOWER = 0;
const UPPER = 1;
const FREE = 2;
/** libsvm's TAU: the curvature used when Q is not positive definite along the chosen pair. */
const TAU = 1e-12;

/** The solver's answer. */
export interface SolverResult {
  /** Optimal alpha per problem position (in the caller's order, not the shrunk order). */
  alpha: Float64Array;
  /** The offset: decision value = sum_j alpha_j y_j k(x_j, x) - rho. */
  rho: number;
  /** SMO iterations taken. */
  iterations: number;
}

/** Problem of one solve. */
export interface SolverProblem {
  Q: QMatrix;
  /** The linear term p (-1 for C-SVC). */
  p: Float64Array;
  /** +1/-1 per position. */
  y: Int8Array;
  /** Starting alpha (feasible). */
  alpha: Float64Array;
  /** Upper bound for y = +1. */
  Cp: number;
  /** Upper bound for y = -1. */
  Cn: number;
  /** Stopping tolerance (tol). */
  eps: number;
  shrinking: boolean;
}

/**
 * Runs SMO to convergence (or libsvm's iteration cap).
 * @param problem Q, p, y, start alpha, bounds and settings; its arrays are not modified
 */
export function solve(problem: SolverProblem): SolverResult {
  return new Solver(problem).run();
}

class Solver {
  private readonly l: number;
  private activeSize: number;
  private readonly y: Int8Array;
  private readonly G: Float64Array;
  private readonly Gbar: Float64Array;
  private readonly status: Int8Array;
  /** 1 where the position is in I_up (alpha can move up along y), kept with status. */
  private readonly inUp: Uint8Array;
  /** 1 where the position is in I_low. */
  private readonly inLow: Uint8Array;
  /** max over I_up of -y G and its position, found while updating G; valid until the set changes. */
  private cachedGmax = -Infinity;
  private cachedGmaxIdx = -1;
  private cachedValid = false;
  private readonly alpha: Float64Array;
  private readonly p: Float64Array;
  private readonly activeSet: Int32Array;
  private readonly Q: QMatrix;
  private readonly QD: Float64Array;
  private readonly Cp: number;
  private readonly Cn: number;
  private readonly eps: number;
  private readonly shrinking: boolean;
  private unshrink = false;
  /** The working pair chosen by selectWorkingSet. */
  private outI = -1;
  private outJ = -1;

  constructor(problem: SolverProblem) {
    const l = problem.y.length;
    this.l = l;
    this.activeSize = l;
    this.Q = problem.Q;
    this.QD = problem.Q.diagonal;
    this.y = Int8Array.from(problem.y);
    this.p = Float64Array.from(problem.p);
    this.alpha = Float64Array.from(problem.alpha);
    this.Cp = problem.Cp;
    this.Cn = problem.Cn;
    this.eps = problem.eps;
    this.shrinking = problem.shrinking;
    this.status = new Int8Array(l);
    this.inUp = new Uint8Array(l);
    this.inLow = new Uint8Array(l);
    this.G = new Float64Array(l);
    this.Gbar = new Float64Array(l);
    this.activeSet = new Int32Array(l);
    for (let i = 0; i < l; i++) {
      this.updateStatus(i);
      this.activeSet[i] = i;
    }
  }

  private C(i: number): number {
    return this.y[i] > 0 ? this.Cp : this.Cn;
  }

  private updateStatus(i: number): void {
    const a = this.alpha[i];
    const status = a >= this.C(i) ? UPPER : a <= 0 ? LOWER : FREE;
    this.status[i] = status;
    const positive = this.y[i] === 1;
    this.inUp[i] = (positive ? status !== UPPER : status !== LOWER) ? 1 : 0;
    this.inLow[i] = (positive ? status !== LOWER : status !== UPPER) ? 1 : 0;
  }

  run(): SolverResult {
    const { l, G, Gbar, p, alpha, status, Q } = this;
    for (let i = 0; i < l; i++) G[i] = p[i];
    for (let i = 0; i < l; i++) {
      if (status[i] === LOWER) continue;
      const Qi = Q.column(i, l);
      const ai = alpha[i];
      for (let j = 0; j < l; j++) G[j] += ai * Qi[j];
      if (status[i] === UPPER) {
        const ci = this.C(i);
        for (let j = 0; j < l; j++) Gbar[j] += ci * Qi[j];
      }
    }

    let iter = 0;
    const maxIter = Math.max(10_000_000, l > Math.floor(2147483647 / 100) ? 2147483647 : 100 * l);
    let counter = Math.min(l, 1000) + 1;
    while (iter < maxIter) {
      if (--counter === 0) {
        counter = Math.min(l, 1000);
        if (this.shrinking) this.doShrinking();
      }
      if (this.selectWorkingSet()) {
        this.reconstructGradient();
        this.activeSize = l;
        if (this.selectWorkingSet()) break;
        counter = 1; // shrink again on the next iteration
      }
      ++iter;
      this.step(this.outI, this.outJ);
    }
    if (iter >= maxIter && this.activeSize < l) {
      this.reconstructGradient();
      this.activeSize = l;
    }

    const rho = this.calculateRho();
    const out = new Float64Array(l);
    for (let i = 0; i < l; i++) out[this.activeSet[i]] = alpha[i];
    return { alpha: out, rho, iterations: iter };
  }

  /** One SMO update of alpha_i, alpha_j with the gradient and G_bar bookkeeping. */
  private step(i: number, j: number): void {
    const { alpha, G, Gbar, Q, QD, y, status } = this;
    const activeSize = this.activeSize;
    let Qi = Q.column(i, activeSize);
    let Qj = Q.column(j, activeSize);
    const Ci = this.C(i);
    const Cj = this.C(j);
    const oldAi = alpha[i];
    const oldAj = alpha[j];
    if (y[i] !== y[j]) {
      let quad = QD[i] + QD[j] + 2 * Qi[j];
      if (quad <= 0) quad = TAU;
      const delta = (-G[i] - G[j]) / quad;
      const diff = alpha[i] - alpha[j];
      alpha[i] += delta;
      alpha[j] += delta;
      if (diff > 0) {
        if (alpha[j] < 0) {
          alpha[j] = 0;
          alpha[i] = diff;
        }
      } else if (alpha[i] < 0) {
        alpha[i] = 0;
        alpha[j] = -diff;
      }
      if (diff > Ci - Cj) {
        if (alpha[i] > Ci) {
          alpha[i] = Ci;
          alpha[j] = Ci - diff;
        }
      } else if (alpha[j] > Cj) {
        alpha[j] = Cj;
        alpha[i] = Cj + diff;
      }
    } else {
      let quad = QD[i] + QD[j] - 2 * Qi[j];
      if (quad <= 0) quad = TAU;
      const delta = (G[i] - G[j]) / quad;
      const sum = alpha[i] + alpha[j];
      alpha[i] -= delta;
      alpha[j] += delta;
      if (sum > Ci) {
        if (alpha[i] > Ci) {
          alpha[i] = Ci;
          alpha[j] = sum - Ci;
        }
      } else if (alpha[j] < 0) {
        alpha[j] = 0;
        alpha[i] = sum;
      }
      if (sum > Cj) {
        if (alpha[j] > Cj) {
          alpha[j] = Cj;
          alpha[i] = sum - Cj;
        }
      } else if (alpha[i] < 0) {
        alpha[i] = 0;
        alpha[j] = sum;
      }
    }

    const wasUpperI = status[i] === UPPER;
    const wasUpperJ = status[j] === UPPER;
    this.updateStatus(i);
    this.updateStatus(j);

    // The gradient update also finds the next working set's i (the first half of WSS3), with the
    // statuses already updated as libsvm's next selection would see them.
    const dAi = alpha[i] - oldAi;
    const dAj = alpha[j] - oldAj;
    const inUp = this.inUp;
    let Gmax = -Infinity;
    let GmaxIdx = -1;
    for (let k = 0; k < activeSize; k++) {
      const g = G[k] + (Qi[k] * dAi + Qj[k] * dAj);
      G[k] = g;
      if (inUp[k] === 1) {
        const v = -y[k] * g;
        if (v >= Gmax) {
          Gmax = v;
          GmaxIdx = k;
        }
      }
    }
    this.cachedGmax = Gmax;
    this.cachedGmaxIdx = GmaxIdx;
    this.cachedValid = true;
    const l = this.l;
    if (wasUpperI !== (status[i] === UPPER)) {
      Qi = Q.column(i, l);
      const c = wasUpperI ? -Ci : Ci;
      for (let k = 0; k < l; k++) Gbar[k] += c * Qi[k];
    }
    if (wasUpperJ !== (status[j] === UPPER)) {
      Qj = Q.column(j, l);
      const c = wasUpperJ ? -Cj : Cj;
      for (let k = 0; k < l; k++) Gbar[k] += c * Qj[k];
    }
  }

  /**
   * WSS3: i maximises -y_i G_i over I_up, j minimises the second-order decrease among I_low.
   * Returns true when optimal (m - M < eps or no j), else sets outI/outJ.
   */
  private selectWorkingSet(): boolean {
    const { G, y, QD, inUp, inLow } = this;
    const activeSize = this.activeSize;
    let Gmax = -Infinity;
    let GmaxIdx = -1;
    if (this.cachedValid) {
      Gmax = this.cachedGmax;
      GmaxIdx = this.cachedGmaxIdx;
    } else {
      // -y_t G_t is -G_t for y = +1 and G_t for y = -1 (a sign flip is exact).
      for (let t = 0; t < activeSize; t++) {
        if (inUp[t] === 1) {
          const v = -y[t] * G[t];
          if (v >= Gmax) {
            Gmax = v;
            GmaxIdx = t;
          }
        }
      }
    }
    let Gmax2 = -Infinity;
    let GminIdx = -1;
    let objDiffMin = Infinity;
    const i = GmaxIdx;
    if (i !== -1) {
      const Qi = this.Q.column(i, activeSize);
      const QDi = QD[i];
      const twoYi = 2.0 * y[i];
      for (let j = 0; j < activeSize; j++) {
        if (inLow[j] === 0) continue;
        // y_j G_j; Gmax + y_j G_j and QD_i + QD_j - 2 y_i y_j Q_ij equal libsvm's two branches exactly.
        const yj = y[j];
        const yG = yj * G[j];
        if (yG >= Gmax2) Gmax2 = yG;
        const gradDiff = Gmax + yG;
        if (gradDiff > 0) {
          const quad = QDi + QD[j] - twoYi * yj * Qi[j];
          const objDiff = quad > 0 ? -(gradDiff * gradDiff) / quad : -(gradDiff * gradDiff) / TAU;
          if (objDiff <= objDiffMin) {
            GminIdx = j;
            objDiffMin = objDiff;
          }
        }
      }
    }
    if (Gmax + Gmax2 < this.eps || GminIdx === -1) return true;
    this.outI = GmaxIdx;
    this.outJ = GminIdx;
    return false;
  }

  /** Recomputes G for the shrunk positions from G_bar and the free alphas. */
  private reconstructGradient(): void {
    const { l, G, Gbar, p, alpha, status, Q } = this;
    this.cachedValid = false;
    const activeSize = this.activeSize;
    if (activeSize === l) return;
    for (let j = activeSize; j < l; j++) G[j] = Gbar[j] + p[j];
    let nrFree = 0;
    for (let j = 0; j < activeSize; j++) if (status[j] === FREE) nrFree++;
    if (nrFree * l > 2 * activeSize * (l - activeSize)) {
      for (let i = activeSize; i < l; i++) {
        const Qi = Q.column(i, activeSize);
        let g = G[i];
        for (let j = 0; j < activeSize; j++) if (status[j] === FREE) g += alpha[j] * Qi[j];
        G[i] = g;
      }
    } else {
      for (let i = 0; i < activeSize; i++) {
        if (status[i] !== FREE) continue;
        const Qi = Q.column(i, l);
        const ai = alpha[i];
        for (let j = activeSize; j < l; j++) G[j] += ai * Qi[j];
      }
    }
  }

  private beShrunk(i: number, Gmax1: number, Gmax2: number): boolean {
    const { status, G, y } = this;
    if (status[i] === UPPER) return y[i] === 1 ? -G[i] > Gmax1 : -G[i] > Gmax2;
    if (status[i] === LOWER) return y[i] === 1 ? G[i] > Gmax2 : G[i] > Gmax1;
    return false;
  }

  private doShrinking(): void {
    const { G, y, status } = this;
    this.cachedValid = false;
    let Gmax1 = -Infinity; // max over I_up of -y_i G_i
    let Gmax2 = -Infinity; // max over I_low of y_i G_i
    for (let i = 0; i < this.activeSize; i++) {
      if (y[i] === 1) {
        if (status[i] !== UPPER && -G[i] >= Gmax1) Gmax1 = -G[i];
        if (status[i] !== LOWER && G[i] >= Gmax2) Gmax2 = G[i];
      } else {
        if (status[i] !== UPPER && -G[i] >= Gmax2) Gmax2 = -G[i];
        if (status[i] !== LOWER && G[i] >= Gmax1) Gmax1 = G[i];
      }
    }
    if (!this.unshrink && Gmax1 + Gmax2 <= this.eps * 10) {
      this.unshrink = true;
      this.reconstructGradient();
      this.activeSize = this.l;
    }
    for (let i = 0; i < this.activeSize; i++) {
      if (!this.beShrunk(i, Gmax1, Gmax2)) continue;
      this.activeSize--;
      while (this.activeSize > i) {
        if (!this.beShrunk(this.activeSize, Gmax1, Gmax2)) {
          this.swapIndex(i, this.activeSize);
          break;
        }
        this.activeSize--;
      }
    }
  }

  private swapIndex(i: number, j: number): void {
    this.Q.swap(i, j);
    swapIn(this.y, i, j);
    swapIn(this.G, i, j);
    swapIn(this.status, i, j);
    swapIn(this.inUp, i, j);
    swapIn(this.inLow, i, j);
    swapIn(this.alpha, i, j);
    swapIn(this.p, i, j);
    swapIn(this.activeSet, i, j);
    swapIn(this.Gbar, i, j);
  }

  /** libsvm's rho: the mean y_i G_i over free alphas, else the middle of the feasible interval. */
  private calculateRho(): number {
    const { G, y, status } = this;
    let nrFree = 0;
    let ub = Infinity;
    let lb = -Infinity;
    let sumFree = 0;
    for (let i = 0; i < this.activeSize; i++) {
      const yG = y[i] * G[i];
      if (status[i] === UPPER) {
        if (y[i] === -1) ub = Math.min(ub, yG);
        else lb = Math.max(lb, yG);
      } else if (status[i] === LOWER) {
        if (y[i] === 1) ub = Math.min(ub, yG);
        else lb = Math.max(lb, yG);
      } else {
        ++nrFree;
        sumFree += yG;
      }
    }
    return nrFree > 0 ? sumFree / nrFree : (ub + lb) / 2;
  }
}

function swapIn(a: Float64Array | Int8Array | Uint8Array | Int32Array, i: number, j: number): void {
  const t = a[i];
  a[i] = a[j];
  a[j] = t;
}
