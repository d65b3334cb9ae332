// Listeners of the announcements a bus hears from other processes, by topic (SessionBus.announce).
import type { AnnouncementListener } from './bus';

/** Topics and keys longer than this are not ours: ignored. Values are short (a log level). */
const MAX_TEXT = 200;

export class Announcements {
  private readonly listeners = new Map<string, AnnouncementListener[]>();

  on(topic: string, listener: AnnouncementListener): void {
    const listeners = this.listeners.get(topic);
    if (listeners) listeners.push(listener);
    else this.listeners.set(topic, [listener]);
  }

  /** One announcement heard from another process; anything malformed is ignored. */
  heard(topic: unknown, key: unknown, value: unknown): void {
    if (typeof topic !== 'string' || typeof key !== 'string' || typeof value !== 'string') return;
    if (key.length > MAX_TEXT || value.length > MAX_TEXT) return;
    for (const listener of this.listeners.get(topic) ?? []) listener(key, value);
  }
}
