/**
 * Pushes to the member's phone (docs/ARCHITECTURE.md, "Notifications"). The app shell sets the
 * push service's external id to the member's uuid at login (SPEC.md §4 "Session": "It then sets
 * analytics and push attributes"), so a push is addressed by that uuid. `PushSender` is the
 * interface; three implementations, chosen like the ad sender (domains/ads/conversion.ts):
 *   - OneSignalPushSender: POST {ONESIGNAL_BASE_URL}/notifications with
 *     `include_aliases.external_id`, `target_channel: 'push'`, Korean/English headings and contents,
 *     the link in `data` (and as `url` under PUSH_LINK_ORIGIN, by default PUBLIC_ORIGIN); chosen when ONESIGNAL_APP_ID
 *     and ONESIGNAL_API_KEY are set;
 *   - DevPushSink: keeps the last 200 pushes in memory (the default outside production, and tests);
 *   - NoPushSender: production without keys sends nothing.
 * Senders may throw; the outbox (notify.ts) retries, records FAILED after the last attempt and never
 * fails the request.
 */
import { isDeliverableAppPush } from '@codiroom/shared';
import type { AppContext } from '../../platform/context.ts';
import { tracedFetch } from '../../platform/tracing.ts';

export type PushMessage = {
  /** The member's uuid: the external id the app registered with the push service. */
  external_id: string;
  title: string;
  body: string;
  /** A storefront path (`/mypage/orders/12`), or null. */
  link: string | null;
  kind: string;
  notification_id: number;
  /** The same for every delivery of one notification (notify.ts pushIdempotencyKey): deduplicated by the service. */
  idempotency_key?: string;
};

export interface PushSender {
  readonly kind: 'onesignal' | 'dev' | 'off';
  send(message: PushMessage): Promise<void>;
  /** The member's tags on the push service (login attributes: notify.ts tagPushUser). */
  setTags(externalId: string, tags: Record<string, string>): Promise<void>;
  /**
   * Whether the push service holds `subscriptionId` for this member as a deliverable app push
   * (isDeliverableAppPush): the app's permission, checked with the service (app-push.ts).
   */
  hasAppSubscription(externalId: string, subscriptionId: string): Promise<boolean>;
}

export class DevPushSink implements PushSender {
  readonly kind = 'dev' as const;
  readonly pushes: PushMessage[] = [];
  constructor(private readonly capacity = 200) {}
  /** The latest tags per external id. */
  readonly tags = new Map<string, Record<string, string>>();
  /** App subscriptions the dev shell registered (POST /api/dev/push-devices), per external id. */
  readonly devices = new Map<string, Set<string>>();
  registerDevice(externalId: string, subscriptionId: string): void {
    const set = this.devices.get(externalId) ?? new Set<string>();
    set.add(subscriptionId);
    this.devices.set(externalId, set);
  }
  async hasAppSubscription(externalId: string, subscriptionId: string): Promise<boolean> {
    return this.devices.get(externalId)?.has(subscriptionId) ?? false;
  }
  async send(message: PushMessage): Promise<void> {
    this.pushes.push(message);
    if (this.pushes.length > this.capacity) this.pushes.splice(0, this.pushes.length - this.capacity);
  }
  async setTags(externalId: string, tags: Record<string, string>): Promise<void> {
    this.tags.set(externalId, { ...this.tags.get(externalId), ...tags });
    if (this.tags.size > this.capacity) this.tags.delete(this.tags.keys().next().value as string);
  }
}

/** Production without ONESIGNAL_APP_ID/ONESIGNAL_API_KEY: pushes are not sent anywhere. */
export class NoPushSender implements PushSender {
  readonly kind = 'off' as const;
  async send(): Promise<void> {}
  async setTags(): Promise<void> {}
  /** Without the push service nothing can be verified. */
  async hasAppSubscription(): Promise<boolean> {
    return false;
  }
}

export class OneSignalPushSender implements PushSender {
  readonly kind = 'onesignal' as const;
  constructor(
    private readonly opts: {
      baseUrl: string;
      appId: string;
      apiKey: string;
      linkOrigin?: string | undefined;
      timeoutMs?: number;
    },
  ) {}

