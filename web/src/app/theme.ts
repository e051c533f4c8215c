import {
  Accordion,
  Collapse,
  createTheme,
  mergeThemeOverrides,
  type CSSVariablesResolver,
} from '@mantine/core';

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

/**
 * Secondary ("dimmed") text: Mantine's own greys reach only 3.3:1 on white and 4:1 on the dark body, below WCAG
 * AA's 4.5:1 for small text (shares in chart legends, pager counts, captions). These keep the same tone at 5.8:1 on
 * white (5.2:1 on light grey cards) and 6.9:1 on the dark body (5:1 on the darkest cards' lightest shade).
 */
export const DIMMED_TEXT = { light: '#5f666d', dark: '#adadad' } as const;

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': DIMMED_TEXT.light },
  dark: { '--mantine-color-dimmed': DIMMED_TEXT.dark },
});
