/**
 * What the back office reads from the /api/admin/* answers whose zod schema is still declared
 * inline in apps/api (admin-responses.ts maps each call to its type here): each type is
 * transcribed from that route's `response: { 200: … }` schema (loose objects: the fields the
 * screens read). A change to one of those schemas changes its type here.
 */
import type { AuditLogEntry } from './admin-schemas.ts';
import type { ReturnStep } from './order-state.ts';
import type { ProductCard } from './schemas.ts';
import type { TicketDetail, TicketSummary } from './support.ts';
import type { DayGate } from './time.ts';

/** A list paged on the server: `total` rows in all, this `page`'s rows in `result`. */
export type AdminPage<Row> = { total: number; page: number; result: Row[] };

/** GET /api/admin/audit-logs: newest first; `next_before` pages on. */
export type AdminAuditPage = { result: AuditLogEntry[]; next_before: number | null };

/** GET /api/admin/banners (BannerView). */
export type AdminBanner = {
  id: number;
  placement: string;
  title: string;
  subtitle: string;
  image_url: string;
  link_url: string;
  starts_at: string | null;
  ends_at: string | null;
  is_active: boolean;
  days: DayGate;
  state: 'SHOWN' | 'SCHEDULED' | 'ENDED' | 'OFF';
};

/** GET /api/admin/brands (BrandView). */
export type AdminBrand = {
  id: number;
  name: string;
  name_en: string;
  slug: string;
  shipping_fee: number;
  free_shipping_min: number;
  fast_shipping_cutoff: number | null;
  products: number;
};

/** GET /api/admin/claims: a return or exchange request with its item and order. */
export type AdminClaimRow = {
  id: number;
  kind: 'refund' | 'exchange';
  order_id: number;
  order_no: string;
  order_item_id: number;
  name: string;
  size_name: string;
  color_name: string;
  exchange_to: string | null;
  reason: string;
  paid_amount: number;
  amount: number;
  return_cost: number;
  coupon_clawback: number;
  status: string;
  item_status: string;
  decision_note: string | null;
  created_at: string;
  order_number: string;
  reason_label: string;
  step: string | null;
  step_label: string | null;
};

/** GET /api/admin/codis: the outfits and the styles a new one may take. */
export type AdminCodi = {
  id: number;
  title: string;
  style_name: string | null;
  curator_name: string | null;
  image_url: string;
  is_active: boolean;
  like_count: number;
  products: number;
};
export type AdminCodiList = { styles: { id: number; name: string }[]; result: AdminCodi[] };

/** GET /api/admin/coupon-policies (PolicyView). */
export type AdminCouponPolicy = {
  id: number;
  name: string;
  coupon_type: string;
  discount_kind: string;
  discount_value: number;
  max_discount: number | null;
  min_order_amount: number;
  issued_count: number;
  used_count: number;
  serial_count: number;
  serial_redeemed: number;
  serial_code: string | null;
  is_active: boolean;
  starts_at: string | null;
  ends_at: string | null;
};

/** GET /api/admin/curations: the curators' queue and their workload. */
export type AdminCurationRow = {
  id: number;
  user_id: number;
  member_name: string;
  status: string;
  source: string;
  created_at: string;
  publish_at: string | null;
  curator_name: string | null;
  curator_touched_at: string | null;
};
export type AdminCurationQueue = AdminPage<AdminCurationRow> & {
  workload: { curator_name: string; touched_7d: number }[];
};

/** One of the engine's (or the curator's) picks of a curation. */
export type AdminCurationPick = {
  outfit: number;
  role: string;
  size_name: string | null;
  reasons: string[];
  product: ProductCard | null;
  product_display_id: number;
};
/** GET /api/admin/curations/{id} and the curator's changes (View). */
export type AdminCurationView = {
  id: number;
  user_id: number;
  status: string;
  source: string;
  request_styles: string[];
  created_at: string;
  publish_at: string | null;
  curator_name: string | null;
  curator_note: string | null;
  engine_note: string | null;
  answers: Record<string, unknown>;
  size_info: {
    height: number | null;
    weight: number | null;
    fit_preference: string | null;
    sizes: Record<string, string>;
  };
  photos: { id: number; photo_type: string; image_url: string }[];
  items: AdminCurationPick[];
};

export type AdminFunnelStep = { step: 'product_view' | 'cart' | 'order'; visitors: number; rate: number };
/** The dashboard's first-party analytics (GET /api/admin/dashboard). */
export type AdminAnalytics = {
  top_pages: { name: string; views: number; visitors: number }[];
  sections: { name: string; events: number; visitors: number }[];
  page_views_by_device: { device: string; views: number; visitors: number }[];
  funnel: AdminFunnelStep[];
  funnel_by_group: { ab_group: string; steps: AdminFunnelStep[] }[];
  campaigns: {
    campaign_code: number;
    utm_source: string;
    utm_medium: string;
    utm_campaign: string;
    visits: number;
    sign_ups: number;
    orders: number;
    sales: number;
  }[];
};
export type AdminTotals = {
  sales: number;
  orders: number;
  average_order_value: number;
  sessions: number;
  conversion: number;
  cancelled_items: number;
  returns: number;
  refunded_amount: number;
};
/** GET /api/admin/dashboard. */
export type AdminDashboard = AdminAnalytics & {
  generated_at: string;
  today: AdminTotals;
  last_30_days: AdminTotals;
  daily: { day: string; sales: number; orders: number; sessions: number; page_views: number }[];
  top_products: { display_id: number; name: string; brand_name: string; quantity: number; sales: number }[];
  top_searches: { keyword: string; searches: number }[];
  zero_result_searches: { keyword: string; searches: number }[];
  low_stock: {
    product_item_id: number;
    product_id: number;
    name: string;
    color_name: string;
    size_name: string;
    stock: number;
  }[];
};

