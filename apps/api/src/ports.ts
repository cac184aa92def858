/**
 * The composition root's ports (platform/port.ts; docs/ARCHITECTURE.md, "The dependency rule"):
 * where a domain reads data owned by a domain that depends on it, the consumer declares the port
 * and the owner implements it; they meet here, at start (buildApp, the one start of every process).
 */
import { provideBenefitsPorts, runningEventCoupons } from './domains/benefits/index.ts';
import { cartDisplayIds } from './domains/carts/index.ts';
import { provideCatalogPorts } from './domains/catalog/index.ts';
import { curationMissionFacts, provideCurationPorts, tookStyleQuiz } from './domains/curations/index.ts';
import { coLikedProducts, likedDisplayIds } from './domains/likes/index.ts';
import { coBoughtProducts, hasPaidOrder, keptDisplayIds, unpaidOrders } from './domains/orders/index.ts';
import { reviewCounts } from './domains/reviews/index.ts';

export function wirePorts(): void {
  // Catalog, the base: event coupons (benefits), co-likes and likes (likes), co-purchases (orders),
  // cart lines (carts).
  provideCatalogPorts({
    runningEventCoupons,
    coLikedProducts,
    coBoughtProducts,
    likedDisplayIds,
    cartDisplayIds,
  });
  // Benefits: paid and unpaid orders (orders), the style quiz and MY큐레이션 facts (curations),
  // review counts (reviews).
  provideBenefitsPorts({
    orders: { hasPaidOrder, unpaidOrders },
    curations: { tookStyleQuiz, missionFacts: curationMissionFacts },
    reviews: { reviewCounts },
  });
  // Curations: what a member bought and kept (orders).
  provideCurationPorts({ keptDisplayIds });
}
