/**
 * Wire schemas of the order and payment calls (API-CATALOGUE.md "Orders"; docs/ARCHITECTURE.md, 'Orders and
 * payments'): order creation from cart lines or product items, Toss-shaped confirmation, order lists and
 * details, cancel, refund (return) and exchange claims, closets and the return cost. Money is integer won;
 * the server computes every amount. Coupon discount and points used are their own fields.
 */
import { z } from 'zod';
import { CART_MAX_QUANTITY } from './constants.ts';
import { CLAIM_REASONS, ORDER_ID_RE, ORDER_ITEM_STATUSES, ORDER_STATUSES } from './orders.ts';
import { DEFAULT_PAYMENT_METHOD, PAYMENT_METHODS } from './payment-methods.ts';
import { Pagination } from './schemas.ts';

const Int = z.number().int();
const Instant = z.iso.datetime();
const Id = z.coerce.number().int().positive().max(2_147_483_647);
const Quantity = z.coerce.number().int().min(1).max(CART_MAX_QUANTITY);

export const OrderIdString = z.string().regex(ORDER_ID_RE, "order_id: 6–64 letters, digits, '-' or '_'");

export const OrderStatusEnum = z.enum(ORDER_STATUSES);
export const OrderItemStatusEnum = z.enum(ORDER_ITEM_STATUSES);
export const ClaimReasonEnum = z.enum(CLAIM_REASONS);

export const OrderLineRequest = z.object({ product_item_id: Id, quantity: Quantity });
export type OrderLineRequest = z.infer<typeof OrderLineRequest>;

export const OrderShippingAddress = z.object({
  recipient: z.string().trim().min(1).max(50),
  phone: z
    .string()
    .trim()
    .regex(/^0\d{1,2}-?\d{3,4}-?\d{4}$/, 'phone: a Korean phone number'),
  zipcode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'zipcode: 5 digits'),
  main_address: z.string().trim().min(1).max(200),
  detail_address: z.string().trim().max(200).default(''),
});
export type OrderShippingAddress = z.infer<typeof OrderShippingAddress>;

export const PaymentMethodEnum = z.enum(PAYMENT_METHODS);

/** The orderer (주문자): the member's name and phone by default, editable at checkout. */
export const OrdererRequest = z.object({
  name: z.string().trim().min(1).max(50),
  phone: z
    .string()
    .trim()
    .regex(/^0\d{1,2}-?\d{3,4}-?\d{4}$/, 'phone: a Korean phone number')
    .transform((v) => v.replaceAll('-', '')),
});

/** POST /api/orders: cart line ids or product items (not both), the address, optional order id. */
export const CreateOrderRequest = z
  .object({
    cart_ids: z.array(Id).min(1).max(100).optional(),
    items: z.array(OrderLineRequest).min(1).max(100).optional(),
    address: OrderShippingAddress,
    delivery_request: z.string().trim().max(200).nullish(),
    /** Client-chosen Toss orderId; the server makes one when absent. */
    order_id: OrderIdString.optional(),
    /**
     * The member's coupons (docs/ARCHITECTURE.md, 'Benefits'), re-validated by the server with evaluateChoice
     * over the order's server-priced lines. Either the exact placement (line_coupons + cart_coupon_ids, as
     * post-coupon3) or just coupon_ids, which the server places for the largest discount (every listed coupon
     * must end up used).
     */
    line_coupons: z
      .array(z.object({ product_item_id: Id, coupon_id: Id }))
      .max(100)
      .optional(),
    cart_coupon_ids: z.array(Id).max(2).optional(),
    coupon_ids: z.array(Id).max(102).optional(),
    /** Points to spend, in 1-won units, at most the balance and the amount left after coupons. */
    point: z.coerce.number().int().min(0).max(2_000_000_000).optional(),
    /** The payment method chosen (payment-methods.ts); one the gateway does not offer is a 400. */
    payment_method: PaymentMethodEnum.default(DEFAULT_PAYMENT_METHOD),
    /** The orderer; absent, the member's own name and phone. */
    orderer: OrdererRequest.optional(),
    /**
     * 배송지 목록에 저장: the address is added to the member's address book (once: an identical
     * saved address is not added again; the first address becomes the default).
     */
    save_address: z.boolean().optional(),
  })
  .refine((b) => (b.cart_ids ? 1 : 0) + (b.items ? 1 : 0) === 1, {
    message: 'give either cart_ids or items',
    path: ['items'],
  })
  .refine((b) => !(b.coupon_ids?.length && (b.line_coupons?.length || b.cart_coupon_ids?.length)), {
    message: 'give either coupon_ids or line_coupons/cart_coupon_ids',
    path: ['coupon_ids'],
  });
