import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale, initI18n } from '../../../lib/i18n.ts';
import { FrequencyChart } from './frequency-chart.tsx';
import { SumsChart } from './sums-chart.tsx';

const settled = (issue: string, sum: number) => ({
  issue,
  sum,
  digits: [0, 0, sum],
  settledAt: 1_795_000_000,
});
const counts = { long: 1, short: 0, single: 0, double: 1 };

afterEach(cleanup);

describe('trend chart captions', () => {
  it('say "result" for one draw and "results" for several, by the language’s plural rules', async () => {
    await initI18n('en');
    render(<SumsChart recent={[settled('202611230001', 12)]} />);
    render(<FrequencyChart frequencies={counts} total={1} />);
    expect(screen.getByText('Sum of the last result', { selector: 'figcaption' })).toBeTruthy();
    expect(
      screen.getByText('Long, short, single and double in the last result', { selector: 'figcaption' }),
    ).toBeTruthy();
    cleanup();
    render(<SumsChart recent={[settled('202611230002', 3), settled('202611230001', 12)]} />);
    expect(screen.getByText('Sums of the last 2 results', { selector: 'figcaption' })).toBeTruthy();
  });

  it('count in languages without plural forms too', async () => {
    await initI18n('en');
    await changeLocale('zh-cn');
    render(<SumsChart recent={[settled('202611230001', 12)]} />);
    expect(screen.getByText('最近 1 期的和值', { selector: 'figcaption' })).toBeTruthy();
    await changeLocale('en');
  });
});
