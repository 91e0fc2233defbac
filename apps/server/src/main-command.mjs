// How a process runs the server's main module: its compiled file (scripts/compile-server.mjs) while fresh, else the
// TypeScript through tsx. Shared by scripts/start.mjs and the tests that start real server processes.
import { nodeArgumentsFor } from '@indicata/engine/compiled-loader';

const MAIN_SOURCE_URL = new URL('./main.ts', import.meta.url).href;

/**
 * Node's arguments before the server's own (`--role worker` ...): the compiled main module, or tsx and the source.
 * @returns for example ['/repo/apps/server/.compiled/src/main.js'] or ['--import', 'tsx', '/repo/apps/server/src/main.ts']
 */
export function serverMainArguments() {
  return nodeArgumentsFor(MAIN_SOURCE_URL);
}
