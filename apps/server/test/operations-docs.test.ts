/**
 * The operator's files in docs/operations: the alert rules are valid Prometheus rule YAML, load in
 * Prometheus's own checker and pass their unit tests (promtool, Debian's prometheus package, which
 * .ci/run installs), and every series docs/operations/metrics.md documents has at least one alert and
 * one dashboard panel.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { REPO_ROOT } from './pg-cluster.ts';

const docs = (name: string) => readFileSync(path.join(REPO_ROOT, 'docs/operations', name), 'utf8');
const documented = [...docs('metrics.md').matchAll(/^\| `([a-z_]+)` \|/gm)].map((match) => match[1] ?? '');

interface Rule {
  alert?: unknown;
  expr?: unknown;
  for?: unknown;
  labels?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

describe('docs/operations', () => {
  const rules = (
    parse(docs('prometheus-alerts.yml')) as { groups: { name: string; rules: Rule[] }[] }
  ).groups.flatMap((group) => group.rules);
  const dashboard = JSON.parse(docs('grafana-dashboard.json')) as {
    panels: { title: string; targets: { expr: string }[] }[];
  };

  it('has alert rules Prometheus can load: a name, an expression, a severity and a summary each', () => {
    expect(rules.length).toBeGreaterThan(10);
    const names = new Set<string>();
    for (const rule of rules) {
      expect(typeof rule.alert).toBe('string');
      expect(typeof rule.expr).toBe('string');
      expect(['page', 'ticket']).toContain(rule.labels?.severity);
      expect(typeof rule.annotations?.summary).toBe('string');
      if (rule.for !== undefined) expect(String(rule.for)).toMatch(/^\d+[smh]$/);
      names.add(String(rule.alert));
    }
    expect(names.size).toBe(rules.length);
  });

  it('load in Prometheus and fire when their unit tests say: promtool check rules, promtool test rules', () => {
    const promtool = (...args: string[]) =>
      spawnSync('promtool', args, { cwd: path.join(REPO_ROOT, 'docs/operations'), encoding: 'utf8' });
    const checked = promtool('check', 'rules', 'prometheus-alerts.yml');
    expect(checked.error, 'promtool is on PATH (Debian package prometheus)').toBeUndefined();
    expect(checked.stdout + checked.stderr).toContain(`SUCCESS: ${rules.length} rules found`);
    expect(checked.status).toBe(0);
    const tested = promtool('test', 'rules', 'prometheus-alerts.test.yml');
    expect(tested.stdout + tested.stderr).toContain('SUCCESS');
    expect(tested.status).toBe(0);
  });

  it("has dashboard queries Prometheus can parse: each panel's expression checked as a recording rule", () => {
    const expressions = dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr));
    const dir = mkdtempSync(path.join(tmpdir(), 'tradehall-dashboard-'));
    try {
      const file = path.join(dir, 'dashboard-rules.yml');
      const rules = expressions.map((expr, index) => ({ record: `dashboard:panel_${index}`, expr }));
      writeFileSync(file, stringify({ groups: [{ name: 'grafana-dashboard', rules }] }));
      const checked = spawnSync('promtool', ['check', 'rules', file], { encoding: 'utf8' });
      expect(checked.stdout + checked.stderr).toContain(`SUCCESS: ${expressions.length} rules found`);
      expect(checked.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('alerts on and charts every documented series', () => {
    expect(documented.length).toBeGreaterThanOrEqual(16);
    const expressions = rules.map((rule) => String(rule.expr));
    const panels = dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr));
    for (const series of documented) {
      expect(
        expressions.some((expr) => expr.includes(series)),
        `alert on ${series}`,
      ).toBe(true);
      expect(
        panels.some((expr) => expr.includes(series)),
        `panel for ${series}`,
      ).toBe(true);
    }
  });
});
