/** The uploads feature's strings (filled by the uploads feature's owner). Key -> English text. */
export const uploads = {} as const;