/** GET /api/admin/members (MemberRow). */
export type AdminMemberRow = {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  is_active: boolean;
  created_at: string;
};
/** GET /api/admin/members/{id}: the member with orders, coupons and tickets. */
export type AdminMemberOverview = AdminMemberRow & {
  height: number | null;
  weight: number | null;
  stopped_at: string | null;
  points: number;
  order_count: number;
  review_count: number;
  orders: {
    id: number;
    order_no: string;
    order_name: string;
    status_label: string;
    amount: number;
    created_at: string;
  }[];
  coupons: { id: number; name: string; expires_at: string }[];
  tickets: { id: number; title: string; status: string; created_at: string }[];
};
/** POST /api/admin/members/{id}/reveal: the member's personal data unmasked (audited). */
export type AdminMemberRevealed = {
  name: string;
  phone: string | null;
  email: string | null;
  addresses: {
    name: string;
    recipient: string;
    phone: string;
    zipcode: string;
    main_address: string;
    detail_address: string;
    is_default: boolean;
  }[];
};
/** POST /api/admin/members/{id}/points. */
export type AdminPointGrant = { user_id: number; moved: number; balance: number; repeated: boolean };

/** GET /api/admin/missions. */
export type AdminMission = {
  id: number;
  code: string;
  title: string;
  point: number;
  is_active: boolean;
  completions: number;
};

/** GET /api/admin/orders. */
export type AdminOrderRow = {
  id: number;
  order_no: string;
  order_name: string;
  status: string;
  status_label: string;
  state_label: string;
  amount: number;
  recipient: string | null;
  phone: string | null;
  paid_at: string | null;
  created_at: string;
};
/** POST /api/admin/orders/{id}/reveal: the names and phones the order shows masked (audited). */
export type AdminOrderRevealed = {
  orderer: { name: string | null; phone: string | null };
  address: { recipient: string | null; phone: string | null };
};
/** GET /api/admin/orders/items/{id}/refund-preview: a return's next step and what it refunds. */
export type AdminRefundPreview = {
  step: ReturnStep;
  refundable: boolean;
  paid_amount: number;
  return_cost: number;
  coupon_clawback: number;
  refund_amount: number;
  points_back: number;
  coupon_restored: boolean;
};
/** POST /api/admin/orders/items/{id}/claim: the decision; an approved return gives points back. */
export type AdminClaimDecision = {
  order_item_id: number;
  claim_id: number;
  kind: 'refund' | 'exchange';
  decision: 'approve' | 'reject';
  status: string;
  points_back: number;
};

/** GET /api/admin/posts (PostView). */
export type AdminPost = {
  id: number;
  title: string;
  category: string;
  author: string;
  status: string;
  cover_image_url: string;
  view_count: number;
  published_at: string;
};

/** GET /api/admin/promotions. */
export type AdminPromotion = {
  id: number;
  title: string;
  promotion_type: string;
  benefit_label: string | null;
  starts_at: string;
  ends_at: string;
  is_active: boolean;
  running: boolean;
  products: number;
};

/** GET /api/admin/reviews (QueueRow). */
export type AdminReviewRow = {
  id: number;
  product_display_id: number;
  product_name: string;
  user_name: string;
  rating: number;
  content: string;
  size_name: string | null;
  report_count: number;
  helpful_count: number;
  credit_paid: number;
  hidden_at: string | null;
  hidden_reason: string | null;
  created_at: string;
  photos: string[];
  reports: { reason: string; detail: string | null }[];
};
/** POST /api/admin/reviews/{id}/hide: the review credit taken back. */
export type AdminReviewHidden = { review_id: number; hidden: boolean; credit_revoked: number };

/** GET /api/admin/tickets. */
export type AdminTicketRow = TicketSummary & { user_id: number; assignee: string | null; updated_at: string };
/** GET /api/admin/tickets/{id} and its changes (AdminTicket). */
export type AdminTicket = TicketDetail & { user_id: number; assignee_operator_id: number | null };
/** GET /api/admin/tickets/templates: the answer templates. */
export type AdminTicketTemplates = { result: { title: string; body: string }[] };

/** GET /api/admin/time-sales. */
export type AdminTimeSale = {
  id: number;
  title: string;
  starts_at: string;
  ends_at: string;
  state: 'SCHEDULED' | 'RUNNING' | 'HIDDEN' | 'ENDED';
  items: number;
  sold: number;
};

/** POST /api/admin/auth/totp/setup: the secret to add to an authenticator app. */
export type AdminTotpSetup = { secret: string; otpauth_uri: string };

/** A CSV upload's outcome: every row (refused ones with their error), applied and refused. */
export type AdminCsvOutcome = {
  dry_run: boolean;
  rows: { error: string | null }[];
  applied: number;
  refused: number;
};
/** POST /api/admin/catalog/csv: stock or prices, each row with its before and after. */
export type AdminCatalogCsvResult = {
  kind: 'stock' | 'price';
  dry_run: boolean;
  rows: {
    line: number;
    id: number | null;
    sku: string | null;
    before: Record<string, number> | null;
    after: Record<string, number> | null;
    error: string | null;
  }[];
  applied: number;
  refused: number;
};
/** POST /api/admin/orders/ship-csv: shipping, each row with its item. */
export type AdminShipCsvResult = {
  dry_run: boolean;
  rows: {
    line: number;
    order_item_id: number | null;
    name: string | null;
    carrier_code: string | null;
    tracking_number: string | null;
    error: string | null;
  }[];
  applied: number;
  refused: number;
};
