import { Button } from '@mantine/core';

interface AutoToggleProps {
  active: boolean;
  label: string;
  /** Names the parameter for assistive technology ("Auto: n_estimators"). */
  parameter: string;
  onToggle: () => void;
}

/** The per-parameter "auto" (or "Disable") button: highlighted while on. */
export function AutoToggle({ active, label, parameter, onToggle }: AutoToggleProps) {
  return (
    <Button
      size="xs"
      variant={active ? 'filled' : 'default'}
      aria-pressed={active}
      aria-label={`${label}: ${parameter}`}
      onClick={onToggle}
      miw={76}
    >
      {label}
    </Button>
  );
}
