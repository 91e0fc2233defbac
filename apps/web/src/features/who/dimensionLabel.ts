import type { TFunction } from 'i18next';

/**
 * A WHO dimension key in words ("SEX_BTSX" -> "Both sexes"); an age group "AGEGROUP_YEARS15-49" -> "15-49 years";
 * an unknown key is shown as it is.
 */
export function dimensionLabel(key: string, t: TFunction): string {
  const known = t(`who:dimensionLabels.${key}`, { defaultValue: '' });
  if (known) return known;
  const age = /^AGEGROUP_YEARS(\d+)(?:-(\d+|PLUS))?$/.exec(key);
  if (age) return age[2] === 'PLUS' ? `${age[1]}+` : age[2] ? `${age[1]}-${age[2]}` : age[1];
  return key;
}
