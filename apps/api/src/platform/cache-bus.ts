/**
 * The invalidation events' way between processes (platform/cache.ts): a Redis channel, one
 * publishing and one subscribed connection per registry. A subscriber that connected again after
 * losing its connection reports it (`onResync`), since events sent meanwhile never reached it.
 */
import { Redis } from 'ioredis';
import { REDIS_CACHE_OPTIONS } from './kv.ts';

/** One event as sent on the channel: the sending registry, the event and its key. */
export type BusMessage<E extends string> = { from: string; event: E; key?: string | number };

/** Carries invalidation events to the other processes (none without Redis). */
export interface InvalidationBus<Message> {
  ready(): Promise<void>;
  publish(message: Message): Promise<void>;
  close(): Promise<void>;
}

export class RedisBus<Message> implements InvalidationBus<Message> {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly subscribed: Promise<unknown>;
  private readonly channel: string;
  /**
   * `onResync`: the subscriber connected again after losing its connection (events sent meanwhile
   * never reached this process).
   */
  constructor(url: string, channel: string, onMessage: (m: Message) => void, onResync: () => void) {
    // Publishing is best effort and never waits for a dead server (platform/kv.ts).
    this.pub = new Redis(url, REDIS_CACHE_OPTIONS);
    // The subscriber waits for its connection (no command timeout) and reconnects like the store.
    this.sub = new Redis(url, {
      connectTimeout: REDIS_CACHE_OPTIONS.connectTimeout,
      retryStrategy: REDIS_CACHE_OPTIONS.retryStrategy,
    });
    this.pub.on('error', () => undefined);
    this.sub.on('error', () => undefined);
    let lost = false;
    this.sub.on('close', () => {
      lost = true;
    });
    this.sub.on('ready', () => {
      if (!lost) return;
      lost = false;
      onResync();
    });
    this.channel = channel;
    this.sub.on('message', (ch: string, raw: string) => {
      if (ch !== channel) return;
      try {
        onMessage(JSON.parse(raw) as Message);
      } catch {
        // Not one of ours.
      }
    });
    this.subscribed = this.sub.subscribe(channel);
    this.subscribed.catch(() => undefined);
  }
  async ready() {
    await this.subscribed;
  }
  async publish(message: Message) {
    await this.pub.publish(this.channel, JSON.stringify(message));
  }
  async close() {
    // The subscriber may still be retrying a subscribe made while Redis was down: quit would wait
    // behind it, so it is cut.
    this.sub.disconnect();
    await Promise.allSettled([this.pub.quit()]);
  }
}
