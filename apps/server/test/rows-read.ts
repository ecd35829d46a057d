/**
 * What a read costs in rows, on either driver: the statements an app sent (text and parameters, as a
 * suite's statement observer saw them) run again under EXPLAIN ANALYZE, and the rows their scans read
 * counted. Suites compare it between a short and a long history: a read that grows with the history
 * shows as more rows, whatever the machine's speed.
 */
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import type { TestApp } from './harness.ts';
import { WorkLog, type WorkObserver } from './work-log.ts';

/** A statement as the app sent it. */
export interface Sent {
  text: string;
  values: readonly unknown[];
}

/** A plan node of EXPLAIN (ANALYZE, FORMAT JSON), as far as counting rows goes. */
interface PlanNode {
  'Node Type': string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

type PlanRow = { 'QUERY PLAN': string | Array<{ Plan: PlanNode }> };

/**
 * Rows the scans of a plan read: those they returned and those they read and dropped, every loop. A
 * bitmap index scan is not counted: its rows are those its heap scan reads, counted there (otherwise
 * the same read counts twice or once depending on the planner's choice between the two kinds of scan).
 */
function scannedRows(node: PlanNode): number {
  const own =
    node['Node Type'].includes('Scan') && node['Node Type'] !== 'Bitmap Index Scan'
      ? ((node['Actual Rows'] ?? 0) +
          (node['Rows Removed by Filter'] ?? 0) +
          (node['Rows Removed by Index Recheck'] ?? 0)) *
        (node['Actual Loops'] ?? 1)
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + scannedRows(child), 0);
}

function planOf(row: PlanRow | undefined, text: string): PlanNode {
  const value = row?.['QUERY PLAN'];
  const plans = typeof value === 'string' ? (JSON.parse(value) as Array<{ Plan: PlanNode }>) : value;
  const plan = plans?.[0]?.Plan;
  if (!plan) throw new Error(`no plan for ${text}`);
  return plan;
}

/**
 * A test app's work (WorkLog) with each statement's parameters kept beside it, so that what one request
 * sent can be compared with another's and run again under EXPLAIN ANALYZE.
 */
export class ReplayableWork {
  readonly #log = new WorkLog();
  #sent: Sent[] = [];
  /** createTestApp's `observer`. */
  readonly observer: WorkObserver = {
    statement: (text, values) => {
      this.#log.statement(text, values);
      this.#sent.push({ text, values });
    },
    hash: this.#log.hash,
    mail: (message) => this.#log.mail(message),
  };

  /** The work since the last take, and its statements that read (not the transaction's own). */
  take(): { work: string[]; statements: Sent[] } {
    const statements = this.#sent.filter((entry) => !/^(begin|commit|rollback)\b/i.test(entry.text.trim()));
    this.#sent = [];
    return { work: this.#log.take(), statements };
  }
}

/**
 * The rows the database reads to run these statements again. On PostgreSQL on a connection of the
 * suite's own (without the app's statement time limits); on PGlite through the app's one connection.
 */
export async function rowsRead(t: TestApp, statements: readonly Sent[]): Promise<number> {
  const explain = (statement: Sent) => `explain (analyze, format json) ${statement.text}`;
  if (t.databaseUrl === null) {
    let total = 0;
    for (const statement of statements) {
      const result = await t.database.kysely.executeQuery<PlanRow>(
        CompiledQuery.raw(explain(statement), [...statement.values]),
      );
      total += scannedRows(planOf(result.rows[0], statement.text));
    }
    return total;
  }
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  try {
    let total = 0;
    for (const statement of statements) {
      const result = await client.query<PlanRow>(explain(statement), [...statement.values]);
      total += scannedRows(planOf(result.rows[0], statement.text));
    }
    return total;
  } finally {
    await client.end();
  }
}
