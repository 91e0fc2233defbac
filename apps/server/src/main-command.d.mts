/** Node's arguments before the server's own: the fresh compiled main module, or tsx and the TypeScript source. */
export function serverMainArguments(): string[];
