import { Accordion, Collapse, createTheme, mergeThemeOverrides } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '600' },
});

/**
 * Unit tests run in jsdom, which never ends CSS transitions: collapsing panels would stay hidden there, so the
 * test theme opens them at once.
 */
export const testTheme = mergeThemeOverrides(
  theme,
  createTheme({
    components: {
      Accordion: Accordion.extend({ defaultProps: { transitionDuration: 0 } }),
      Collapse: Collapse.extend({ defaultProps: { transitionDuration: 0 } }),
    },
  }),
);
