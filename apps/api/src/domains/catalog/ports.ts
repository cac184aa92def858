/**
 * What the catalog domain reads of data owned by domains that depend on it (benefits, likes,
 * orders, carts: catalog is the base and imports no domain, platform/port.ts). Each owner
 * implements its part over its own tables; src/ports.ts plugs them in. Each is the one statement
 * catalog ran before on those tables, so no page pays a round trip more.
 */
import type { CouponRule } from '@codiroom/shared';
import { definePort } from '../../platform/port.ts';
import type { Conn } from '../../platform/transactions.ts';

/** A member (userId) or a guest (guestId); neither for a caller without an identity. */
export type Viewer = { userId: number | null; guestId: string | null };

/** A product display with a count (co-likes, co-purchases). */
export type DisplayCount = { id: number; n: number };

export type CatalogPorts = {
  /**
   * The running event coupons of displays (benefits): the rules of the downloadable, active line
   * coupons scoped to PRODUCT_DISPLAY whose window holds `now` and whose total limit is not used
   * up, of the given displays or of every display (null); `id` is the policy id.
   */
  runningEventCoupons(db: Conn, displayIds: readonly number[] | null, now: Date): Promise<CouponRule[]>;
  /** Products liked by the people who liked display `id`, with how many of them, the most first (likes). */
  coLikedProducts(db: Conn, id: number): Promise<DisplayCount[]>;
  /** Products bought by the members who bought display `id`, with how many times, the most first (orders). */
  coBoughtProducts(db: Conn, id: number): Promise<DisplayCount[]>;
  /** The displays the viewer liked, newest like first, `limit` at most (likes). */
  likedDisplayIds(db: Conn, who: Viewer, limit: number): Promise<number[]>;
  /** The displays in the viewer's cart, `limit` lines at most (carts). */
  cartDisplayIds(db: Conn, who: Viewer, limit: number): Promise<number[]>;
};

export const catalogPorts = definePort<CatalogPorts>('catalog');

/** Plugs in the implementations (src/ports.ts). */
export const provideCatalogPorts = (ports: CatalogPorts): void => catalogPorts.provide(ports);
