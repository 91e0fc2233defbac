/** Global key of the importer that fit-task.ts uses for model factories, when a thread entry installed one. */
export const MODEL_FACTORY_IMPORTER: unique symbol;
/** Where the compiled file of a .ts source lives, and its manifest; null outside a package. */
export function compiledPathsFor(sourceUrl: string): { compiledFile: string; manifestFile: string } | null;
/** Whether the compiled file exists and every source it was built from is unchanged. */
export function isCompiledFresh(sourceUrl: string): boolean;
/** The compiled file's URL when fresh and not turned off (INDICATA_COMPILED=off), else null. */
export function freshCompiledUrl(sourceUrl: string): string | null;
/** Imports the fresh compiled file of a module, else its source (through tsx for TypeScript). */
export function importModule(sourceUrl: string): Promise<unknown>;
/** Makes importModule the way fit-task.ts loads model factories in this thread. */
export function useImportModuleForModelFactories(): void;
/** Node's arguments that run a TypeScript program: its fresh compiled file, else tsx and the source. */
export function nodeArgumentsFor(sourceUrl: string): string[];
