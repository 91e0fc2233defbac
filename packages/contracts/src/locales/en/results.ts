/** The results feature's strings (filled by the results feature's owner). Key -> English text. */
export const results = {} as const;
