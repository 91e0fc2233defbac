/** The repository's root directory. */
export const REPO_ROOT: string;
/** The source trees scanned for circles. */
export const ROOTS: string[];
/** A relative `import`/`export ... from` specifier (group 1). */
export const SPECIFIER: RegExp;
/** The .ts and .tsx files under `dir`, tests left out. */
export function sourceFiles(dir: string): string[];
/** Each file's relative imports among `files`. */
export function importGraph(files: string[]): Map<string, string[]>;
/** Every circle of imports in the graph, each as the files along it. */
export function circles(graph: Map<string, string[]>): string[][];
/** The server's source directory. */
export const SERVER: string;
/** The server's bottom-layer entries (files and folders under SERVER). */
export const BOTTOM: string[];
/** The server's top-layer entries. */
export const TOP: string[];
/** The bottom-layer files of the server that import a top-layer one, as "importer -> imported". */
export function upwardImports(graph: Map<string, string[]>): string[];
/** What is wrong in the repository's imports, one line each; empty when nothing is. */
export function importProblems(): string[];
