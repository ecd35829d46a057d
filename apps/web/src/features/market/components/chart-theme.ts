/**
 * Chart colours. A canvas cannot read CSS variables, so the theme's values (styles/base.css, dark blue)
 * are repeated here: text muted #a9b8d9, border #24407a, link blue #4c9aff, success green #5fd39a.
 */
export const CHART_COLORS = {
  text: '#a9b8d9',
  grid: '#24407a',
  line: '#4c9aff',
  fill: 'rgba(76, 154, 255, 0.15)',
  bar: '#3d8bff',
  barAlt: '#5fd39a',
} as const;

export const CHART_FONT = '12px system-ui, sans-serif';
