// Minimal SSE framing for the bench's clients: events end with a blank line; `event:` and `data:` fields
// are read, comments and other fields ignored. Fed chunk by chunk, as a stream delivers them.

export interface SseEvent {
  readonly type: string;
  readonly data: string;
}

export class SseFrames {
  private buffer = '';

  /** Adds a chunk and returns the events it completed (possibly none). */
  push(chunk: string): SseEvent[] {
    this.buffer += chunk.includes('\r') ? chunk.replace(/\r\n?/g, '\n') : chunk;
    const events: SseEvent[] = [];
    let end = this.buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let type = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) type = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      }
      if (data.length > 0) events.push({ type, data: data.join('\n') });
      end = this.buffer.indexOf('\n\n');
    }
    return events;
  }
}
