/**
 * The run's time budget as one object every stage asks ("may I start this fit?") and reports to.
 *
 * The budget is a ceiling on the whole run's wall time: preparation, search, final fits, permutation
 * importance, the CV gap and writing the results. Stages get deadlines from it; a fit whose predicted end
 * is past its stage's deadline is not started, and a running fit is stopped (its worker thread terminated)
 * when the hard end of the run comes.
 */
import { setMaxListeners } from 'node:events';

/** The stages the budget accounts for, in run order. */
export type BudgetStage = 'prepare' | 'search' | 'final' | 'gap' | 'assemble';

/**
 * Seconds the run keeps back after the last fit, at least: assembling the results (measured 0.1-0.6 s on the WHO
 * panels) and, for the CLI, writing them and exiting, which take several times longer on a loaded machine.
 */
export const ASSEMBLE_RESERVE_SECONDS = 2;

/**
 * On large data the reserve is this many times the data preparation's measured seconds instead, when that is more:
 * both pass over every row and column (assembling predicts, scores and calibrates each model on them), and the
 * preparation is measured on this machine under its present load before any fit starts. On 120,000 rows the
 * preparation took 1.8 s and the assembly 3.1-4.3 s, and a fixed 2 s let the run end at 63-64 s of a 60 s budget.
 */
export const ASSEMBLY_PER_PREPARATION = 2.5;

/**
 * Seconds kept for assembling the results when the chosen model's final fit runs into the assembly reserve
 * because no final model would exist otherwise (assembly measured 0.1-0.6 s): see `lastResortEnd`.
 */
export const LAST_RESORT_ASSEMBLE_SECONDS = 0.5;

/** Share of the budget until which the first fits of a run may start even past the search deadline. */
export const FIRST_FITS_SHARE = 0.6;

export class RunBudget {
  /** Epoch ms the run started. */
  readonly started: number;
  /** Epoch ms by which every fit must be over (the budget's end less the assembly reserve). */
  fitsEnd: number;
  /** Seconds kept for assembling the results (see keepForAssembly). */
  assemblySeconds = ASSEMBLE_RESERVE_SECONDS;
  private readonly spent = new Map<BudgetStage, number>();
  private readonly stageStart = new Map<BudgetStage, number>();
  private readonly stoppedNotes: string[] = [];

  /**
   * @param budgetSeconds the user's budget for the whole run, in seconds
   * @param now clock (epoch ms), injectable for tests
   * @param startedAt epoch ms the budget counts from (default: now; the CLI passes its process start)
   */
  constructor(
    readonly budgetSeconds: number,
    private readonly now: () => number = Date.now,
    startedAt: number = now(),
  ) {
    this.started = startedAt;
    this.fitsEnd = this.started + Math.max(0, budgetSeconds - ASSEMBLE_RESERVE_SECONDS) * 1000;
  }

  /**
   * Keeps more time for assembling the results when the data preparation says the data are large: the reserve becomes
   * ASSEMBLY_PER_PREPARATION times the preparation's seconds when that is more than ASSEMBLE_RESERVE_SECONDS. Called
   * once, before the search starts.
   * @param preparationSeconds measured seconds of the data preparation
   */
  keepForAssembly(preparationSeconds: number): void {
    this.assemblySeconds = Math.max(ASSEMBLE_RESERVE_SECONDS, ASSEMBLY_PER_PREPARATION * preparationSeconds);
    this.fitsEnd = this.started + Math.max(0, this.budgetSeconds - this.assemblySeconds) * 1000;
  }

  /** Epoch ms the budget ends. */
  get end(): number {
    return this.started + this.budgetSeconds * 1000;
  }

  /**
   * Epoch ms until which the chosen model's final fit may run on when, at `fitsEnd`, no final model has finished:
   * a run without any model fails the user's job, while the budget's ceiling (budget + max(3 s, 5%)) still holds
   * with assembly after this point. On a tiny budget on a loaded machine the preparation alone can take most of
   * the time before `fitsEnd`.
   */
  get lastResortEnd(): number {
    // The assembly's own time grows with the data as the reserve does.
    return Math.max(this.fitsEnd, this.end - LAST_RESORT_ASSEMBLE_SECONDS * (this.assemblySeconds / ASSEMBLE_RESERVE_SECONDS) * 1000);
  }

