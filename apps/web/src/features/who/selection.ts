import { chooseWho, getWizardState, updateWizard, useWizard } from '../wizard/state.ts';

/** The WHO indicators chosen as the job's features (wizard `indicatorsAnalyzingCode`); empty: all with enough data. */
export function useSelectedIndicators(): string[] {
  const { state } = useWizard();
  return state.useWho ? state.indicatorsAnalyzingCode : [];
}

/**
 * Chooses WHO data as the source (time 'year', region 'regionName') and stores the chosen feature indicators.
 * chooseWho() comes first: switching from an upload forgets the upload's choices.
 */
export function chooseWhoWithIndicators(codes: string[]): void {
  chooseWho();
  if (getWizardState().indicatorsAnalyzingCode.join(',') !== codes.join(',')) updateWizard({ indicatorsAnalyzingCode: codes });
}
