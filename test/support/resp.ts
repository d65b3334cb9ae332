// Splits what a Redis client sends into whole commands (RESP arrays of bulk strings), for the fault
// proxy: it needs each command's name, and a command cut across TCP chunks must be kept whole.

export interface Command {
  /** Lower case, e.g. "set", "evalsha", "subscribe". */
  readonly name: string;
  readonly bytes: Buffer;
}

/** Feed it chunks as they arrive; it returns the commands completed so far and keeps the rest. */
export class CommandSplitter {
  private pending: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): Command[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const commands: Command[] = [];
    let start = 0;
    for (;;) {
      const end = commandEnd(this.pending, start);
      if (end === undefined) break;
      commands.push({ name: nameOf(this.pending, start), bytes: this.pending.subarray(start, end) });
      start = end;
    }
    this.pending = this.pending.subarray(start);
    return commands;
  }
}

/** Where the command starting at `at` ends, or undefined if it is not complete yet. */
function commandEnd(buffer: Buffer, at: number): number | undefined {
  const line = readLine(buffer, at);
  if (!line) return undefined;
  // Inline commands (a line of text) are what redis-cli and telnet send; ioredis never does.
  if (buffer[at] !== 0x2a /* * */) return line.next;
  let position = line.next;
  for (let n = Number(line.text.slice(1)); n > 0; n -= 1) {
    const header = readLine(buffer, position);
    if (!header) return undefined;
    const next = header.next + Number(header.text.slice(1)) + 2;
    if (next > buffer.length) return undefined;
    position = next;
  }
  return position;
}

function readLine(buffer: Buffer, at: number): { text: string; next: number } | undefined {
  const end = buffer.indexOf('\r\n', at);
  return end < 0 ? undefined : { text: buffer.toString('latin1', at, end), next: end + 2 };
}

function nameOf(buffer: Buffer, at: number): string {
  const first = readLine(buffer, at)!;
  if (buffer[at] !== 0x2a) return first.text.split(' ')[0]!.toLowerCase();
  const header = readLine(buffer, first.next);
  if (!header) return '';
  return buffer.toString('latin1', header.next, header.next + Number(header.text.slice(1))).toLowerCase();
}
