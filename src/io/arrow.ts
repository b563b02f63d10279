/**
 * Arrow IPC files. Small tables are written whole; large ones stream batch by batch. The writer's
 * bytes go straight into the file as it produces them (a synchronous sink), so memory stays flat,
 * a write error (disk full) is thrown by the write that hit it, and the file's length after each
 * batch is known (checkpoints record it).
 */
import { closeSync, fsyncSync, openSync, writeSync } from 'node:fs';
import { readRegularFile } from './input-files.js';
import { UserError } from '../engine/errors.js';
import {
  AsyncByteQueue,
  Bool,
  type DataType,
  Field,
  Float64,
  Int32,
  Int64,
  RecordBatch,
  RecordBatchFileWriter,
  RecordBatchStreamWriter,
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

/** The writer's sink: each buffer is written to the file at once instead of queued. */
class FileSink extends AsyncByteQueue {
  position = 0;
  constructor(private readonly fd: number) {
    super();
  }
  override write(value: Uint8Array): void {
    writeSync(this.fd, value);
    this.position += value.byteLength;
  }
}

export class ArrowFileStream {
  private readonly fd: number;
  private readonly sink: FileSink;
  private readonly writer = new RecordBatchFileWriter();
  private wrote = false;
  private closed = false;

  constructor(readonly path: string, readonly schema: Schema) {
    this.fd = openSync(path, 'w');
    this.sink = new FileSink(this.fd);
    this.writer.reset(this.sink as never);
  }

  async write(batch: RecordBatch): Promise<void> {
    this.writer.write(batch);
    this.wrote = true;
  }

  /** Bytes in the file so far: every batch written is complete up to here (after sync()). */
  get bytes(): number {
    return this.sink.position;
  }

  /** Makes what was written durable before a checkpoint refers to it. */
  sync(): void {
    fsyncSync(this.fd);
  }

  /** Writes the footer and closes the file. */
  async close(): Promise<void> {
    if (!this.wrote) this.writer.write(batchOf(this.schema, emptyColumns(this.schema)));
    this.writer.close();
    this.destroy();
  }

  /** Closes the file without finishing it (a failed or interrupted run). */
  destroy(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }
}

/**
 * The record batches in the first `bytes` bytes of an Arrow file being written (no footer yet), to
 * resume a checkpointed games.arrow. apache-arrow's file writer puts the schema only in the footer,
 * so after the 8-byte magic come the batch messages alone: prefixed with the schema's message they
 * are an Arrow stream.
 */
export function readPartialArrowFile(path: string, schema: Schema, bytes: number): RecordBatch[] {
  const file = readRegularFile(path);
  if (file.length < bytes) throw new UserError(`${path}: shorter (${file.length} bytes) than its checkpoint says (${bytes}); give --force to start again`);
  const empty = RecordBatchStreamWriter.writeAll([batchOf(schema, emptyColumns(schema))]).toUint8Array(true);
  const schemaMessage = empty.subarray(0, 8 + new DataView(empty.buffer, empty.byteOffset).getInt32(4, true)); // continuation, length, metadata
  const stream = new Uint8Array(schemaMessage.length + bytes - 8);
  stream.set(schemaMessage);
  stream.set(file.subarray(8, bytes), schemaMessage.length);
  return tableFromIPC(stream).batches;
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
  try {
    await f.write(batchOf(schema, columns));
    await f.close();
  } finally {
    f.destroy();
  }
}

/** Reads a whole Arrow file; a missing, truncated or damaged file is a UserError that names it. */
export function readArrowFile(path: string): Table {
  let bytes: Buffer;
  try {
    bytes = readRegularFile(path);
  } catch (e) {
    if (e instanceof UserError) throw e;
    throw new UserError(`${path}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  try {
    return tableFromIPC(bytes);
  } catch (e) {
    throw new UserError(`${path}: not a readable Arrow file (${(e as Error).message.split('\n')[0]}); it is truncated or damaged: write it again`);
  }
}
