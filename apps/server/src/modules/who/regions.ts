/** WHO region codes and names (the REGION column of GHO exports and the API's ParentCode). */
export const WHO_REGIONS: Record<string, string> = {
  AFR: 'Africa',
  AMR: 'Americas',
  EMR: 'Eastern Mediterranean',
  EUR: 'Europe',
  SEAR: 'South-East Asia',
  WPR: 'Western Pacific',
};

export function isWhoRegion(code: string): boolean {
  return Object.prototype.hasOwnProperty.call(WHO_REGIONS, code);
}
