// zip-stream ships no types: the part of its API the XLSX writer uses.
declare module 'zip-stream' {
  import { Transform, type Readable } from 'node:stream';
  export default class ZipStream extends Transform {
    constructor(options?: { zlib?: { level?: number } });
    entry(source: string | Buffer | Readable, data: { name: string }, callback: (error: Error | null) => void): this;
    finish(): void;
  }
}
