/**
 * The product page's "첫 구매 시 N원" (docs/ARCHITECTURE.md, 'Prices'): the price checkout gives for
 * one unit bought alone with the first-purchase coupon, read from GET /api/products/{id}/benefits
 * because it is the viewer's (guests: the coupon sign-up gives; members: only while they hold it
 * unused and have not bought yet). Nothing shows when the API promises none.
 */
import { formatWon, type ProductBenefitsBody } from '@codiroom/shared';
import { useEffect, useState } from 'react';
import { browserApi } from '../lib/browser-api';
import { inOwnTask } from '../lib/tasks';

export function FirstPurchasePrice({
  productDisplayId,
  className,
}: {
  productDisplayId: number;
  className?: string;
}) {
  const [price, setPrice] = useState<number | null>(null);
  useEffect(
    () =>
      inOwnTask(async () => {
        // getOr on purpose: an optional line of the price block; without an answer it is not shown.
        const body = await browserApi().getOr<ProductBenefitsBody | null>(
          `/api/products/${productDisplayId}/benefits`,
          null,
        );
        setPrice(body?.first_discount_price ?? null);
      }),
    [productDisplayId],
  );
  if (price === null) return null;
  return (
    <p className={className} data-testid="first-price">
      첫 구매 시 <strong>{formatWon(price)}</strong>
    </p>
  );
}
