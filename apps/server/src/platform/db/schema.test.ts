/**
 * platform/db/schema.ts is Kysely's view of the tables, written by hand; the migrations are the truth.
 * This reads both — the TypeScript types through the compiler, the database after every migration
 * through information_schema — and fails on any table, column, nullability or type they disagree on.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { Migrator, sql } from 'kysely';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { wrapPglite } from './database.ts';
import { migrations } from './migrations/index.ts';

type Kind = 'string' | 'number' | 'boolean' | 'Date' | 'other';
interface Column {
  nullable: boolean | null;
  kind: Kind;
}

const SCHEMA_TS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'schema.ts');

/** What a column's type reads as: the `__select__` side of a ColumnType, null stripped and noted. */
function readColumns(): Map<string, Map<string, Column>> {
  const program = ts.createProgram([SCHEMA_TS], { strict: true, noEmit: true, skipLibCheck: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(SCHEMA_TS);
  if (!source) throw new Error('schema.ts not found');
  const db = source.statements.find(
    (node): node is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(node) && node.name.text === 'DB',
  );
  if (!db) throw new Error('no DB interface in schema.ts');
  const selectSide = (type: ts.Type): ts.Type[] => {
    const members = type.isUnion() ? type.types : [type];
    return members.flatMap((member) => {
      const select = member.getProperty('__select__');
      return select ? selectSide(checker.getTypeOfSymbol(select)) : [member];
    });
  };
  const kindOf = (members: ts.Type[]): Kind => {
    const kinds = new Set(
      members.map((member): Kind => {
        if (member.flags & (ts.TypeFlags.String | ts.TypeFlags.StringLiteral)) return 'string';
        if (member.flags & (ts.TypeFlags.Number | ts.TypeFlags.NumberLiteral)) return 'number';
        if (member.flags & (ts.TypeFlags.Boolean | ts.TypeFlags.BooleanLiteral)) return 'boolean';
        if (member.getSymbol()?.getName() === 'Date') return 'Date';
        return 'other';
      }),
    );
    return kinds.size === 1 ? ([...kinds][0] ?? 'other') : 'other';
  };
  const tables = new Map<string, Map<string, Column>>();
  for (const table of checker.getPropertiesOfType(checker.getTypeAtLocation(db))) {
    const columns = new Map<string, Column>();
    for (const column of checker.getPropertiesOfType(checker.getTypeOfSymbol(table))) {
      const members = selectSide(checker.getTypeOfSymbol(column));
      const unknown = members.some((member) => member.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any));
      const present = members.filter((member) => !(member.flags & ts.TypeFlags.Null));
      columns.set(column.getName(), {
        nullable: unknown ? null : present.length < members.length,
        kind: kindOf(present),
      });
    }
    tables.set(table.getName(), columns);
  }
  return tables;
}

const KIND_OF_UDT: Record<string, Kind> = {
  int2: 'number',
  int4: 'number',
  int8: 'number',
  float8: 'number',
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  uuid: 'string',
  date: 'string',
  numeric: 'string',
  bool: 'boolean',
  timestamptz: 'Date',
};

describe('platform/db/schema.ts against the migrated database', () => {
  it('names every table and column the migrations create, with the same nullability and type', async () => {
    const database = wrapPglite(await PGlite.create(), { location: 'schema test' });
    try {
      const migrator = new Migrator({
        db: database.kysely,
        provider: { getMigrations: async () => migrations },
      });
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const { rows } = await sql<{
        table_name: string;
        column_name: string;
        is_nullable: 'YES' | 'NO';
        data_type: string;
        udt_name: string;
      }>`
        select c.table_name, c.column_name, c.is_nullable, c.data_type, c.udt_name
          from information_schema.columns c
          join information_schema.tables t using (table_schema, table_name)
         where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
           and c.table_name not like 'kysely\_%'
      `.execute(database.kysely);
      const database_ = new Map<string, Map<string, Column>>();
      for (const row of rows) {
        const table = database_.get(row.table_name) ?? new Map<string, Column>();
        const kind = row.data_type === 'USER-DEFINED' ? 'string' : (KIND_OF_UDT[row.udt_name] ?? 'other');
        table.set(row.column_name, { nullable: row.is_nullable === 'YES', kind });
        database_.set(row.table_name, table);
      }
      const types = readColumns();

      expect([...types.keys()].sort()).toEqual([...database_.keys()].sort());
      const disagreements: string[] = [];
      for (const [table, columns] of database_) {
        const typed = types.get(table) ?? new Map<string, Column>();
        expect([...typed.keys()].sort(), `columns of ${table}`).toEqual([...columns.keys()].sort());
        for (const [name, column] of columns) {
          const declared = typed.get(name);
          if (!declared) continue;
          if (declared.nullable !== null && declared.nullable !== column.nullable) {
            disagreements.push(`${table}.${name}: nullable ${column.nullable} in the database`);
          }
          if (declared.kind !== 'other' && column.kind !== 'other' && declared.kind !== column.kind) {
            disagreements.push(
              `${table}.${name}: ${column.kind} in the database, ${declared.kind} in schema.ts`,
            );
          }
        }
      }
      expect(disagreements).toEqual([]);
    } finally {
      await database.close();
    }
  }, 60_000);
});