export type CreateOrderRequest = z.infer<typeof CreateOrderRequest>;

/** Money of an order, all server-computed. */
export const OrderMoney = z.object({
  total_price: Int,
  product_discount: Int,
  coupon_discount: Int,
  point_used: Int,
  shipping_fee: Int,
  amount: Int,
});
export type OrderMoney = z.infer<typeof OrderMoney>;

export const CreatedOrder = OrderMoney.extend({
  id: Int,
  order_id: z.string(),
  order_name: z.string(),
  status: OrderStatusEnum,
  expires_at: Instant,
  customer_name: z.string(),
  payment_method: PaymentMethodEnum,
  /** The address book entry the checkout address was saved as (or already was), when asked to save it. */
  saved_address_id: Int.nullable(),
});
export type CreatedOrder = z.infer<typeof CreatedOrder>;

/** POST /api/orders/confirm-order (SPEC.md §3). */
export const ConfirmOrderRequest = z.object({
  payment_key: z.string().trim().min(1).max(200),
  order_id: OrderIdString,
  amount: z.coerce.number().int().min(0).max(1_000_000_000),
});
export type ConfirmOrderRequest = z.infer<typeof ConfirmOrderRequest>;

/**
 * POST /api/orders/release-pending (an addition to API-CATALOGUE.md): the shopper is back in the
 * shop after leaving the payment window; their unpaid attempts (only `order_id` when given) end now
 * and give back their stock, coupons and points (docs/ARCHITECTURE.md, 'Reserved until paid').
 */
export const ReleasePendingRequest = z.object({ order_id: OrderIdString.optional() });
export type ReleasePendingRequest = z.infer<typeof ReleasePendingRequest>;
export const ReleasePendingBody = z.object({
  /** The order ids released now (empty: nothing was pending, or its payment is being confirmed). */
  released: z.array(z.string()),
});
export type ReleasePendingBody = z.infer<typeof ReleasePendingBody>;

export const OrderItemBody = z.object({
  id: Int,
  product_item_id: Int,
  product_display_id: Int,
  brand_id: Int,
  brand_name: z.string(),
  name: z.string(),
  image_url: z.string(),
  size_name: z.string(),
  color_name: z.string(),
  quantity: Int,
  /** Unit list price. */
  price: Int,
  /** Unit sale price. */
  price_discount: Int,
  coupon_discount: Int,
  point_used: Int,
  paid_amount: Int,
  /** Coupon discount taken out of this item's refund when it was cancelled or returned (쿠폰 할인 회수). */
  coupon_clawback: Int,
  status: OrderItemStatusEnum,
  status_label: z.string(),
  is_despoke: z.boolean(),
  is_cancellable: z.boolean(),
  shipped_at: Instant.nullable(),
  completed_at: Instant.nullable(),
  /** The parcel once shipped: carrier (CARRIERS), its name, the number and the carrier's tracking page. */
  carrier_code: z.string().nullable(),
  carrier_name: z.string().nullable(),
  tracking_number: z.string().nullable(),
  tracking_url: z.string().nullable(),
});
export type OrderItemBody = z.infer<typeof OrderItemBody>;

export const OrderAddressBody = z.object({
  recipient: z.string().nullable(),
  phone: z.string().nullable(),
  zipcode: z.string().nullable(),
  main_address: z.string().nullable(),
  detail_address: z.string().nullable(),
  delivery_request: z.string().nullable(),
});

export const OrderPaymentBody = z.object({
  provider: z.string(),
  /** The gateway's own name of the method (Toss: 카드, 간편결제, 계좌이체). */
  method: z.string().nullable(),
  /** Toss's `easyPay.provider` (토스페이, 카카오페이, 네이버페이) of an easy-pay payment. */
  easy_pay_provider: z.string().nullable(),
  status: z.string(),
  amount: Int,
  balance_amount: Int,
  approved_at: Instant.nullable(),
});

