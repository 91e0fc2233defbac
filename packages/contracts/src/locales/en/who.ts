/** The who feature's strings (filled by the who feature's owner). Key -> English text. */
export const who = {} as const;
