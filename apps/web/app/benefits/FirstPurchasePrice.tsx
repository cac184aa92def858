/**
 * The product page's "첫 구매 시 N원" (docs/ARCHITECTURE.md, 'Prices'): the price checkout gives for
 * one unit bought alone with the first-purchase coupon, read from GET /api/products/{id}/benefits
 * because it is the viewer's (guests: the coupon sign-up gives; members: only while they hold it
 * unused and have not bought yet). Nothing shows when the API promises none. The answer is the one
 * the coupon-download block reads (useProductBenefits: one request), and it comes after the page is
 * drawn, so the line's height is always kept (the `slot`): filling it moves nothing (CLS).
 */
import { formatWon } from '@codiroom/shared';
import { useProductBenefits } from './product-benefits';

export function FirstPurchasePrice({
  productDisplayId,
  className,
  slotClassName,
}: {
  productDisplayId: number;
  className?: string;
  /** The always-drawn container holding the line's height. */
  slotClassName?: string;
}) {
  const { data } = useProductBenefits(productDisplayId);
  const price = data?.first_discount_price ?? null;
  return (
    // data-answered: the answer has been drawn (label or not), for the journeys to wait on.
    <div className={slotClassName} data-testid="first-price-slot" data-answered={data !== undefined}>
      {price !== null && (
        <p className={className} data-testid="first-price">
          첫 구매 시 <strong>{formatWon(price)}</strong>
        </p>
      )}
    </div>
  );
}
