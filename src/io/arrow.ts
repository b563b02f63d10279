/**
 * Arrow IPC files. Small tables are written whole; large ones stream batch by batch: each batch is
 * written, then its bytes are consumed into the file before the next, so memory stays flat (the
 * writer's own queue does not push back).
 */
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import {
  Bool,
  type DataType,
  Field,
  Float64,
  Int32,
  Int64,
  RecordBatch,
  RecordBatchFileWriter,
  Schema,
  Struct,
  type Table,
  Utf8,
  makeData,
  tableFromIPC,
  vectorFromArray,
} from 'apache-arrow';

export type Column = Int32Array | Float64Array | BigInt64Array | string[] | boolean[];
export type ColumnType = 'int32' | 'int64' | 'float64' | 'utf8' | 'bool';

const TYPES: Record<ColumnType, () => DataType> = {
  int32: () => new Int32(),
  int64: () => new Int64(),
  float64: () => new Float64(),
  utf8: () => new Utf8(),
  bool: () => new Bool(),
};

export function schemaOf(columns: [string, ColumnType][]): Schema {
  return new Schema(columns.map(([name, type]) => new Field(name, TYPES[type](), false)));
}

/** One record batch with exactly `schema` (batches of one file must share the schema object). */
export function batchOf(schema: Schema, columns: Record<string, Column>): RecordBatch {
  const children = schema.fields.map((f) => {
    const c = columns[f.name];
    if (c === undefined) throw new Error(`batchOf: column ${f.name} missing`);
    return vectorFromArray(c as never, f.type).data[0];
  });
  const length = children.length ? children[0].length : 0;
  return new RecordBatch(schema, makeData({ type: new Struct(schema.fields), length, nullCount: 0, children }));
}

export class ArrowFileStream {
  private readonly fd: number;
  private readonly writer = new RecordBatchFileWriter();
  private readonly drained: Promise<void>;
  private wrote = false;

  constructor(readonly path: string, readonly schema: Schema) {
    this.fd = openSync(path, 'w');
    const fd = this.fd;
    const writer = this.writer;
    this.drained = (async () => {
      for await (const bytes of writer) writeSync(fd, bytes);
    })();
  }

  async write(batch: RecordBatch): Promise<void> {
    this.writer.write(batch);
    this.wrote = true;
    await new Promise((r) => setImmediate(r)); // let the consumer above empty the queue
  }

  async close(): Promise<void> {
    if (!this.wrote) this.writer.write(batchOf(this.schema, emptyColumns(this.schema)));
    this.writer.close();
    await this.drained;
    closeSync(this.fd);
  }
}

function emptyColumns(schema: Schema): Record<string, Column> {
  const out: Record<string, Column> = {};
  for (const f of schema.fields) {
    const t = String(f.type);
    out[f.name] = t === 'Utf8' || t === 'Bool' ? [] : t === 'Int64' ? new BigInt64Array(0) : t === 'Int32' ? new Int32Array(0) : new Float64Array(0);
  }
  return out;
}

export async function writeArrowFile(path: string, schema: Schema, columns: Record<string, Column>): Promise<void> {
  const f = new ArrowFileStream(path, schema);
  await f.write(batchOf(schema, columns));
  await f.close();
}

export function readArrowFile(path: string): Table {
  return tableFromIPC(readFileSync(path));
}
