import { createTheme } from '@mantine/core';

/** Calm, high-contrast defaults for long analytical sessions. */
export const theme = createTheme({
  primaryColor: 'cyan',
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  focusRing: 'auto',
  components: {
    Button: { defaultProps: { radius: 'md' } },
  },
});