  /** The request body of OneSignal's "Create notification" call (push to external ids). */
  body(m: PushMessage): Record<string, unknown> {
    const body: Record<string, unknown> = {
      app_id: this.opts.appId,
      target_channel: 'push',
      include_aliases: { external_id: [m.external_id] },
      headings: { ko: m.title, en: m.title },
      contents: { ko: m.body || m.title, en: m.body || m.title },
      data: { link: m.link, kind: m.kind, notification_id: m.notification_id },
    };
    if (m.link && this.opts.linkOrigin) body.url = `${this.opts.linkOrigin}${m.link}`;
    // OneSignal keeps a notification's idempotency key for 30 days and answers a repeat without sending.
    if (m.idempotency_key) body.idempotency_key = m.idempotency_key;
    return body;
  }

  async send(message: PushMessage): Promise<void> {
    const res = await this.call('POST', '/notifications', this.body(message));
    if (!res.ok) throw new Error(`Push service answered ${res.status}`);
  }

  /**
   * OneSignal's "Update user" by alias: PATCH /apps/{app_id}/users/by/external_id/{id} with
   * `properties.tags`. A 404 means the app has not logged this member in on any device yet (no
   * user with that external id): nothing to tag, not a failure.
   */
  async setTags(externalId: string, tags: Record<string, string>): Promise<void> {
    const res = await this.call('PATCH', this.userPath(externalId), { properties: { tags } });
    if (!res.ok && res.status !== 404) throw new Error(`Push service answered ${res.status}`);
  }

  /**
   * OneSignal's "View user" by external id: the member's subscriptions; the one reported must be
   * there and a deliverable app push. A 404 (no such user) is false.
   */
  async hasAppSubscription(externalId: string, subscriptionId: string): Promise<boolean> {
    const res = await this.call('GET', this.userPath(externalId), undefined, true);
    if (res.status === 404) return false;
    if (!res.ok) throw new Error(`Push service answered ${res.status}`);
    const subs = (res.json as { subscriptions?: unknown } | null)?.subscriptions;
    if (!Array.isArray(subs)) return false;
    return subs.some(
      (s) =>
        !!s &&
        typeof s === 'object' &&
        (s as { id?: unknown }).id === subscriptionId &&
        isDeliverableAppPush(s),
    );
  }

  private userPath(externalId: string): string {
    return `/apps/${encodeURIComponent(this.opts.appId)}/users/by/external_id/${encodeURIComponent(externalId)}`;
  }

  private async call(
    method: string,
    path: string,
    body: unknown,
    read = false,
  ): Promise<{ ok: boolean; status: number; json?: unknown }> {
    const base = this.opts.baseUrl.replace(/\/+$/, '');
    const res = await tracedFetch('push')(`${base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        accept: 'application/json',
        authorization: `Key ${this.opts.apiKey}`,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(this.opts.timeoutMs ?? 5000),
    });
    if (!read || !res.ok) {
      await res.body?.cancel();
      return { ok: res.ok, status: res.status };
    }
    // Bounded: a user's profile is small; anything larger is not what we asked for.
    const text = await res.text();
    if (text.length > 200_000) return { ok: false, status: 502 };
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { ok: true, status: res.status, json };
  }
}

export function createPushSender(config: AppContext['config']): PushSender {
  if (config.ONESIGNAL_APP_ID && config.ONESIGNAL_API_KEY) {
    return new OneSignalPushSender({
      baseUrl: config.ONESIGNAL_BASE_URL,
      appId: config.ONESIGNAL_APP_ID,
      apiKey: config.ONESIGNAL_API_KEY,
      linkOrigin: config.PUSH_LINK_ORIGIN,
    });
  }
  // Stand-ins exist only outside production: a production shop without push keys sends nothing.
  return config.NODE_ENV === 'production' ? new NoPushSender() : new DevPushSink();
}

const senders = new WeakMap<AppContext, PushSender>();

/** The sender of this app context (created on first use). */
export function pushSenderFor(ctx: AppContext): PushSender {
  let sender = senders.get(ctx);
  if (!sender) {
    sender = createPushSender(ctx.config);
    senders.set(ctx, sender);
  }
  return sender;
}

/** Replaces the sender of an app context (tests). */
export function setPushSender(ctx: AppContext, sender: PushSender): void {
  senders.set(ctx, sender);
}