  /**
   * Epoch ms until which, while no candidate of any family has been scored, the search may start fits past its
   * deadline (and they may run): a tiny budget or a loaded machine must still give a model. The latest of
   * FIRST_FITS_SHARE of the budget; half of what is left for fits when the search starts (a slow warm-up); and half
   * way from `fitsEnd` to `lastResortEnd`, for when the preparation took all the time for fits (a 4 s budget beside
   * eight busy processes), the chosen model's final fit then running in the other half.
   * @param searchStarted epoch ms the search started
   */
  firstFitsUntil(searchStarted: number): number {
    return Math.max(
      this.started + FIRST_FITS_SHARE * this.budgetSeconds * 1000,
      searchStarted + (this.fitsEnd - searchStarted) / 2,
      this.fitsEnd + (this.lastResortEnd - this.fitsEnd) / 2,
    );
  }

  /** Milliseconds left before fits must be over (never negative). */
  remainingMs(): number {
    return Math.max(0, this.fitsEnd - this.now());
  }

  /**
   * Whether a piece of work predicted to take `seconds` on one thread may start now and still end by `deadline`.
   * @param seconds predicted duration (wall seconds of one thread)
   * @param deadline epoch ms by which it must end (defaults to the end of all fits)
   */
  mayStart(seconds: number, deadline: number = this.fitsEnd): boolean {
    return this.now() + seconds * 1000 <= deadline;
  }

  /**
   * The signal a stage's fits run under: aborted when the time for fits is over (`fitsEnd`) or when `outer`
   * aborts; `fitsEnded()` tells the two apart. Call `release()` when the stage is over.
   * With `runOn`, the time for fits is extended while `runOn()` holds at `fitsEnd`, until `lastResortEnd` or until
   * `check()` finds it no longer holds (the chosen model's final fit while no final model exists).
   * @param outer the run's own signal, if any
   * @param runOn whether the fits may run on past `fitsEnd`, asked at `fitsEnd` and at each `check()`
   */
  fitsSignal(outer?: AbortSignal, runOn?: () => boolean): { signal: AbortSignal; fitsEnded: () => boolean; release: () => void; check: () => void } {
    const ended = new AbortController();
    const stop = () => ended.abort(new Error('budget end'));
    let runningOn = false;
    const timers = [
      setTimeout(
        () => {
          if (runOn?.()) runningOn = true;
          else stop();
        },
        Math.max(0, this.fitsEnd - Date.now()),
      ),
    ];
    if (runOn) timers.push(setTimeout(stop, Math.max(0, this.lastResortEnd - Date.now())));
    const signal = outer ? AbortSignal.any([outer, ended.signal]) : ended.signal;
    // The pool adds an abort listener per queued task and removes it when the task ends: a stage may queue more
    // than Node's default of ten (the CV gap queues members x folds), which is not a leak.
    setMaxListeners(0, signal);
    return {
      signal,
      fitsEnded: () => ended.signal.aborted,
      release: () => timers.forEach(clearTimeout),
      check: () => {
        if (runningOn && !runOn?.()) stop();
      },
    };
  }

  /**
   * Marks the start of a stage (the time until the next stage starts is charged to it).
   * @param stage the stage
   * @param t when it started (epoch ms), now unless given: the first stage starts at the budget's start, so the time
   *   the caller spent reading the data before the run is charged to the preparation
   */
  enter(stage: BudgetStage, t: number = this.now()): void {
    for (const [open, since] of this.stageStart) {
      this.spent.set(open, (this.spent.get(open) ?? 0) + (t - since));
      this.stageStart.delete(open);
    }
    this.stageStart.set(stage, t);
  }

  /** Closes the open stage. */
  finish(): void {
    const t = this.now();
    for (const [open, since] of this.stageStart) this.spent.set(open, (this.spent.get(open) ?? 0) + (t - since));
    this.stageStart.clear();
  }

  /** Wall seconds charged to a stage so far. */
  secondsIn(stage: BudgetStage): number {
    const open = this.stageStart.get(stage);
    return ((this.spent.get(stage) ?? 0) + (open === undefined ? 0 : this.now() - open)) / 1000;
  }

  /** Records, in words, a fit the budget stopped or did not start. */
  noteStopped(note: string): void {
    this.stoppedNotes.push(note);
  }

  /** The notes recorded by noteStopped, in order. */
  get stopped(): readonly string[] {
    return this.stoppedNotes;
  }

  /** Wall seconds since the run started. */
  elapsedSeconds(): number {
    return (this.now() - this.started) / 1000;
  }
}
