/** The TypeScript modules that Node starts directly, relative to the repository root. */
export const COMPILED_ENTRIES: string[];
/** Compiles one entry (absolute path) unless its compiled file is fresh; resolves to whether it was rebuilt. */
export function compileEntry(sourceFile: string): Promise<boolean>;
/** Compiles every stale entry; resolves to the entries that were rebuilt. */
export function compileServer(): Promise<string[]>;
/** Vitest global setup. */
export function setup(): Promise<void>;
