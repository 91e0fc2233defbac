import type { AutoMLResults } from '@indicata/contracts';

export declare const ENGINE_FIXTURE_SOURCE: string;
/** The results of a real engine run (cached in the OS temp directory), or null when the shared data is absent. */
export declare function loadEngineResults(): AutoMLResults | null;
