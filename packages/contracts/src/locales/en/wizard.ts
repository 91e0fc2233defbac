/** The wizard feature's strings (filled by the wizard feature's owner). Key -> English text. */
export const wizard = {} as const;
