/** The ad-conversion event as the conversion service reads it (SPEC.md §3 Ad-conversion event). */

export type AdUserData = {
  client_ip_address?: string | null;
  client_user_agent?: string | null;
  fbc?: string | null;
  fbp?: string | null;
  /** Hashed e-mail addresses; a list holding null for PageView and ViewContent. */
  em?: (string | null)[];
};

export type AdContent = { id: string; quantity: number; item_price: number };

export type AdCustomData = {
  value?: number;
  currency?: 'KRW';
  contents?: AdContent[];
  content_ids?: string[];
  content_type?: 'product';
  fb_registration_method?: string;
  /** Purchase: the order number (the conversions API's order_id). */
  order_id?: string;
};

export type AdConversionEvent = {
  event_name: string;
  /** Unix seconds. */
  event_time: number;
  /**
   * The id the browser pixel sent the same event with (the `x-ad-event-id` header), else a random
   * UUID: the service counts a server event and a browser event with the same name and id once.
   */
  event_id: string;
  action_source: 'website';
  event_source_url?: string;
  user_data: AdUserData;
  custom_data?: AdCustomData;
};

/** What the request tells about the visitor (client_ip_address, client_user_agent, fbc, fbp). */
export type AdRequestInfo = {
  ip?: string | null;
  userAgent?: string | null;
  fbc?: string | null;
  fbp?: string | null;
  /** SHA-256 hex of the trimmed, lower-cased e-mail (hashEmail), never the address itself. */
  email?: string | null;
  sourceUrl?: string | null;
  /** The browser's event id (`x-ad-event-id`), when it sent a well-formed one. */
  eventId?: string | null;
};
