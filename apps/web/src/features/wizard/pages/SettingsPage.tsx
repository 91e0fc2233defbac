import { useState, type ReactNode } from 'react';
import { Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@indicata/contracts';
import { notify } from '../../../lib/notify.tsx';
import { applyWizard, type ConfigPageId, type ParamSettings, type WizardState } from '../state.ts';
import { saveConfigPage } from '../transitions.ts';
import { ParamTable } from '../components/ParamTable.tsx';
import { WizardPage } from '../components/WizardPage.tsx';
import { useGoBack } from '../components/useGoBack.ts';
import { useParamSettings } from '../components/useParamSettings.ts';

export interface SettingsField {
  key: string;
  label: string;
  hint?: string;
  /** A select of fixed options, or free text checked by `validate` (returns an error text or null). */
  control:
    | { type: 'select'; options: { value: string; label: string; disabled?: boolean }[] }
    | { type: 'text'; placeholder?: string; validate?: (text: string) => string | null }
    | { type: 'custom'; render: (value: string, disabled: boolean, onChange: (value: string) => void) => ReactNode };
}

interface SettingsPageProps {
  page: ConfigPageId;
  title: string;
  intro: string;
  fields: SettingsField[];
  /** "Auto" for most pages; "Disable" on Attribute Selection. */
  toggleLabel: string;
  savedMessage: MessageKey;
  /** Extra state changes when saving (Attribute Selection stores the manual indicator list). */
  onSaved?: (state: WizardState, settings: ParamSettings) => WizardState;
  /** Values to start from when nothing was saved yet (e.g. indicators chosen on /whoimport). */
  initial?: Partial<Record<string, string>>;
}

/** A preprocessing configuration page: one row per setting with its auto toggle and Customize control. */
export function SettingsPage({ page, title, intro, fields, toggleLabel, savedMessage, onSaved, initial }: SettingsPageProps) {
  const { t } = useTranslation('wizard');
  const goBack = useGoBack();
  const { settings, toggleAuto, setValue } = useParamSettings(
    page,
    fields.map((f) => f.key),
    initial,
  );
  const [showErrors, setShowErrors] = useState(false);

  const errorOf = (field: SettingsField): string | null => {
    if (settings.auto[field.key] || field.control.type !== 'text' || !field.control.validate) return null;
    const text = settings.values[field.key] ?? '';
    return text.trim() === '' ? null : field.control.validate(text);
  };

  const save = () => {
    if (fields.some((f) => errorOf(f) !== null)) {
      setShowErrors(true);
      notify.error(t('page.fixErrors'));
      return;
    }
    applyWizard((state) => {
      const saved = saveConfigPage(state, page, settings);
      return onSaved ? onSaved(saved, settings) : saved;
    });
    notify.success(t(`messages:${savedMessage}`));
    goBack();
  };

  const rows = fields.map((field) => {
    const auto = settings.auto[field.key];
    const value = settings.values[field.key] ?? '';
    const label = `${t('page.customize')}: ${field.label}`;
    const error = showErrors ? (errorOf(field) ?? undefined) : undefined;
    let input: ReactNode;
    if (field.control.type === 'select') {
      input = (
        <Select
          aria-label={label}
          disabled={auto}
          data={field.control.options}
          value={value || null}
          onChange={(v) => setValue(field.key, v ?? '')}
          placeholder={auto ? toggleLabel : undefined}
          allowDeselect={false}
        />
      );
    } else if (field.control.type === 'text') {
      input = (
        <TextInput
          aria-label={label}
          disabled={auto}
          value={value}
          error={error}
          placeholder={auto ? toggleLabel : field.control.placeholder}
          onChange={(event) => setValue(field.key, event.currentTarget.value)}
        />
      );
    } else {
      input = field.control.render(value, auto, (v) => setValue(field.key, v));
    }
    return { key: field.key, label: field.label, hint: field.hint, auto, input };
  });

  return (
    <WizardPage title={title} intro={intro} onSave={save}>
      <Stack gap="sm">
        <ParamTable rows={rows} toggleLabel={toggleLabel} onToggle={toggleAuto} />
      </Stack>
    </WizardPage>
  );
}
