/**
 * Axis text, grid lines and tooltips in the colours of the current Mantine scheme: nivo applies these as inline
 * styles, where CSS variables resolve, so the charts read well in dark mode too.
 */
export const NIVO_THEME = {
  text: { fill: 'var(--mantine-color-dimmed)' },
  axis: {
    ticks: {
      text: { fill: 'var(--mantine-color-dimmed)' },
      line: { stroke: 'var(--mantine-color-default-border)' },
    },
    legend: { text: { fill: 'var(--mantine-color-text)' } },
  },
  grid: { line: { stroke: 'var(--mantine-color-default-border)' } },
  legends: { text: { fill: 'var(--mantine-color-text)' } },
  tooltip: {
    container: {
      background: 'var(--mantine-color-body)',
      color: 'var(--mantine-color-text)',
      border: '1px solid var(--mantine-color-default-border)',
    },
  },
};
