/** Keeps the first `limit` bytes of a stream and counts what it dropped. */
export class OutputCollector {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  dropped = 0;

  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    const room = this.limit - this.kept;
    if (room <= 0) {
      this.dropped += chunk.length;
      return;
    }
    const piece = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.chunks.push(piece);
    this.kept += piece.length;
    this.dropped += chunk.length - piece.length;
  }

  /** What was kept, without the truncation note. */
  raw(): string {
    return Buffer.concat(this.chunks).toString("utf8");
  }

  text(): string {
    const body = Buffer.concat(this.chunks).toString("utf8");
    return this.dropped > 0 ? `${body}\n[... ${this.dropped} bytes truncated]` : body;
  }
}
