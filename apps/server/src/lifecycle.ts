/** Stops what a starter started (close connections, wait for running work to settle). */
export type Stop = () => Promise<void>;