export const OrderDetail = OrderMoney.extend({
  id: Int,
  order_id: z.string(),
  order_name: z.string(),
  status: OrderStatusEnum,
  status_label: z.string(),
  /** The state the order reads as, from its items (shared orderState): 배송중, 구매확정, 반품완료 … */
  state_label: z.string(),
  created_at: Instant,
  paid_at: Instant.nullable(),
  cancelled_at: Instant.nullable(),
  expires_at: Instant,
  cancelled_amount: Int,
  address: OrderAddressBody,
  /** The orderer as entered at checkout (null on orders from before it was asked). */
  orderer: z.object({ name: z.string().nullable(), phone: z.string().nullable() }),
  /** The payment method chosen at checkout and its label ("간편결제 · 카카오페이"). */
  payment_method: PaymentMethodEnum,
  payment_method_label: z.string(),
  is_address_editable: z.boolean(),
  payment: OrderPaymentBody.nullable(),
  items: z.array(OrderItemBody),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

export const OrderSummary = z.object({
  id: Int,
  order_id: z.string(),
  order_name: z.string(),
  status: OrderStatusEnum,
  status_label: z.string(),
  /** The state the order reads as, from its items (shared orderState). */
  state_label: z.string(),
  amount: Int,
  created_at: Instant,
  items: z.array(OrderItemBody),
});
export type OrderSummary = z.infer<typeof OrderSummary>;

export const OrderList = Pagination.extend({ result: z.array(OrderSummary) });
export type OrderList = z.infer<typeof OrderList>;

export const OrderListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

/** PUT /api/orders/{id}/detail2. */
export const UpdateOrderAddressRequest = z.object({
  address: OrderShippingAddress.optional(),
  delivery_request: z.string().trim().max(200).nullish(),
});

export const OrderByPhoneQuery = z.object({
  phone: z
    .string()
    .trim()
    .regex(/^0\d{1,2}-?\d{3,4}-?\d{4}$/, 'phone: a Korean phone number'),
  order_id: OrderIdString,
});

/** GET /api/orders/data and /product-displays: the checkout form of cart lines or items. */
export const OrderFormQuery = z.object({
  cart_ids: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,99}$/, 'cart_ids: a comma list of ids')
    .optional(),
  product_item_ids: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,99}$/, 'product_item_ids: a comma list of ids')
    .optional(),
  quantities: z
    .string()
    .regex(/^\d{1,2}(,\d{1,2}){0,99}$/, 'quantities: a comma list')
    .optional(),
});

export const OrderFormLine = z.object({
  cart_id: Int.nullable(),
  product_item_id: Int,
  product_display_id: Int,
  brand_id: Int,
  brand_name: z.string(),
  name: z.string(),
  image_url: z.string(),
  size_name: z.string(),
  color_name: z.string(),
  quantity: Int,
  price: Int,
  list_price: Int,
  stock: Int,
  is_sold_out: z.boolean(),
});
export type OrderFormLine = z.infer<typeof OrderFormLine>;

export const SavedAddress = z.object({
  id: Int,
  name: z.string(),
  recipient: z.string(),
  phone: z.string(),
  zipcode: z.string(),
  main_address: z.string(),
  detail_address: z.string(),
  request: z.string().nullable(),
  is_default: z.boolean(),
});

export const OrderForm = z.object({
  lines: z.array(OrderFormLine),
  brands: z.array(
    z.object({
      brand_id: Int,
      brand_name: z.string(),
      subtotal: Int,
      shipping_fee: Int,
      free_shipping_min: Int,
    }),
  ),
  money: OrderMoney,
  user: z.object({ name: z.string(), phone: z.string(), email: z.string().nullable() }),
  addresses: z.array(SavedAddress),
  latest_address: SavedAddress.nullable(),
  is_first_order: z.boolean(),
  /** The member's usable points (after expiry), for the checkout's points field. */
  point_balance: Int,
  payment: z.object({
    provider: z.string(),
    client_key: z.string().nullable(),
    /** The methods the gateway offers, in display order. */
    methods: z.array(PaymentMethodEnum),
  }),
});
export type OrderForm = z.infer<typeof OrderForm>;

/** POST /api/products/product-displays/{id}/calculate-price. */
export const CalculatePriceRequest = z.object({
  items: z.array(OrderLineRequest).min(1).max(50),
  coupon_ids: z.array(Id).max(0, 'coupons are not available yet').optional(),
});
export const CalculatePriceBody = OrderMoney.extend({
  product_display_id: Int,
  lines: z.array(
    z.object({ product_item_id: Int, quantity: Int, price: Int, list_price: Int, line_total: Int }),
  ),
});
export type CalculatePriceBody = z.infer<typeof CalculatePriceBody>;

