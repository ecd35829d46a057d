/**
 * Told of every statement as it is sent to the database (transaction control included), with its SQL
 * text and parameters, by both drivers at the one place each talks to its database. An observability
 * seam: counting and naming the statements a request makes is what per-request query metrics need, and
 * what shows that two paths (a known and an unknown account) ask the same of the database.
 */
export type StatementObserver = (sql: string, parameters: readonly unknown[]) => void;
