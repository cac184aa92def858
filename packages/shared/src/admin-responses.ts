/**
 * The back office's answers (/api/admin/*), keyed like api-responses.ts. Where the API answers
 * with a schema of this package the entry is that schema's output; the other admin routes still
 * declare their schema inline in apps/api, and their entry is the type the back office reads,
 * transcribed from that schema (admin-views.ts). `unknown` marks calls whose answer no screen
 * reads. Every back-office call goes through the typed client with a path of this map.
 */
import type { z } from 'zod';
import type { AdminProductDetail, AdminProductRow, CatalogOptions } from './admin-forms.ts';
import type { OperatorSessionBody, OperatorView } from './admin-schemas.ts';
import type {
  AdminAuditPage,
  AdminBanner,
  AdminBrand,
  AdminCatalogCsvResult,
  AdminClaimDecision,
  AdminClaimRow,
  AdminCodiList,
  AdminCouponPolicy,
  AdminCurationQueue,
  AdminCurationView,
  AdminDashboard,
  AdminMemberOverview,
  AdminMemberRevealed,
  AdminMemberRow,
  AdminMission,
  AdminOrderRevealed,
  AdminOrderRow,
  AdminPage,
  AdminPointGrant,
  AdminPost,
  AdminPromotion,
  AdminRefundPreview,
  AdminReviewHidden,
  AdminReviewRow,
  AdminShipCsvResult,
  AdminTicket,
  AdminTicketRow,
  AdminTicketTemplates,
  AdminTimeSale,
  AdminTotpSetup,
} from './admin-views.ts';
import type { OrderDetail } from './order-schemas.ts';
import type { ReviewImportBody } from './review-schemas.ts';
import type { WebStatusBody } from './schemas.ts';
import type { FemaleLandingListBody, InterestFreeNoticeBody } from './site-content.ts';

type Out<S extends z.ZodType> = z.output<S>;

