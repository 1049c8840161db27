import { DuckDBInstance } from "@duckdb/node-api";

/** Drops null-valued keys: a nested Parquet struct has every key, a JSONL row only its own. */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null).map(([k, v]) => [k, withoutNulls(v)]));
  }
  return value;
}

/** Reads a Parquet file with DuckDB: rows as JSON values (JSON leaves decoded), and the column types. */
export async function readParquet(path: string): Promise<{ rows: Record<string, unknown>[]; types: Record<string, string> }> {
  const db = await DuckDBInstance.create(":memory:", { threads: "1" });
  try {
    const con = await db.connect();
    const file = `'${path.replace(/'/g, "''")}'`;
    const rows = (await con.runAndReadAll(`SELECT to_json(t)::VARCHAR AS j FROM read_parquet(${file}) t`)).getRows().map((r) => JSON.parse(String(r[0])) as Record<string, unknown>);
    const types = Object.fromEntries(
      (await con.runAndReadAll(`SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet(${file}))`)).getRows().map((r) => [String(r[0]), String(r[1])]),
    );
    con.closeSync();
    return { rows, types };
  } finally {
    db.closeSync();
  }
}
