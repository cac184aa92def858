/**
 * The catalogue as other domains use it: the product read model (cards with brand, live price and
 * stock — product-read.ts), the live-price reads that carts and orders price lines with, the
 * sellable-stock and running-time-sale rules, and the card queries other domains page through.
 */
export { cached } from './cache.ts';
export { type LiveSource, msToNextPriceChange, runningTimeSales, timeSalesFromJson } from './live-prices.ts';
export { codiIdsWith, toTextArray } from './matching.ts';
export { userPreferredProducts } from './preferred.ts';
export { activeRow as activeDisplayRow } from './product-page.ts';
export { liveCards, readCardsByIds } from './product-read.ts';
export { LOW_STOCK_MAX, parseId } from './products.ts';
export {
  activeCardsByIds,
  type CardRow,
  cardColumns,
  listProductCards,
  pageInfo,
  pageLinkedCards,
  productCardsByIds,
  toCard,
} from './repository.ts';
export { recordViewSignal } from './signals.ts';
export { sellableStock, sellableStockColumn, sellableStockSql } from './stock.ts';
export { timeSaleRunning, timeSaleRunningAt } from './time-sale.ts';
