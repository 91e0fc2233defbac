/** The questions feature's strings (filled by the questions feature's owner). Key -> English text. */
export const questions = {} as const;
