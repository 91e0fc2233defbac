import { useCallback, useState } from 'react';
import type { ConfigPageId, ParamSettings } from '../state.ts';
import { getWizardState } from '../state.ts';

/**
 * The editable copy of one page's saved parameters. A parameter without a saved flag starts on auto.
 * Toggling auto on clears the value (spec section 4, per-parameter auto toggle).
 */
export function useParamSettings(page: ConfigPageId, keys: readonly string[], initial?: Partial<Record<string, string>>) {
  const [settings, setSettings] = useState<ParamSettings>(() => {
    const saved = getWizardState().params[page];
    const auto: Record<string, boolean> = {};
    const values: Record<string, string> = { ...saved.values };
    for (const key of keys) {
      auto[key] = saved.auto[key] !== false;
      // A starting value (e.g. indicators chosen elsewhere) is shown as a custom value.
      const start = initial?.[key];
      if (start && values[key] === undefined) {
        values[key] = start;
        auto[key] = false;
      }
    }
    return { values, auto };
  });

  const toggleAuto = useCallback((key: string) => {
    setSettings((current) => {
      const turningOn = !current.auto[key];
      const values = { ...current.values };
      if (turningOn) delete values[key];
      return { values, auto: { ...current.auto, [key]: turningOn } };
    });
  }, []);

  const setValue = useCallback((key: string, value: string) => {
    setSettings((current) => ({ ...current, values: { ...current.values, [key]: value } }));
  }, []);

  return { settings, toggleAuto, setValue };
}