export const CancelRequest = z.object({ reason: z.string().trim().min(1).max(200).default('고객 요청') });

export const CancelDetail = z.object({
  order_item: OrderItemBody,
  order_id: z.string(),
  is_cancellable: z.boolean(),
  /** What the cancel would refund now (the item, plus shipping when it is the last one). */
  refund_amount: Int,
  /** Already taken out of refund_amount: the coupon discount the items left lose (쿠폰 할인 회수). */
  coupon_clawback: Int,
  refund_method: z.string(),
});

export const CancelResult = z.object({
  order_item_id: Int,
  status: OrderItemStatusEnum,
  cancel_amount: Int,
  coupon_clawback: Int,
  /** Points given back by the cancel (the item's share, or the rest with the last item). */
  points_back: Int,
  order_status: OrderStatusEnum,
  balance_amount: Int,
});

export const RefundRequest = z.object({
  order_item_ids: z.array(Id).min(1).max(50),
  reason_type: ClaimReasonEnum.default('CHANGE_OF_MIND'),
  reason: z.string().trim().min(1).max(500),
});

export const RefundBody = z.object({
  id: Int,
  order_id: z.string(),
  order_item_id: Int,
  name: z.string(),
  reason: z.string(),
  amount: Int,
  return_cost: Int,
  /** Taken out of `amount` with the return cost (쿠폰 할인 회수). */
  coupon_clawback: Int,
  status: z.string(),
  created_at: Instant,
  completed_at: Instant.nullable(),
});
export const RefundList = Pagination.extend({ result: z.array(RefundBody) });

export const ExchangeRequest = z.object({
  order_item_id: Id,
  new_product_item_id: Id,
  reason_type: ClaimReasonEnum.default('SIZE'),
  reason: z.string().trim().min(1).max(500),
});

export const ExchangeBody = z.object({
  id: Int,
  order_item_id: Int,
  new_product_item_id: Int,
  reason: z.string(),
  return_cost: Int,
  status: z.string(),
  created_at: Instant,
});

export const ExchangeOption = z.object({
  product_item_id: Int,
  size_name: z.string(),
  color_name: z.string(),
  stock: Int,
  is_sold_out: z.boolean(),
});

export const ExchangeDetail = z.object({
  order_item: OrderItemBody,
  is_exchangeable: z.boolean(),
  deadline: Instant.nullable(),
  options: z.array(ExchangeOption),
  return_cost: Int,
  exchange: ExchangeBody.nullable(),
});

export const ReturnCostQuery = z.object({
  order_item_id: Id,
  kind: z.enum(['refund', 'exchange']).default('refund'),
  reason_type: ClaimReasonEnum.default('CHANGE_OF_MIND'),
});
export const ReturnCostBody = z.object({
  order_item_id: Int,
  kind: z.enum(['refund', 'exchange']),
  reason_type: ClaimReasonEnum,
  return_cost: Int,
  refund_amount: Int,
  /** Already taken out of refund_amount (쿠폰 할인 회수). */
  coupon_clawback: Int,
  is_within_period: z.boolean(),
  deadline: Instant.nullable(),
});

export const StatusChangeRequest = z.object({
  status: z.string().trim().min(1).max(30),
  reason: z.string().trim().max(200).optional(),
});

export const ClosetItem = z.object({
  order_item_id: Int,
  product_display_id: Int,
  product_item_id: Int,
  name: z.string(),
  brand_name: z.string(),
  image_url: z.string(),
  product_type: z.string(),
  size_name: z.string(),
  color_name: z.string(),
  purchased_at: Instant,
});
export const ClosetPage = Pagination.extend({ result: z.array(ClosetItem) });
export const ClosetQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const UserOrderData = z.object({
  counts: z.record(z.string(), Int),
  order_count: Int,
  total_paid: Int,
});

export const PaymentWebhookRequest = z.object({
  eventType: z.string().max(100),
  createdAt: z.string().max(100).optional(),
  data: z.looseObject({
    paymentKey: z.string().min(1).max(200).optional(),
    orderId: z.string().max(64).optional(),
  }),
});

export const PaymentClientConfig = z.object({ provider: z.string(), client_key: z.string().nullable() });