export interface AdminResponses {
  // Sign-in, operators, audit
  'GET /api/admin/auth/me': Out<typeof OperatorSessionBody>;
  'POST /api/admin/auth/login': Out<typeof OperatorSessionBody>;
  'POST /api/admin/auth/logout': { ok: boolean };
  'POST /api/admin/auth/totp/setup': AdminTotpSetup;
  'POST /api/admin/auth/totp/confirm': Out<typeof OperatorView>;
  'GET /api/admin/operators': { result: Out<typeof OperatorView>[] };
  'POST /api/admin/operators': Out<typeof OperatorView>;
  'PATCH /api/admin/operators/{id}': Out<typeof OperatorView>;
  'GET /api/admin/audit-logs': AdminAuditPage;
  'GET /api/admin/dashboard': AdminDashboard;
  // Catalogue
  'GET /api/admin/catalog/options': Out<typeof CatalogOptions>;
  'POST /api/admin/catalog/csv': AdminCatalogCsvResult;
  'GET /api/admin/products': AdminPage<Out<typeof AdminProductRow>>;
  'POST /api/admin/products': { product_id: number; display_ids: number[] };
  'GET /api/admin/products/{id}': Out<typeof AdminProductDetail>;
  'PUT /api/admin/products/{id}/measurements': { product_id: number; sizes: number };
  'PATCH /api/admin/products/displays/{id}': unknown;
  'POST /api/admin/products/displays/{id}/images': unknown;
  'PATCH /api/admin/products/items/{id}': unknown;
  'GET /api/admin/brands': { result: AdminBrand[] };
  'POST /api/admin/brands': unknown;
  'PATCH /api/admin/brands/{id}': unknown;
  'GET /api/admin/time-sales': AdminPage<AdminTimeSale>;
  'POST /api/admin/time-sales': { id: number };
  'POST /api/admin/time-sales/{id}/end': { id: number; state: 'ENDED'; ends_at: string };
  // Members, orders, claims, reviews, tickets
  'GET /api/admin/members': AdminPage<AdminMemberRow>;
  'GET /api/admin/members/{id}': AdminMemberOverview;
  'POST /api/admin/members/{id}/reveal': AdminMemberRevealed;
  'POST /api/admin/members/{id}/points': AdminPointGrant;
  'GET /api/admin/orders': AdminPage<AdminOrderRow>;
  'GET /api/admin/orders/{id}': Out<typeof OrderDetail>;
  'POST /api/admin/orders/{id}/reveal': AdminOrderRevealed;
  'PUT /api/admin/orders/{id}/address': Out<typeof OrderDetail>;
  'POST /api/admin/orders/items/{id}/ship': unknown;
  'POST /api/admin/orders/items/{id}/status': { order_item_id: number; status: string };
  'POST /api/admin/orders/items/{id}/claim': AdminClaimDecision;
  'POST /api/admin/orders/items/{id}/return-step': unknown;
  'GET /api/admin/orders/items/{id}/refund-preview': AdminRefundPreview;
  'POST /api/admin/orders/ship-csv': AdminShipCsvResult;
  'GET /api/admin/claims': AdminPage<AdminClaimRow>;
  'GET /api/admin/reviews': AdminPage<AdminReviewRow>;
  'POST /api/admin/reviews/{id}/hide': AdminReviewHidden;
  'POST /api/admin/reviews/{id}/unhide': { review_id: number; hidden: boolean };
  'POST /api/admin/reviews/import': Out<typeof ReviewImportBody>;
  'GET /api/admin/tickets': AdminPage<AdminTicketRow>;
  'GET /api/admin/tickets/templates': AdminTicketTemplates;
  'GET /api/admin/tickets/{id}': AdminTicket;
  'POST /api/admin/tickets/{id}/assign': AdminTicket;
  'POST /api/admin/tickets/{id}/answer': AdminTicket;
  'POST /api/admin/tickets/{id}/close': AdminTicket;
  // Benefits
  'GET /api/admin/coupon-policies': AdminPage<AdminCouponPolicy>;
  'POST /api/admin/coupon-policies': AdminCouponPolicy;
  'PATCH /api/admin/coupon-policies/{id}': AdminCouponPolicy;
  'POST /api/admin/coupon-policies/{id}/serials': { coupon_policy_id: number; batch: number; count: number };
  'GET /api/admin/missions': { result: AdminMission[] };
  'POST /api/admin/missions': unknown;
  'PATCH /api/admin/missions/{id}': unknown;
  // Curations
  'GET /api/admin/curations': AdminCurationQueue;
  'GET /api/admin/curations/{id}': AdminCurationView;
  'PUT /api/admin/curations/{id}/items': AdminCurationView;
  'PUT /api/admin/curations/{id}/note': AdminCurationView;
  'POST /api/admin/curations/{id}/publish': AdminCurationView;
  // Contents and the shop's state
  'GET /api/admin/banners': { result: AdminBanner[] };
  'POST /api/admin/banners': AdminBanner;
  'PATCH /api/admin/banners/{id}': AdminBanner;
  'POST /api/admin/banners/{id}/image': { id: number; image_url: string };
  'GET /api/admin/posts': AdminPage<AdminPost>;
  'POST /api/admin/posts': unknown;
  'PATCH /api/admin/posts/{id}': unknown;
  'POST /api/admin/posts/{id}/cover': { id: number; cover_image_url: string };
  'GET /api/admin/promotions': { result: AdminPromotion[] };
  'POST /api/admin/promotions': { id: number };
  'PATCH /api/admin/promotions/{id}': { id: number; is_active: boolean };
  'GET /api/admin/codis': AdminCodiList;
  'POST /api/admin/codis': { id: number };
  'PATCH /api/admin/codis/{id}': { id: number; is_active: boolean };
  'GET /api/admin/contents/female-landing': Out<typeof FemaleLandingListBody>;
  'POST /api/admin/contents/female-landing': { result: 'SUCCESS'; updated_at: string };
  'PUT /api/admin/contents/interest-free-notice': Out<typeof InterestFreeNoticeBody>;
  'PUT /api/admin/web-status': Out<typeof WebStatusBody>;
}
